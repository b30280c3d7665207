/**
 * Sentence boundaries of one paragraph, as [from, to) offsets with the surrounding spaces left
 * out. ICU's sentence rules (Intl.Segmenter) know CJK full stops, quotes and "..."; we also
 * end a sentence on "…" before a capital, and three repairs undo ICU splits that would make a
 * voice pause mid-sentence:
 *  - after a title or initial ("Mr.", "Dr.", "J. R. R."), which ICU ends a sentence on;
 *  - before a lower-case continuation (`"Are you sure?" she asked.`);
 *  - before a piece with no letters or digits (a stray quote or ellipsis).
 */
export type Span = readonly [from: number, to: number];

const ABBREVIATIONS = new Set(
  [
    // English titles and common short forms that are followed by a name or number.
    'mr', 'mrs', 'ms', 'mx', 'dr', 'prof', 'st', 'sr', 'jr', 'mt', 'capt', 'col', 'gen', 'lt', 'sgt', 'cpl', 'maj',
    'rev', 'hon', 'fr', 'gov', 'pres', 'sen', 'rep', 'insp', 'det', 'vs', 'approx', 'dept', 'fig', 'vol', 'ch',
    // Portuguese, Spanish, French, Indonesian titles.
    'sra', 'srta', 'dra', 'sto', 'sta', 'ud', 'uds', 'mme', 'mlle', 'mgr', 'jl', 'bpk', 'ibu',
  ],
);

const segmenters = new Map<string, Intl.Segmenter>();

function segmenter(locale: string): Intl.Segmenter {
  let s = segmenters.get(locale);
  if (!s) {
    s = new Intl.Segmenter(Intl.Segmenter.supportedLocalesOf([locale])[0] ?? 'en', { granularity: 'sentence' });
    segmenters.set(locale, s);
  }
  return s;
}

export function splitSentences(paragraph: string, locale = 'en'): Span[] {
  const raw: [number, number][] = [];
  for (const { segment, index } of segmenter(locale).segment(paragraph)) {
    // ICU does not end a sentence on "…" (U+2026) as it does on "...": split before a capital.
    let from = index;
    for (const match of segment.matchAll(/…["'”’»)]*\s+(?=["'“‘«(]*\p{Lu})/gu)) {
      const end = index + match.index + match[0].length;
      raw.push(trimmed(paragraph, from, end));
      from = end;
    }
    raw.push(trimmed(paragraph, from, index + segment.length));
  }
  const merged: [number, number][] = [];
  for (const span of raw) {
    if (span[0] >= span[1]) continue;
    const previous = merged.at(-1);
    if (previous && joins(paragraph, previous, span)) previous[1] = span[1];
    else merged.push([span[0], span[1]]);
  }
  return merged;
}

function joins(text: string, previous: Span, next: Span): boolean {
  const before = text.slice(previous[0], previous[1]);
  const after = text.slice(next[0], next[1]);
  if (!/[\p{L}\p{N}]/u.test(after)) return true;
  // A continuation in lower case: dialogue attribution, or a split ICU should not have made.
  if (/^["'“‘«(\[]*\p{Ll}/u.test(after)) return true;
  const lastWord = /(?:^|[\s"'“‘«(\[])([\p{L}.]+)\.$/u.exec(before)?.[1];
  if (!lastWord) return false;
  if (ABBREVIATIONS.has(lastWord.toLowerCase())) return true;
  // An initial ("J." in "J. R. R. Tolkien") before a capitalised word.
  return /^\p{Lu}$/u.test(lastWord) && /^\p{Lu}/u.test(after);
}

function trimmed(text: string, from: number, to: number): [number, number] {
  while (from < to && /\s/.test(text[from]!)) from++;
  while (to > from && /\s/.test(text[to - 1]!)) to--;
  return [from, to];
}
