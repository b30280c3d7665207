import { phonemeInput } from '../../../integrations/tts/index.ts';

/** One entry of a pronunciation list: a written form and how to say it. */
export interface Pronunciation {
  word: string;
  say: string;
  case_sensitive: boolean;
  /** eSpeak phoneme mnemonics, said instead of `say` by the engines that take them. */
  phonemes?: string;
}

export interface PronouncerOptions {
  /** The engine reads eSpeak phoneme mnemonics (integrations/tts takesPhonemes): entries with phonemes are said by them. */
  phonemes?: boolean;
}

const WORD_CHAR = '[\\p{L}\\p{N}\\p{M}]';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/**
 * A function that puts each written form's respelling (or its phonemes, for an engine that takes
 * them) in place of the whole word, as the speech engines should say it. Whole words only (letters,
 * digits and marks of any script count as part of a word, so "Lin" leaves "Linda" alone); the
 * longest form wins where two overlap ("Wei Wuxian" before "Wei"); a case-insensitive form matches
 * any case. The text shown to readers is not changed.
 */
export function pronouncer(entries: readonly Pronunciation[], options: PronouncerOptions = {}): (text: string) => string {
  if (entries.length === 0) return (text) => text;
  const sorted = [...entries].sort((a, b) => b.word.length - a.word.length);
  const saying = (entry: Pronunciation) => (options.phonemes && entry.phonemes ? phonemeInput(entry.phonemes) : entry.say);
  const exact = new Map<string, string>();
  const folded = new Map<string, string>();
  for (const entry of sorted) {
    if (entry.case_sensitive) exact.set(entry.word, saying(entry));
    else if (!folded.has(entry.word.toLowerCase())) folded.set(entry.word.toLowerCase(), saying(entry));
  }
  const alternatives = sorted.map((entry) => escapeRegExp(entry.word)).join('|');
  const pattern = new RegExp(`(?<!${WORD_CHAR})(?:${alternatives})(?!${WORD_CHAR})`, 'giu');
  return (text) =>
    text.replace(pattern, (found) => exact.get(found) ?? folded.get(found.toLowerCase()) ?? found);
}

/** A site list and a book list as one: the book's entry wins for the same written form. */
export function mergeLists(site: readonly Pronunciation[], book: readonly Pronunciation[]): Pronunciation[] {
  const key = (entry: Pronunciation) => (entry.case_sensitive ? `=${entry.word}` : `~${entry.word.toLowerCase()}`);
  const merged = new Map<string, Pronunciation>();
  for (const entry of site) merged.set(key(entry), entry);
  for (const entry of book) merged.set(key(entry), entry);
  return [...merged.values()];
}

/** The written forms whose saying changed between two versions of a list (added, removed, respelled or given other phonemes). */
export function changedWords(before: readonly Pronunciation[], after: readonly Pronunciation[]): string[] {
  const key = (entry: Pronunciation) => `${entry.case_sensitive ? '=' : '~'}${entry.word}`;
  const saying = (entry: Pronunciation) => JSON.stringify([entry.say, entry.phonemes ?? null]);
  const old = new Map(before.map((entry) => [key(entry), saying(entry)]));
  const now = new Map(after.map((entry) => [key(entry), saying(entry)]));
  const words = new Set<string>();
  for (const [k, say] of now) if (old.get(k) !== say) words.add(k.slice(1));
  for (const k of old.keys()) if (!now.has(k)) words.add(k.slice(1));
  return [...words];
}
