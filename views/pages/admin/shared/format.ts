import { LOCALE_TAGS, type Locale } from '../../../../src/platform/i18n/locale.ts';

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** "850 bytes", "1.2 MB", "3.4 GB" in the reader's locale; decimal units (1 kB = 1,000 bytes). */
export function formatBytes(locale: Locale, bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(LOCALE_TAGS[locale], {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 || value >= 100 ? 0 : 1,
  }).format(value);
}

/** Playing time as m:ss (h:mm:ss from an hour on). */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const s = total % 60;
  const m = Math.floor(total / 60) % 60;
  const h = Math.floor(total / 3600);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** Date and time in the locale's words, in UTC (the server cannot know the reader's zone), zone named. */
export function formatCreated(locale: Locale, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short',
  }).format(date);
}

const ENGINE_NAMES: Record<string, string> = { espeak: 'eSpeak', flite: 'Flite', openai: 'OpenAI' };

/** Engines are products: their names are not translated. */
export function engineName(engine: string): string {
  return ENGINE_NAMES[engine] ?? engine;
}
