import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';
import { markStartedReading } from '../../src/features/library/service.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

type Entry = { book: { slug: string; title: string; chapter_count: number }; shelf: string; progress: null | { slug: string; chapter: number; scroll: number; audio_time: number; updated: string } };

function call(method: string, path: string, session: Session | null, body?: unknown) {
  const headers: Record<string, string> = { accept: 'application/json', origin: TEST_ORIGIN };
  if (session) headers.cookie = session.cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return app.fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}
const library = async (session: Session, query = '') => {
  const res = await call('GET', `/api/library${query}`, session);
  expect(res.status).toBe(200);
  return ((await res.json()) as { books: Entry[] }).books;
};
const slugsOf = (entries: Entry[]) => entries.map((e) => e.book.slug);
const shelvesOf = (entries: Entry[]) => Object.fromEntries(entries.map((e) => [e.book.slug, e.shelf]));

test('every endpoint answers 401 to anonymous callers', async () => {
  const attempts: Array<[string, string, unknown?]> = [
    ['GET', '/api/library'],
    ['POST', '/api/library/morning-bread', {}],
    ['PATCH', '/api/library/morning-bread', { shelf: 'reading' }],
    ['DELETE', '/api/library/morning-bread'],
    ['POST', '/api/library/bulk-remove', { slugs: ['morning-bread'] }],
    ['POST', '/api/library/bulk-shelf', { slugs: ['morning-bread'], shelf: 'reading' }],
  ];
  for (const [method, path, body] of attempts) {
    const res = await call(method, path, null, body);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'unauthorized', message: 'Sign in to continue' });
  }
});

describe('saving, moving, removing one book', () => {
  test('POST saves on plan_to_read by default (201), again is 200 and keeps the shelf, a shelf moves it', async () => {
    const ann = await loginAs(app, 'lib-save');
    const first = await call('POST', '/api/library/morning-bread', ann);
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ slug: 'morning-bread', shelf: 'plan_to_read' });
    const again = await call('POST', '/api/library/morning-bread', ann, {});
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ slug: 'morning-bread', shelf: 'plan_to_read' });
    const moved = await call('POST', '/api/library/morning-bread', ann, { shelf: 'completed' });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toEqual({ slug: 'morning-bread', shelf: 'completed' });
    const direct = await call('POST', '/api/library/salvage-rights', ann, { shelf: 'dropped' });
    expect(direct.status).toBe(201);
    expect(shelvesOf(await library(ann))).toEqual({ 'morning-bread': 'completed', 'salvage-rights': 'dropped' });
  });

  test('POST: unknown book 404, bad shelf and bad slug 400 naming the field', async () => {
    const ann = await loginAs(app, 'lib-save-errors');
    const unknown = await call('POST', '/api/library/no-such-book', ann, {});
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'not_found', message: 'Book not found' });
    const shelf = await call('POST', '/api/library/morning-bread', ann, { shelf: 'favourites' });
    expect(shelf.status).toBe(400);
    expect(((await shelf.json()) as { message: string }).message).toContain('shelf must be one of reading, plan_to_read, completed, dropped');
    const slug = await call('POST', '/api/library/Not_A_Slug', ann, {});
    expect(slug.status).toBe(400);
    expect(((await slug.json()) as { message: string }).message).toContain('slug');
    expect(await library(ann)).toEqual([]);
  });

  test('PATCH moves a saved book; a book not in the library is 404, an unknown book 404, no shelf 400', async () => {
    const ann = await loginAs(app, 'lib-patch');
    const unsaved = await call('PATCH', '/api/library/morning-bread', ann, { shelf: 'reading' });
    expect(unsaved.status).toBe(404);
    expect(await unsaved.json()).toEqual({ error: 'not_found', message: 'This book is not in your library' });
    expect(await library(ann)).toEqual([]); // PATCH never saves
    expect((await call('PATCH', '/api/library/no-such-book', ann, { shelf: 'reading' })).status).toBe(404);
    await call('POST', '/api/library/morning-bread', ann);
    const missing = await call('PATCH', '/api/library/morning-bread', ann, {});
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toContain('shelf');
    const ok = await call('PATCH', '/api/library/morning-bread', ann, { shelf: 'reading' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ slug: 'morning-bread', shelf: 'reading' });
  });

  test('DELETE is 204, again 204 (idempotent for a known book), 404 for an unknown book', async () => {
    const ann = await loginAs(app, 'lib-delete');
    await call('POST', '/api/library/morning-bread', ann);
    await call('POST', '/api/library/ink-and-alibis', ann);
    const res = await call('DELETE', '/api/library/morning-bread', ann);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(slugsOf(await library(ann))).toEqual(['ink-and-alibis']);
    expect((await call('DELETE', '/api/library/morning-bread', ann)).status).toBe(204);
    const unknown = await call('DELETE', '/api/library/no-such-book', ann);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'not_found', message: 'Book not found' });
  });
});

describe('GET /api/library', () => {
  test('saved books only, most recently changed first, with the book, shelf and progress', async () => {
    const ann = await loginAs(app, 'lib-list');
    // Read but not saved: belongs to continue reading, not to the library.
    await call('POST', '/api/progress', ann, { slug: 'the-clockwork-heir', chapter: 2 });
    for (const slug of ['morning-bread', 'salvage-rights', 'ink-and-alibis']) await call('POST', `/api/library/${slug}`, ann);
    await call('POST', '/api/progress', ann, { slug: 'salvage-rights', chapter: 12, scroll: 0.25 });
    let books = await library(ann);
    // Starting salvage-rights moved it from plan_to_read to reading: the most recent change.
    expect(slugsOf(books)).toEqual(['salvage-rights', 'ink-and-alibis', 'morning-bread']);
    expect(Object.keys(books[0]!).sort()).toEqual(['book', 'progress', 'shelf']);
    expect(Object.keys(books[0]!.book).sort()).toEqual(['author', 'chapter_count', 'cover_url', 'description', 'genres', 'has_audio', 'rating_avg', 'rating_count', 'slug', 'status', 'title']);
    expect(books[1]!.progress).toBeNull();
    expect(books[0]!.shelf).toBe('reading');
    expect(books[0]!.progress).toMatchObject({ slug: 'salvage-rights', chapter: 12, scroll: 0.25, audio_time: 0 });
    expect(books[0]!.book).toMatchObject({ title: 'Salvage Rights', chapter_count: 30 });
    // Moving a book makes it the most recently changed; re-saving it on the same shelf does not.
    await call('PATCH', '/api/library/morning-bread', ann, { shelf: 'completed' });
    await call('POST', '/api/library/salvage-rights', ann, { shelf: 'reading' });
    books = await library(ann);
    expect(slugsOf(books)).toEqual(['morning-bread', 'salvage-rights', 'ink-and-alibis']);
  });

  test('?shelf= filters; an unknown shelf is 400 naming it', async () => {
    const ann = await loginAs(app, 'lib-filter');
    // A few milliseconds apart: the embedded database's clock can give two quick saves the same time.
    await call('POST', '/api/library/morning-bread', ann, { shelf: 'reading' });
    await Bun.sleep(5);
    await call('POST', '/api/library/ink-and-alibis', ann, { shelf: 'completed' });
    await Bun.sleep(5);
    await call('POST', '/api/library/salvage-rights', ann, { shelf: 'completed' });
    expect(slugsOf(await library(ann, '?shelf=reading'))).toEqual(['morning-bread']);
    expect(slugsOf(await library(ann, '?shelf=completed'))).toEqual(['salvage-rights', 'ink-and-alibis']);
    expect(await library(ann, '?shelf=dropped')).toEqual([]);
    const bad = await call('GET', '/api/library?shelf=favourites', ann);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'invalid_request', message: 'shelf must be one of reading, plan_to_read, completed, dropped' });
  });

  test('each reader sees only their own library', async () => {
    const ann = await loginAs(app, 'lib-own-a');
    const bob = await loginAs(app, 'lib-own-b');
    await call('POST', '/api/library/morning-bread', ann);
    expect(await library(bob)).toEqual([]);
    const res = await call('POST', '/api/library/bulk-shelf', bob, { slugs: ['morning-bread'], shelf: 'dropped' });
    expect(res.status).toBe(400);
    expect(shelvesOf(await library(ann))).toEqual({ 'morning-bread': 'plan_to_read' });
  });
});

describe('bulk', () => {
  async function stocked(name: string) {
    const session = await loginAs(app, name);
    for (const slug of ['morning-bread', 'salvage-rights', 'ink-and-alibis']) await call('POST', `/api/library/${slug}`, session);
    return session;
  }

  test('bulk-shelf moves every listed book and counts them (duplicates once)', async () => {
    const ann = await stocked('bulk-shelf-ok');
    const res = await call('POST', '/api/library/bulk-shelf', ann, { slugs: ['morning-bread', 'ink-and-alibis', 'morning-bread'], shelf: 'completed' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ updated: 2 });
    expect(shelvesOf(await library(ann))).toEqual({ 'morning-bread': 'completed', 'ink-and-alibis': 'completed', 'salvage-rights': 'plan_to_read' });
  });

  test('bulk-shelf with one slug not in the library, or not a book, changes nothing and names it', async () => {
    const ann = await stocked('bulk-shelf-unknown');
    const before = await library(ann);
    const unsaved = await call('POST', '/api/library/bulk-shelf', ann, { slugs: ['morning-bread', 'the-clockwork-heir'], shelf: 'dropped' });
    expect(unsaved.status).toBe(400);
    expect(await unsaved.json()).toEqual({ error: 'invalid_request', message: 'Not in your library; nothing was changed: the-clockwork-heir', unknown: ['the-clockwork-heir'] });
    const fake = await call('POST', '/api/library/bulk-shelf', ann, { slugs: ['no-such-book', 'ink-and-alibis', 'another-fake'], shelf: 'dropped' });
    expect(fake.status).toBe(400);
    expect(((await fake.json()) as { unknown: string[] }).unknown).toEqual(['no-such-book', 'another-fake']);
    expect(await library(ann)).toEqual(before);
  });

  test('bulk-remove removes the listed books; a book already out counts as done', async () => {
    const ann = await stocked('bulk-remove-ok');
    const res = await call('POST', '/api/library/bulk-remove', ann, { slugs: ['morning-bread', 'salvage-rights', 'the-clockwork-heir'] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ removed: 2 });
    expect(slugsOf(await library(ann))).toEqual(['ink-and-alibis']);
  });

  test('bulk-remove with one unknown slug removes nothing and names it', async () => {
    const ann = await stocked('bulk-remove-unknown');
    const res = await call('POST', '/api/library/bulk-remove', ann, { slugs: ['morning-bread', 'no-such-book', 'salvage-rights'] });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_request', message: 'Not books of this catalogue; nothing was removed: no-such-book', unknown: ['no-such-book'] });
    expect(slugsOf(await library(ann)).sort()).toEqual(['ink-and-alibis', 'morning-bread', 'salvage-rights']);
  });

  test('1 to 500 slugs: none or 501 is 400 naming slugs; a bad shelf is 400', async () => {
    const ann = await stocked('bulk-limits');
    const many = Array.from({ length: 501 }, (_, i) => `book-${i}`);
    for (const [path, body] of [
      ['/api/library/bulk-remove', { slugs: many }],
      ['/api/library/bulk-shelf', { slugs: many, shelf: 'reading' }],
      ['/api/library/bulk-remove', { slugs: [] }],
      ['/api/library/bulk-shelf', { slugs: [], shelf: 'reading' }],
      ['/api/library/bulk-remove', {}],
    ] as const) {
      const res = await call('POST', path, ann, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain('slugs');
    }
    // 500 is allowed: they are all unknown here, so the answer is the unknown-slug 400, not a size error.
    const fiveHundred = await call('POST', '/api/library/bulk-remove', ann, { slugs: many.slice(0, 500) });
    expect(((await fiveHundred.json()) as { unknown: string[] }).unknown).toHaveLength(500);
    const shelf = await call('POST', '/api/library/bulk-shelf', ann, { slugs: ['morning-bread'], shelf: 'later' });
    expect(shelf.status).toBe(400);
    expect(((await shelf.json()) as { message: string }).message).toContain('shelf');
    expect(await library(ann)).toHaveLength(3);
  });
});

test('markStartedReading moves a plan_to_read book to reading and leaves other shelves alone', async () => {
  const ann = await loginAs(app, 'lib-started');
  await call('POST', '/api/library/morning-bread', ann);
  await call('POST', '/api/library/ink-and-alibis', ann, { shelf: 'completed' });
  const db = app.platform.db;
  expect(await markStartedReading(db, ann.user.id, 'morning-bread')).toBe(true);
  expect(await markStartedReading(db, ann.user.id, 'morning-bread')).toBe(false);
  expect(await markStartedReading(db, ann.user.id, 'ink-and-alibis')).toBe(false);
  expect(await markStartedReading(db, ann.user.id, 'salvage-rights')).toBe(false); // not saved: nothing to move
  expect(shelvesOf(await library(ann))).toEqual({ 'morning-bread': 'reading', 'ink-and-alibis': 'completed' });
});
