import { LOCALE_TAGS, type Locale } from '../../../src/platform/i18n/locale.ts';

const STEPS: ReadonlyArray<readonly [unit: Intl.RelativeTimeFormatUnit, seconds: number]> = [
  ['second', 60],
  ['minute', 60 * 60],
  ['hour', 24 * 60 * 60],
  ['day', 7 * 24 * 60 * 60],
];
const UNIT_SECONDS: Record<string, number> = { second: 1, minute: 60, hour: 3600, day: 86400 };

/**
 * "5 minutes ago" / "há 5 minutos" for the last week, then a date ("12 Mar 2025"). Unparseable
 * input is returned as it came (the caller escapes it).
 */
export function formatLastSeen(locale: Locale, iso: string, now: Date): string {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return iso;
  const tag = LOCALE_TAGS[locale];
  const ago = Math.max(0, (now.getTime() - then.getTime()) / 1000);
  if (ago < 45) return new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }).format(0, 'second');
  const step = STEPS.find(([, limit]) => ago < limit);
  if (!step) return new Intl.DateTimeFormat(tag, { dateStyle: 'medium' }).format(then);
  const [unit] = step;
  const amount = Math.floor(ago / UNIT_SECONDS[unit]!);
  return new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }).format(-amount, unit);
}

/** Full date and time in UTC (the server cannot know the reader's zone), for the title of a <time>. */
export function formatDateTime(locale: Locale, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }).format(date);
}
