/**
 * Text reduced to what speech and page always share: letters and digits, in any script, folded
 * (compatibility decomposition, accents dropped, lower case). The narration reads straight quotes,
 * the page shows curly ones; dashes, ellipses, spaces and markup differ too; none of that survives
 * here, so a spoken sentence is found in the page by a plain substring search. CJK text has no
 * spaces and needs none.
 */
export interface Letters {
  /** The folded letters and digits. */
  key: string;
  /** For each character of `key`: where its source character starts in the text… */
  from: number[];
  /** …and where it ends (after any combining marks that follow it). */
  to: number[];
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const MARK = /\p{M}/u;
const FOLDED_AWAY = /[^\p{L}\p{N}]/gu;

export function letters(text: string): Letters {
  const out: Letters = { key: '', from: [], to: [] };
  let i = 0;
  while (i < text.length) {
    const codePoint = text.codePointAt(i)!;
    const char = String.fromCodePoint(codePoint);
    let end = i + char.length;
    if (LETTER_OR_DIGIT.test(char)) {
      while (end < text.length && MARK.test(text[end]!)) end++;
      // One entry per UTF-16 unit, so that positions in `key` index `from` and `to` directly.
      const folded = fold(char);
      out.key += folded;
      for (let unit = 0; unit < folded.length; unit++) {
        out.from.push(i);
        out.to.push(end);
      }
    }
    i = end;
  }
  return out;
}

const folds = new Map<string, string>();

/** One character's folded form: "É" → "e", "ﬁ" → "fi", "½" → "12". */
function fold(char: string): string {
  let folded = folds.get(char);
  if (folded === undefined) {
    folded = char.normalize('NFKD').toLowerCase().replace(FOLDED_AWAY, '');
    if (folds.size < 10_000) folds.set(char, folded);
  }
  return folded;
}
