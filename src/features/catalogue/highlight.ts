import { escapeHtml } from '@kitajs/html';

/**
 * HTML in which the words a reader searched for are wrapped in <mark>. Matches are found on the
 * raw text, then every piece is escaped on its own and only our <mark> tags are added, so no text
 * (the book's or the reader's) is ever injected as markup and no entity is cut in half.
 * A word matches at the start of a word in the text, as the prefix search finds it ("mount" →
 * <mark>Mount</mark>ain).
 */
export function highlight(text: string, words: readonly string[]): string {
  const pattern = matcher(words);
  if (!pattern) return escapeHtml(text);
  let html = '';
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    html += escapeHtml(text.slice(last, start)) + '<mark>' + escapeHtml(match[0]) + '</mark>';
    last = start + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

/** Descriptions with their runs of white space made one space: every search shows the same books again. */
const cleaned = new Map<string, string>();

function clean(text: string): string {
  let result = cleaned.get(text);
  if (result === undefined) {
    result = text.replace(/\s+/g, ' ').trim();
    if (cleaned.size >= 20_000) cleaned.delete(cleaned.keys().next().value!);
    cleaned.set(text, result);
  }
  return result;
}

/** A window of about `length` characters around the first match (or the start), with ellipses. */
export function snippet(text: string, words: readonly string[], length = 180): string {
  const whole = clean(text);
  if (whole.length <= length) return whole;
  const pattern = matcher(words);
  const first = pattern ? Math.max(0, whole.search(pattern)) : 0;
  let start = Math.max(0, first - Math.floor(length / 3));
  // Start and end on word boundaries so no word is shown cut.
  if (start > 0) start = whole.indexOf(' ', start) + 1 || start;
  let end = Math.min(whole.length, start + length);
  if (end < whole.length) end = whole.lastIndexOf(' ', end) > start ? whole.lastIndexOf(' ', end) : end;
  return (start > 0 ? '…' : '') + whole.slice(start, end) + (end < whole.length ? '…' : '');
}

/** Recent matchers: a results page highlights three texts of each of its books with the same words. */
const matchers = new Map<string, RegExp | null>();

function matcher(words: readonly string[]): RegExp | null {
  const key = words.join('\n');
  let pattern = matchers.get(key);
  if (pattern === undefined) {
    const usable = words.filter((word) => word.length > 0);
    // Longest first, so "mountain" wins over "mount" where both match.
    const alternatives = [...usable].sort((a, b) => b.length - a.length).map(escapeRegExp);
    pattern = usable.length ? new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])(?:${alternatives.join('|')})`, 'giu') : null;
    if (matchers.size >= 64) matchers.delete(matchers.keys().next().value!);
    matchers.set(key, pattern);
  }
  return pattern;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
