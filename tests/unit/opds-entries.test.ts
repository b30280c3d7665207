import { describe, expect, test } from 'bun:test';
import { bookEntry } from '../../src/features/opds/entries.ts';
import type { Book } from '../../src/features/catalogue/model.ts';

const BOOK: Book = {
  slug: 'fluss', title: 'Fluß', author: '  ', cover_url: null, description: '', genres: [], status: 'ongoing',
  chapter_count: 3, rating_avg: null, rating_count: 0, has_audio: false,
};
const BASE = 'https://books.example';
const acquisitions = (canExport: boolean, proForSale: boolean) =>
  bookEntry(BOOK, BASE, { canExport, proForSale }, '2026-01-01T00:00:00.000Z').links.filter((l) => l.rel?.startsWith('http://opds-spec.org/acquisition'));

describe('every book entry has exactly one acquisition link (OPDS 1.2 §5.2)', () => {
  test('a reader who may export: the EPUB', () => {
    expect(acquisitions(true, true)).toEqual([{ rel: 'http://opds-spec.org/acquisition', href: `${BASE}/api/export/fluss?auth=basic`, type: 'application/epub+zip' }]);
  });

  test('a reader who may not, where Pro is sold: acquisition/buy to the upgrade page', () => {
    expect(acquisitions(false, true)).toEqual([{ rel: 'http://opds-spec.org/acquisition/buy', href: `${BASE}/pro`, type: 'text/html', title: 'Chapterhouse Pro: download this book as EPUB' }]);
  });

  test('a reader who may not, where nothing is sold: open access to the book read on the website', () => {
    expect(acquisitions(false, false)).toEqual([{ rel: 'http://opds-spec.org/acquisition/open-access', href: `${BASE}/book/fluss`, type: 'text/html', title: 'Read it on Chapterhouse' }]);
  });

  test('a book without an author is "Unknown", the name KOReader then files it under', () => {
    expect(bookEntry(BOOK, BASE, { canExport: true, proForSale: false }, '2026-01-01T00:00:00.000Z').authors).toEqual(['Unknown']);
  });
});
