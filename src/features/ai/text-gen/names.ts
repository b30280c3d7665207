/**
 * Proper names of a book, found in its text without any model: capitalised words that are not only
 * capitalised at the start of a sentence, whose lower-case form never appears (so "The", "Bread"
 * or "Morning" are left out), seen at least `min` times. Most frequent first.
 */
export function properNames(texts: readonly string[], max = 40, min = 2): { word: string; count: number }[] {
  const counts = new Map<string, number>();
  const inside = new Set<string>();
  const lower = new Set<string>();
  const WORD = /[\p{L}\p{M}][\p{L}\p{M}'’-]*/gu;
  for (const text of texts) {
    for (const match of text.matchAll(WORD)) {
      const word = match[0].replace(/['’-]+$/u, '');
      const first = word.charAt(0);
      if (first === first.toLowerCase()) {
        lower.add(word.toLowerCase());
        continue;
      }
      if (word.length < 2 || word === word.toUpperCase()) continue;
      counts.set(word, (counts.get(word) ?? 0) + 1);
      const before = text.slice(Math.max(0, match.index! - 3), match.index).trimEnd();
      if (before !== '' && !/[.!?:;"“”‘’«»—\n#*>]$/u.test(before)) inside.add(word);
    }
  }
  return [...counts]
    .filter(([word, count]) => count >= min && inside.has(word) && !lower.has(word.toLowerCase()))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, max)
    .map(([word, count]) => ({ word, count }));
}
