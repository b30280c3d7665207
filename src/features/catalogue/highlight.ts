import { escapeHtml } from '@kitajs/html';

/**
 * HTML in which the words a reader searched for are wrapped in <mark>. Matches are found on the
 * raw text, then every piece is escaped on its own and only our <mark> tags are added, so no text
 * (the book's or the reader's) is ever injected as markup and no entity is cut in half.
 * A word matches at the start of a word in the text, as the prefix search finds it ("mount" →
 * <mark>Mount</mark>ain).
 */
export function highlight(text: string, words: readonly string[]): string {
  const matches = findMatches(text, words);
  if (matches.length === 0) return escapeHtml(text);
  let html = '';
  let last = 0;
  for (let i = 0; i < matches.length; i += 2) {
    const start = matches[i]!;
    const end = matches[i + 1]!;
    html += escapeHtml(text.slice(last, start)) + '<mark>' + escapeHtml(text.slice(start, end)) + '</mark>';
    last = end;
  }
  return html + escapeHtml(text.slice(last));
}

/** Descriptions with their runs of white space made one space, and lower-cased: every search shows the same books again. */
const cleaned = new Map<string, { whole: string; lower: string }>();

function clean(text: string): { whole: string; lower: string } {
  let result = cleaned.get(text);
  if (result === undefined) {
    const whole = text.replace(/\s+/g, ' ').trim();
    result = { whole, lower: whole.toLowerCase() };
    if (cleaned.size >= 20_000) cleaned.delete(cleaned.keys().next().value!);
    cleaned.set(text, result);
  }
  return result;
}

/** A window of about `length` characters around the first match (or the start), with ellipses. */
export function snippet(text: string, words: readonly string[], length = 180): string {
  const { whole, lower } = clean(text);
  if (whole.length <= length) return whole;
  const first = findMatches(whole, words, 1, lower)[0] ?? 0;
  let start = Math.max(0, first - Math.floor(length / 3));
  // Start and end on word boundaries so no word is shown cut.
  if (start > 0) start = whole.indexOf(' ', start) + 1 || start;
  let end = Math.min(whole.length, start + length);
  if (end < whole.length) end = whole.lastIndexOf(' ', end) > start ? whole.lastIndexOf(' ', end) : end;
  return (start > 0 ? '…' : '') + whole.slice(start, end) + (end < whole.length ? '…' : '');
}

const WORD_CHARACTER = /[\p{L}\p{M}\p{N}]/u;

/**
 * Where the words match in the text, as [start, end, start, end, …]: each at the start of a word
 * of the text (not after a letter, mark or digit), without case, left to right without overlaps,
 * the longest word where several start at one place. The text is lower-cased once and searched
 * with indexOf (a results page runs this on three texts of each of its books; a Unicode regular
 * expression with a look-behind cost several times more). A text whose lower case is not as long
 * as itself (a few letters, like "İ") is searched with the regular expression instead, so the
 * positions stay the text's own.
 */
function findMatches(text: string, words: readonly string[], limit = Infinity, lower = text.toLowerCase()): number[] {
  const usable = words.filter((word) => word.length > 0).map((word) => word.toLowerCase());
  if (usable.length === 0) return [];
  if (lower.length !== text.length) return regexMatches(text, usable, limit);
  const found: number[] = [];
  // The next place each word occurs at the start of a word, at or after `from` (-1: nowhere).
  const next = usable.map(() => -2);
  let from = 0;
  while (found.length < limit * 2) {
    let start = -1;
    let length = 0;
    for (let w = 0; w < usable.length; w++) {
      const word = usable[w]!;
      let at = next[w]!;
      if (at !== -1 && at < from) {
        at = lower.indexOf(word, from);
        while (at > 0 && WORD_CHARACTER.test(String.fromCodePoint(text.codePointAt(at - 1 - (isLowSurrogate(text, at - 1) ? 1 : 0))!))) at = lower.indexOf(word, at + 1);
        next[w] = at;
      }
      if (at !== -1 && (start === -1 || at < start || (at === start && word.length > length))) {
        start = at;
        length = word.length;
      }
    }
    if (start === -1) break;
    found.push(start, start + length);
    from = start + length;
  }
  return found;
}

function isLowSurrogate(text: string, index: number): boolean {
  const unit = text.charCodeAt(index);
  return unit >= 0xdc00 && unit <= 0xdfff && index > 0;
}

function regexMatches(text: string, words: string[], limit: number): number[] {
  // Longest first, so "mountain" wins over "mount" where both match.
  const alternatives = [...words].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])(?:${alternatives.join('|')})`, 'giu');
  const found: number[] = [];
  for (const match of text.matchAll(pattern)) {
    if (found.length >= limit * 2) break;
    found.push(match.index, match.index + match[0].length);
  }
  return found;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
