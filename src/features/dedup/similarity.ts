/**
 * Near-duplicate text: chapters scraped twice (a mirror, a re-upload with a typo fixed, a
 * watermark that differs) are the same chapter to a reader. Texts are normalised (case, markup,
 * punctuation, spacing) and compared by their sets of word 4-grams (Jaccard), which is linear in
 * the text's length, unlike an edit distance over ten thousand characters.
 */
export const NEAR_DUPLICATE = 0.9;
const GRAM = 4;

export function normalise(markdown: string): string {
  return markdown
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[`*_>#~\[\]()!|]/g, ' ')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function shingles(normalised: string): Set<string> {
  const words = normalised.split(' ').filter(Boolean);
  const grams = new Set<string>();
  if (words.length < GRAM) {
    if (words.length) grams.add(words.join(' '));
    return grams;
  }
  for (let i = 0; i + GRAM <= words.length; i++) grams.add(words.slice(i, i + GRAM).join(' '));
  return grams;
}

export function similarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  const [small, large] = a.size < b.size ? [a, b] : [b, a];
  // Sizes alone bound Jaccard: far apart means far apart, without looking.
  if (small.size / large.size < NEAR_DUPLICATE - 0.05) return small.size / large.size;
  let shared = 0;
  for (const gram of small) if (large.has(gram)) shared++;
  return shared / (a.size + b.size - shared);
}

/** The chapter number a title claims ("Chapter 12: …", "Ch. 12", "第12章"), or null. */
export function claimedNumber(title: string): number | null {
  const match = /^\s*(?:chapter|ch\.?|chap\.?|episode|ep\.?|capítulo|capitulo|chapitre|bab)\s*(\d{1,6})\b/i.exec(title) ?? /^\s*第\s*(\d{1,6})\s*[章话話]/.exec(title) ?? /^\s*(\d{1,6})\s*[:.\-–—]/.exec(title);
  return match ? Number(match[1]) : null;
}
