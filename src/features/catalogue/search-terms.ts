/**
 * What a reader typed, reduced to plain words. Only letters, digits and combining marks survive,
 * so nothing a person types can become tsquery syntax (& | ! : * ( ) < > quotes) or reach SQL
 * as anything but a bound parameter.
 */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/** More words add nothing to finding a book and make every query slower. */
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 60;

export interface SearchTerms {
  /** Lower-case words, in the order typed, without duplicates. */
  words: string[];
  /** `'word1':* & 'word2':*` for to_tsquery('simple', …): every word, each as a prefix. Empty when no words. */
  tsquery: string;
  /** The words joined by spaces, compared with pg_trgm against titles and authors (typos). */
  fuzzy: string;
}

export function searchTerms(input: string): SearchTerms {
  const found = input.normalize('NFC').toLowerCase().match(WORD) ?? [];
  const words = [...new Set(found.map((word) => word.slice(0, MAX_WORD_LENGTH)))].slice(0, MAX_WORDS);
  // Quoted lexemes as well: even a future change to WORD could not smuggle an operator in. A
  // one-letter word is matched whole: as a prefix it would match nearly every book.
  const tsquery = words.map((word) => `'${word.replace(/'/g, "''")}'${[...word].length > 1 ? ':*' : ''}`).join(' & ');
  // Trigrams of a single letter resemble too much to be worth comparing, unless nothing else was typed.
  const longer = words.filter((word) => [...word].length > 1);
  return { words, tsquery, fuzzy: (longer.length > 0 ? longer : words).join(' ') };
}
