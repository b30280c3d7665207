/**
 * Translation and locale negotiation. Catalogues live in ./catalogues (one file per locale, same keys).
 *
 * Counted phrases: pass `count` and a base key; `t('book.chapters', { count: 3 })` looks up
 * `book.chapters_other` (the suffix comes from Intl.PluralRules: zero/one/two/few/many/other),
 * then falls back to `_other`. Number parameters are formatted for the locale (1,234 / 1.234).
 */
import { catalogues, type MessageKey } from './catalogues/index.ts';
import { LOCALES, LOCALE_TAGS, type Locale } from './locale.ts';

export type { MessageKey };
export type Params = Record<string, string | number>;
/** t() of one locale, as pages and notifications receive it. */
export type Translate = (key: string, params?: Params) => string;

export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(x: unknown): x is Locale {
  return typeof x === 'string' && (LOCALES as readonly string[]).includes(x);
}

const pluralRules = new Map<Locale, Intl.PluralRules>();
const numberFormats = new Map<Locale, Intl.NumberFormat>();

/** Plural categories of the counts pages show most (0–999), worked out once per locale. */
const smallPlurals = new Map<Locale, Intl.LDMLPluralRule[]>();

function pluralOf(locale: Locale, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(LOCALE_TAGS[locale])));
  if (!Number.isInteger(count) || count < 0 || count >= 1000) return rules.select(count);
  let small = smallPlurals.get(locale);
  if (!small) smallPlurals.set(locale, (small = []));
  return (small[count] ??= rules.select(count));
}

export function formatNumber(locale: Locale, n: number): string {
  // Below a thousand no locale here groups digits or writes them otherwise: skip Intl (most chapter numbers).
  if (Number.isInteger(n) && n >= 0 && n < 1000) return String(n);
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(LOCALE_TAGS[locale])));
  return format.format(n);
}

function lookup(locale: Locale, key: string, count: unknown): string | undefined {
  const messages: Record<string, string> = catalogues[locale];
  if (key in messages) return messages[key];
  if (typeof count !== 'number') return undefined;
  return messages[`${key}_${pluralOf(locale, count)}`] ?? messages[`${key}_other`];
}

/** A message cut at its {placeholders}: texts at even places, names at odd ones (cut once per message). */
const compiled = new Map<string, string[]>();

function partsOf(message: string): string[] {
  let parts = compiled.get(message);
  if (!parts) compiled.set(message, (parts = message.split(/\{(\w+)\}/)));
  return parts;
}

function interpolate(locale: Locale, message: string, params?: Params): string {
  if (!params) return message;
  const parts = partsOf(message);
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i]!;
    const value = params[name];
    out += (value === undefined ? `{${name}}` : typeof value === 'number' ? formatNumber(locale, value) : value) + parts[i + 1]!;
  }
  return out;
}

/** The message for `key` in `locale`, else in English, else the key itself (visible, never empty). */
export function translate(locale: Locale, key: MessageKey | (string & {}), params?: Params): string {
  const count = params?.count;
  const message = lookup(locale, key, count) ?? lookup(DEFAULT_LOCALE, key, count) ?? key;
  return interpolate(locale, message, params);
}

export function makeTranslator(locale: Locale): Translate {
  return (key, params) => translate(locale, key, params);
}

/**
 * Picks the best supported locale from an Accept-Language header: highest q first (ties keep
 * header order), region ignored ('pt-BR' → 'pt'), q=0 excluded, anything unknown → 'en'.
 */
export function negotiateLocale(acceptLanguageHeader: string | null): Locale {
  if (!acceptLanguageHeader) return DEFAULT_LOCALE;
  const ranges = acceptLanguageHeader
    .split(',')
    .map((part, index) => {
      const [tag = '', ...attributes] = part.trim().split(';');
      const q = attributes.map((a) => a.trim()).find((a) => a.startsWith('q='));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', quality, index };
    })
    .filter((r) => Number.isFinite(r.quality) && r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { base } of ranges) if (isLocale(base)) return base;
  return DEFAULT_LOCALE;
}
