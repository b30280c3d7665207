/**
 * How wide text will be, in em, without a font at hand. The figures are DejaVu Serif Bold's (the
 * serif librsvg falls back to on a bare server, and the widest of the usual serifs) rounded up, so
 * a line that fits here fits in Georgia or Times too.
 */
const NARROW = /^[ijlftrI.,;:!'’‘|()[\]`"“”]$/u;
const WIDE = /^[mwMW@%ЖШЩЮ]$/u;
// East Asian wide scripts and full-width forms: one em each.
const FULL_WIDTH = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]$/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** What a reader sees as one character: a letter with its accents, an emoji with its joiners and skin tone. */
export function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

export function graphemeWidth(grapheme: string): number {
  if (PICTOGRAPH.test(grapheme)) return 1.25;
  const base = String.fromCodePoint(grapheme.codePointAt(0) ?? 32);
  if (base === ' ') return 0.34;
  if (NARROW.test(base)) return 0.42;
  if (WIDE.test(base)) return 1.12;
  if (FULL_WIDTH.test(base)) return 1;
  if (/^\p{Lu}$/u.test(base)) return 0.82;
  if (/^\p{Nd}$/u.test(base)) return 0.7;
  return 0.66;
}

/** Estimated width of a line, in em. */
export function textWidth(text: string): number {
  let width = 0;
  for (const g of graphemes(text)) width += graphemeWidth(g);
  return width;
}

/** Scripts written without spaces between words: a line may break between any two of their characters, with no hyphen. */
export const breaksAnywhere = (grapheme: string) => FULL_WIDTH.test(String.fromCodePoint(grapheme.codePointAt(0) ?? 32));
