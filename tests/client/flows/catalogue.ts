import { expect } from 'bun:test';
import type { Api } from './client.ts';

const DRAGON_BOOK = 'ashes-of-the-dragon-throne';

/** The browse tab: a genre filter, then the second page of everything, two books a page. */
export async function browse(api: Api): Promise<void> {
  const fantasy = await api.GET('/api/browse', { params: { query: { genre: 'fantasy', sort: 'title' } } });
  if (!fantasy.data) throw new Error('browse answered no body');
  expect(fantasy.data.books.length).toBeGreaterThan(0);
  for (const book of fantasy.data.books) expect(book.genres).toContain('Fantasy');
  const titles = fantasy.data.books.map((book) => book.title);
  expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));

  const first = await api.GET('/api/browse', { params: { query: { sort: 'title', limit: 2, page: 1 } } });
  const second = await api.GET('/api/browse', { params: { query: { sort: 'title', limit: 2, page: 2 } } });
  if (!first.data || !second.data) throw new Error('browse answered no body');
  const page: number = second.data.page;
  expect({ page, count: second.data.books.length, has_more: second.data.has_more }).toEqual({ page: 2, count: 2, has_more: true });
  const firstSlugs = first.data.books.map((book) => book.slug);
  for (const book of second.data.books) expect(firstSlugs).not.toContain(book.slug);
}

/** The search box. */
export async function search(api: Api): Promise<void> {
  const { data } = await api.GET('/api/search', { params: { query: { q: 'dragon' } } });
  if (!data) throw new Error('search answered no body');
  expect(data.page).toBe(1);
  expect(data.books.map((book) => book.slug)).toContain(DRAGON_BOOK);
}

/** A search with nothing typed: the app shows the server's message. */
export async function searchWithoutWords(api: Api): Promise<void> {
  const { error, response } = await api.GET('/api/search', { params: { query: { q: ' ' } } });
  expect(response.status).toBe(400);
  const code: string | undefined = error?.error;
  expect({ code, message: error?.message }).toEqual({ code: 'invalid_request', message: 'q is required' });
}

/** The book screen: its card and chapter list. */
export async function book(api: Api, slug: string): Promise<{ title: string; chapterCount: number }> {
  const { data } = await api.GET('/api/book/{slug}', { params: { path: { slug } } });
  if (!data) throw new Error('book answered no body');
  const chapterCount: number = data.book.chapter_count;
  expect(chapterCount).toBeGreaterThan(1);
  expect(data.chapters).toHaveLength(chapterCount);
  const numbers: number[] = data.chapters.map((chapter) => chapter.number);
  expect(numbers).toEqual(Array.from({ length: chapterCount }, (_, i) => i + 1));
  const status: 'ongoing' | 'completed' = data.book.status;
  expect(['ongoing', 'completed']).toContain(status);
  return { title: data.book.title, chapterCount };
}

/** The reader: the first chapter, with a way on and none back. */
export async function chapter(api: Api, slug: string, title: string): Promise<void> {
  const { data } = await api.GET('/api/chapter/{slug}/{n}', { params: { path: { slug, n: 1 } } });
  if (!data) throw new Error('chapter answered no body');
  const next: number | null = data.next;
  expect({ book: data.book, number: data.chapter.number, prev: data.prev, next }).toEqual({ book: { slug, title }, number: 1, prev: null, next: 2 });
  expect(data.chapter.text.length).toBeGreaterThan(200);
  expect(data.chapter.html).toContain('<p>');
}

/** A link to a book that was taken down, and to a chapter past the end. */
export async function missingBookAndChapter(api: Api, slug: string, chapterCount: number): Promise<void> {
  const book = await api.GET('/api/book/{slug}', { params: { path: { slug: 'no-such-book' } } });
  expect(book.response.status).toBe(404);
  const bookCode: string | undefined = book.error?.error;
  expect({ code: bookCode, message: book.error?.message }).toEqual({ code: 'not_found', message: 'Book not found' });

  const chapter = await api.GET('/api/chapter/{slug}/{n}', { params: { path: { slug, n: chapterCount + 1 } } });
  expect(chapter.response.status).toBe(404);
  const chapterCode: string | undefined = chapter.error?.error;
  expect({ code: chapterCode, message: chapter.error?.message }).toEqual({ code: 'not_found', message: 'Chapter not found' });
}

/** The home tab: what the reader is in the middle of. */
export async function home(api: Api, slug: string, chapterNumber: number): Promise<void> {
  const { data } = await api.GET('/api/home');
  if (!data) throw new Error('home answered no body');
  const reading = data.continue_reading.find((entry) => entry.book.slug === slug);
  const at: number | undefined = reading?.chapter;
  expect(at).toBe(chapterNumber);
  expect(data.feed).toEqual([]);
}
