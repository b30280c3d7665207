import { expect, test } from 'bun:test';
import { listingJson } from '../../src/features/catalogue/listing-json.ts';
import type { Book } from '../../src/features/catalogue/model.ts';

const book = (slug: string, title: string): Book => ({
  slug, title, author: 'Mei "Quill" Ishikawa', cover_url: null, description: 'Line one\nline two \u2028 </script> ü 😀', genres: ['Fantasy', 'Wuxia'],
  status: 'ongoing', chapter_count: 12, rating_avg: null, rating_count: 0, has_audio: true,
});

test('a listing answer is exactly what JSON.stringify makes of it, whatever the members', () => {
  const books = [book('a', 'The "First" Lantern'), book('b', 'Ünïcode\ttitle')];
  for (const body of [{ books, page: 2, has_more: true }, { books: [] as Book[], page: 1, has_more: false }, { books }, { books, page: 1, extra: undefined, note: 'x' }]) {
    expect(listingJson(body)).toBe(JSON.stringify(body));
  }
});

test('a changed book (a new object from the index) is written anew; the same object is written once', () => {
  const first = book('a', 'Old title');
  expect(listingJson({ books: [first] })).toContain('Old title');
  const changed = { ...first, title: 'New title' };
  expect(listingJson({ books: [changed] })).toContain('New title');
  expect(listingJson({ books: [first] })).toContain('Old title');
});
