import type { Locale } from '../../platform/i18n/locale.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { isTranslationLocale } from './model.ts';

/**
 * A book's glossary: names and terms with the form they take in a translation, for one locale or
 * for every locale (`*`). A target equal to its source keeps the name as it is. Every piece of a
 * chapter is sent with the entries of its locale, so names stay the same from piece to piece and
 * from chapter to chapter. An entry for the locale wins over a `*` entry of the same source.
 */
export interface GlossaryEntry {
  source: string;
  target: string;
  /** A locale, or `*` for all of them. */
  locale: Locale | '*';
}

export const MAX_GLOSSARY_ENTRIES = 300;
export const MAX_TERM_CHARS = 120;

const clean = (x: string) => x.replace(/\s+/g, ' ').trim();

/** A glossary as the API receives it (`{entries: [...]}`): 400 naming the first bad entry. */
export function parseGlossary(body: unknown): GlossaryEntry[] {
  const entries = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { entries?: unknown }).entries : undefined;
  if (!Array.isArray(entries)) throw badRequest('entries must be a list of {source, target, locale}');
  if (entries.length > MAX_GLOSSARY_ENTRIES) throw badRequest(`A glossary holds at most ${MAX_GLOSSARY_ENTRIES} entries`);
  return dedupe(
    entries.map((raw, i) => {
      const at = `entry ${i + 1}`;
      if (typeof raw !== 'object' || raw === null) throw badRequest(`${at} must be an object {source, target, locale}`);
      const { source, target, locale } = raw as Record<string, unknown>;
      if (typeof source !== 'string' || !clean(source)) throw badRequest(`${at}: source must be a name or term`);
      if (target !== undefined && typeof target !== 'string') throw badRequest(`${at}: target must be text`);
      const where = locale === undefined || locale === '' ? '*' : locale;
      if (where !== '*' && !isTranslationLocale(where)) throw badRequest(`${at}: locale must be one of en, pt, es, fr, id or *`);
      const s = clean(source);
      const tgt = clean((target as string | undefined) ?? '') || s;
      if (s.length > MAX_TERM_CHARS || tgt.length > MAX_TERM_CHARS) throw badRequest(`${at}: source and target are at most ${MAX_TERM_CHARS} characters`);
      return { source: s, target: tgt, locale: where as Locale | '*' };
    }),
  );
}

/** The admin page's text: one entry a line, `source = target` (every locale) or `source = target | fr`. */
export function parseGlossaryText(text: string): GlossaryEntry[] {
  const entries = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line, i) => {
      const [pair = '', locale = ''] = line.split('|').map((x) => x.trim());
      const eq = pair.indexOf('=');
      if (eq < 0) throw badRequest(`Line ${i + 1}: write "source = target" (optionally "| fr")`);
      return { source: pair.slice(0, eq), target: pair.slice(eq + 1), locale: locale || '*' };
    });
  return parseGlossary({ entries });
}

export function glossaryText(entries: readonly GlossaryEntry[]): string {
  return entries.map((e) => `${e.source} = ${e.target}${e.locale === '*' ? '' : ` | ${e.locale}`}`).join('\n');
}

/** The last entry of a source and locale wins. */
function dedupe(entries: GlossaryEntry[]): GlossaryEntry[] {
  const byKey = new Map<string, GlossaryEntry>();
  for (const e of entries) byKey.set(`${e.locale}\u0000${e.source.toLowerCase()}`, e);
  return [...byKey.values()];
}

/** What one locale's translation must follow: its own entries, then the `*` ones it does not override. */
export function entriesFor(entries: readonly GlossaryEntry[], locale: Locale): { source: string; target: string }[] {
  const own = entries.filter((e) => e.locale === locale);
  const taken = new Set(own.map((e) => e.source.toLowerCase()));
  const shared = entries.filter((e) => e.locale === '*' && !taken.has(e.source.toLowerCase()));
  return [...own, ...shared].map(({ source, target }) => ({ source, target }));
}

/** A stored column read back (anything malformed is dropped, never thrown). */
export function storedGlossary(value: unknown): GlossaryEntry[] {
  try {
    return parseGlossary({ entries: Array.isArray(value) ? value : [] });
  } catch {
    return [];
  }
}
