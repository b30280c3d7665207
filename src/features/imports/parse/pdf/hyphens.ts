/**
 * A word broken at a line's end, made whole again. A soft hyphen always goes. Otherwise the book
 * itself is the dictionary: when the joined word appears elsewhere in it ("example") the hyphen
 * goes; when the hyphenated form appears inside a line ("well-known") it stays; a hyphen after a
 * hyphenated stem ("mother-in-") stays; a plain hyphen between two words the book uses on their own
 * ("well" / "known") stays. Failing all that it goes: typesetters break words far more often than
 * writers put compounds at line ends. A capital or a digit after the break keeps the hyphen ("non-European").
 */
export class Vocabulary {
  readonly words = new Set<string>();
  readonly compounds = new Set<string>();

  /** Words inside a line (not the last one, which may be the first half of a broken word). */
  learn(line: string): void {
    const tokens = line.split(/\s+/).filter(Boolean);
    if (/[-\u2010\u00ad]$/.test(tokens.at(-1) ?? '')) tokens.pop();
    for (const token of tokens) {
      const word = /[\p{L}]+(?:[-\u2010][\p{L}]+)*/u.exec(token)?.[0]?.toLowerCase().replace(/\u2010/g, '-');
      if (word) (word.includes('-') ? this.compounds : this.words).add(word);
    }
  }
}

const BROKEN = /(\p{L}+(?:-\p{L}+)*)([-\u2010\u00ad])$/u;

export function joinLines(before: string, after: string, vocabulary: Vocabulary): string {
  // The tail only: `before` is the paragraph so far, and a paragraph may run for pages.
  const broken = BROKEN.exec(before.slice(-64));
  if (!broken) return `${before} ${after}`;
  const [, stem, hyphen] = broken;
  const cut = before.slice(0, -1);
  if (hyphen === '\u00ad') return cut + after;
  // Words set in capitals break like any other: "AN-" + "SWER".
  const next = (/^\p{Lu}+$/u.test(stem!) ? /^\p{Lu}+(?!\p{Ll})/u : /^\p{Ll}+/u).exec(after)?.[0]?.toLowerCase();
  if (!next) return /^[\p{Lu}\p{N}]/u.test(after) ? `${cut}-${after}` : `${before} ${after}`;
  const last = stem!.split('-').at(-1)!.toLowerCase();
  const joined = last + next;
  const compound = `${stem!.toLowerCase()}-${next}`;
  if (vocabulary.words.has(joined)) return cut + after;
  const keep = vocabulary.compounds.has(compound) || stem!.includes('-') || (hyphen === '-' && last.length > 1 && vocabulary.words.has(last) && vocabulary.words.has(next));
  return keep ? `${cut}-${after}` : cut + after;
}
