import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

type Book = { slug: string; title: string; genres: string[] };
/** A reader: a signed-in session, or an anonymous device identified by X-Session-Id. */
type Who = Session | { anon: string };

const ALL_BOOKS = 12; // the demo catalogue
const BOOK_KEYS = ['author', 'chapter_count', 'cover_url', 'description', 'genres', 'has_audio', 'rating_avg', 'rating_count', 'slug', 'status', 'title'];

const anon = (name: string): Who => ({ anon: `discover-${name}`.padEnd(20, '0') });

function headers(who: Who | null, json: boolean): Record<string, string> {
  const h: Record<string, string> = { accept: 'application/json', origin: TEST_ORIGIN };
  if (json) h['content-type'] = 'application/json';
  if (who && 'anon' in who) h['x-session-id'] = who.anon;
  else if (who) h.cookie = who.cookie;
  return h;
}
function call(method: string, path: string, who: Who | null, body?: unknown) {
  return app.fetch(path, { method, headers: headers(who, body !== undefined), body: body === undefined ? undefined : JSON.stringify(body) });
}
async function deck(who: Who, query = ''): Promise<Book[]> {
  const res = await call('GET', `/api/discover${query}`, who);
  expect(res.status).toBe(200);
  return ((await res.json()) as { books: Book[] }).books;
}
const slugs = (books: Book[]) => books.map((b) => b.slug);
async function vote(who: Who, slug: string, action: string, status = 201) {
  const res = await call('POST', '/api/discover/vote', who, { slug, action });
  expect(res.status).toBe(status);
  return res.json();
}
async function library(who: Session): Promise<Record<string, string>> {
  const res = await call('GET', '/api/library', who);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { books: Array<{ book: Book; shelf: string }> };
  return Object.fromEntries(body.books.map((e) => [e.book.slug, e.shelf]));
}
async function votesOf(userId: string) {
  return app.platform.db.selectFrom('discovery_votes').select(['slug', 'action', 'saved_to_library']).where('user_id', '=', userId).orderBy('slug').execute();
}

describe('GET /api/discover', () => {
  test('answers {books} in the catalogue Book shape: 10 by default, `limit` up to 50', async () => {
    const who = anon('shape');
    const books = await deck(who);
    expect(books).toHaveLength(10);
    for (const book of books) expect(Object.keys(book).sort()).toEqual(BOOK_KEYS);
    const wren = (await deck(who, '?limit=50')).find((b) => b.slug === 'the-house-on-wren-street');
    expect(wren).toMatchObject({ title: 'The House on Wren Street', genres: ['Horror', 'Mystery'], status: expect.any(String), chapter_count: expect.any(Number) });
    expect(new Set(slugs(await deck(who, '?limit=50'))).size).toBe(ALL_BOOKS);
    expect(await deck(who, '?limit=3')).toHaveLength(3);
  });

  test('a bad limit is 400 naming it', async () => {
    for (const limit of ['0', '51', 'abc', '2.5']) {
      const res = await call('GET', `/api/discover?limit=${limit}`, anon('limits'));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'invalid_request', message: 'limit must be a whole number from 1 to 50' });
    }
  });

  test('the order is stable for a reader and differs between readers', async () => {
    const a = slugs(await deck(anon('order-a'), '?limit=50'));
    expect(slugs(await deck(anon('order-a'), '?limit=50'))).toEqual(a);
    const others = await Promise.all(['b', 'c', 'd'].map(async (n) => slugs(await deck(anon(`order-${n}`), '?limit=50')).join()));
    expect(others.some((o) => o !== a.join())).toBe(true);
  });

  test('voted books leave the deck; books in the library or being read never show', async () => {
    const reader = await loginAs(app, 'disc-exclude');
    await vote(reader, 'morning-bread', 'like');
    await vote(reader, 'salvage-rights', 'pass');
    expect((await call('POST', '/api/library/ink-and-alibis', reader, {})).status).toBe(201);
    expect((await call('POST', '/api/progress', reader, { slug: 'the-clockwork-heir', chapter: 1 })).status).toBe(200);
    const left = slugs(await deck(reader, '?limit=50'));
    expect(left).toHaveLength(ALL_BOOKS - 4);
    for (const gone of ['morning-bread', 'salvage-rights', 'ink-and-alibis', 'the-clockwork-heir']) expect(left).not.toContain(gone);
  });

  test('genre bias: after liking two Mystery books the deck starts with the third', async () => {
    const reader = await loginAs(app, 'disc-mystery');
    const before = slugs(await deck(reader, '?limit=50'));
    await vote(reader, 'ink-and-alibis', 'like'); // Mystery, Drama
    await vote(reader, 'the-house-on-wren-street', 'like'); // Horror, Mystery
    const after = await deck(reader);
    expect(after[0]!.slug).toBe('the-last-train-to-veld'); // Action, Mystery: the only Mystery book left
    expect(after[1]!.genres).toContain('Drama'); // morning-bread shares the other liked genre
    expect(before.indexOf('the-last-train-to-veld')).not.toBe(-1);
  });

  test('genre bias: two Fantasy likes put the other Fantasy books first; saves count more than likes', async () => {
    const reader = await loginAs(app, 'disc-fantasy');
    await vote(reader, 'ashes-of-the-dragon-throne', 'like'); // Fantasy, Action, Adventure
    await vote(reader, 'the-accidental-dark-lord', 'like'); // Comedy, Fantasy
    const first = slugs(await deck(reader)).slice(0, 2);
    expect(first.sort()).toEqual(['second-chance-academy', 'the-cartographers-daughter']);
    expect(slugs(await deck(reader))[0]).toBe('the-cartographers-daughter'); // Fantasy and Adventure

    // One save of a Science Fiction book (3) outweighs a like's share (2) of Adventure for Veld's rival.
    const saver = await loginAs(app, 'disc-saver');
    await vote(saver, 'the-clockwork-heir', 'save'); // Historical, Science Fiction
    await vote(saver, 'the-last-train-to-veld', 'like'); // Action, Mystery
    const order = slugs(await deck(saver, '?limit=50'));
    expect(order[0]).toBe('salvage-rights'); // Science Fiction (+3) and Adventure
    expect(order.indexOf('salvage-rights')).toBeLessThan(order.indexOf('ink-and-alibis')); // Mystery (+2)
  });

  test('passes weigh a genre down', async () => {
    const reader = anon('passes');
    const before = slugs(await deck(reader, '?limit=50'));
    await vote(reader, 'ink-and-alibis', 'pass');
    await vote(reader, 'the-house-on-wren-street', 'pass');
    const after = slugs(await deck(reader, '?limit=50'));
    expect(after[after.length - 1]).toBe('the-last-train-to-veld');
    expect(before[before.length - 1]).not.toBe(undefined);
  });
});

describe('POST /api/discover/vote', () => {
  test('like, pass and save: 201 with the vote; save puts the book on plan_to_read', async () => {
    const reader = await loginAs(app, 'disc-actions');
    expect(await vote(reader, 'morning-bread', 'like')).toEqual({ slug: 'morning-bread', action: 'like', shelf: null });
    expect(await vote(reader, 'salvage-rights', 'pass')).toEqual({ slug: 'salvage-rights', action: 'pass', shelf: null });
    expect(await vote(reader, 'ink-and-alibis', 'save')).toEqual({ slug: 'ink-and-alibis', action: 'save', shelf: 'plan_to_read' });
    expect(await library(reader)).toEqual({ 'ink-and-alibis': 'plan_to_read' });
    expect(await votesOf(reader.user.id)).toEqual([
      { slug: 'ink-and-alibis', action: 'save', saved_to_library: true },
      { slug: 'morning-bread', action: 'like', saved_to_library: false },
      { slug: 'salvage-rights', action: 'pass', saved_to_library: false },
    ]);
  });

  test('voting again on a book replaces the vote (200), one row per book', async () => {
    const reader = await loginAs(app, 'disc-revote');
    await vote(reader, 'morning-bread', 'like');
    expect(await vote(reader, 'morning-bread', 'pass', 200)).toEqual({ slug: 'morning-bread', action: 'pass', shelf: null });
    expect(await votesOf(reader.user.id)).toEqual([{ slug: 'morning-bread', action: 'pass', saved_to_library: false }]);
    // The replacement is the latest vote: the page offers to undo it.
    const page = await (await app.fetch('/discover', { headers: { cookie: reader.cookie } })).text();
    expect(page).toContain('You passed on Morning Bread.');
  });

  test('saving a book already on a shelf keeps its shelf', async () => {
    const reader = await loginAs(app, 'disc-keep-shelf');
    expect((await call('POST', '/api/library/salvage-rights', reader, { shelf: 'reading' })).status).toBe(201);
    expect(await vote(reader, 'salvage-rights', 'save')).toEqual({ slug: 'salvage-rights', action: 'save', shelf: 'reading' });
    expect(await library(reader)).toEqual({ 'salvage-rights': 'reading' });
    expect(await votesOf(reader.user.id)).toEqual([{ slug: 'salvage-rights', action: 'save', saved_to_library: false }]);
  });

  test('anonymous readers like and pass by session; saving needs an account (401)', async () => {
    const a = anon('anon-a');
    const b = anon('anon-b');
    expect(await vote(a, 'morning-bread', 'like')).toEqual({ slug: 'morning-bread', action: 'like', shelf: null });
    await vote(a, 'salvage-rights', 'pass');
    expect(slugs(await deck(a, '?limit=50'))).not.toContain('morning-bread');
    expect(slugs(await deck(a, '?limit=50'))).toHaveLength(ALL_BOOKS - 2);
    expect(slugs(await deck(b, '?limit=50'))).toHaveLength(ALL_BOOKS);
    const save = await call('POST', '/api/discover/vote', a, { slug: 'ink-and-alibis', action: 'save' });
    expect(save.status).toBe(401);
    expect(await save.json()).toEqual({ error: 'unauthorized', message: 'Sign in to save books' });
    expect(slugs(await deck(a, '?limit=50'))).toContain('ink-and-alibis');
  });

  test('signing in carries the anonymous votes into the account', async () => {
    const device = 'discover-merge-device-01';
    await vote({ anon: device }, 'the-ninth-mountain-sect', 'like');
    const reader = await loginAs(app, 'disc-merge', { sessionId: device });
    expect(await votesOf(reader.user.id)).toEqual([{ slug: 'the-ninth-mountain-sect', action: 'like', saved_to_library: false }]);
    expect(slugs(await deck(reader, '?limit=50'))).not.toContain('the-ninth-mountain-sect');
  });

  test('unknown book 404; bad action, bad or missing slug 400; nothing recorded', async () => {
    const reader = await loginAs(app, 'disc-errors');
    const unknown = await call('POST', '/api/discover/vote', reader, { slug: 'no-such-book', action: 'like' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'not_found', message: 'Book not found' });
    const unknownSave = await call('POST', '/api/discover/vote', reader, { slug: 'no-such-book', action: 'save' });
    expect(unknownSave.status).toBe(404);
    expect(await unknownSave.json()).toEqual({ error: 'not_found', message: 'Book not found' });
    for (const action of ['love', '', 'LIKE', 1]) {
      const res = await call('POST', '/api/discover/vote', reader, { slug: 'morning-bread', action });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain('action must be like, pass or save');
    }
    const noAction = await call('POST', '/api/discover/vote', reader, { slug: 'morning-bread' });
    expect(noAction.status).toBe(400);
    expect(((await noAction.json()) as { message: string }).message).toContain('action must be like, pass or save');
    for (const body of [{ action: 'like' }, { slug: 'Not_A_Slug', action: 'like' }]) {
      const res = await call('POST', '/api/discover/vote', reader, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain('slug must be a book slug');
    }
    expect(await votesOf(reader.user.id)).toEqual([]);
    expect(await library(reader)).toEqual({});
  });

  test('a cross-site form post with the cookie is refused (403)', async () => {
    const reader = await loginAs(app, 'disc-csrf');
    const res = await app.fetch('/api/discover/vote', { method: 'POST', headers: { ...headers(reader, true), origin: 'https://evil.example' }, body: JSON.stringify({ slug: 'morning-bread', action: 'like' }) });
    expect(res.status).toBe(403);
    expect(await votesOf(reader.user.id)).toEqual([]);
  });
});

describe('DELETE /api/discover/vote', () => {
  test('with slug in the query or the body it undoes one vote; the book comes back', async () => {
    const reader = await loginAs(app, 'disc-undo');
    await vote(reader, 'morning-bread', 'like');
    await vote(reader, 'salvage-rights', 'pass');
    await vote(reader, 'ink-and-alibis', 'like');
    const byQuery = await call('DELETE', '/api/discover/vote?slug=morning-bread', reader);
    expect(byQuery.status).toBe(200);
    expect(await byQuery.json()).toEqual({ removed: 1, library_removed: false });
    const byBody = await call('DELETE', '/api/discover/vote', reader, { slug: 'salvage-rights' });
    expect(byBody.status).toBe(200);
    expect(await byBody.json()).toEqual({ removed: 1, library_removed: false });
    expect(await votesOf(reader.user.id)).toEqual([{ slug: 'ink-and-alibis', action: 'like', saved_to_library: false }]);
    const left = slugs(await deck(reader, '?limit=50'));
    expect(left).toContain('morning-bread');
    expect(left).toContain('salvage-rights');
    expect(left).not.toContain('ink-and-alibis');
    // Again: nothing to undo, still fine.
    expect(await (await call('DELETE', '/api/discover/vote?slug=morning-bread', reader)).json()).toEqual({ removed: 0, library_removed: false });
  });

  test('without a slug it clears the deck: every vote of this reader, nobody else’s', async () => {
    const reader = await loginAs(app, 'disc-clear');
    const other = anon('clear-other');
    for (const slug of ['morning-bread', 'salvage-rights', 'ink-and-alibis']) await vote(reader, slug, 'pass');
    await vote(reader, 'the-clockwork-heir', 'save');
    await vote(other, 'morning-bread', 'like');
    const res = await call('DELETE', '/api/discover/vote', reader);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ removed: 4, library_removed: false });
    expect(await votesOf(reader.user.id)).toEqual([]);
    // The library keeps what was saved; a saved book stays out of the deck.
    expect(await library(reader)).toEqual({ 'the-clockwork-heir': 'plan_to_read' });
    expect(slugs(await deck(reader, '?limit=50'))).toHaveLength(ALL_BOOKS - 1);
    expect(slugs(await deck(other, '?limit=50'))).not.toContain('morning-bread');
    expect(await (await call('DELETE', '/api/discover/vote', reader, {})).json()).toEqual({ removed: 0, library_removed: false });
    // An empty body, as some clients send with DELETE, is no body.
    await vote(reader, 'morning-bread', 'pass');
    const empty = await app.fetch('/api/discover/vote', { method: 'DELETE', headers: { ...headers(reader, true), 'content-length': '0' }, body: '' });
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({ removed: 1, library_removed: false });
  });

  test('anonymous readers undo and clear their own votes', async () => {
    const who = anon('anon-undo');
    await vote(who, 'morning-bread', 'like');
    await vote(who, 'salvage-rights', 'like');
    expect(await (await call('DELETE', '/api/discover/vote?slug=morning-bread', who)).json()).toEqual({ removed: 1, library_removed: false });
    expect(await (await call('DELETE', '/api/discover/vote', who)).json()).toEqual({ removed: 1, library_removed: false });
    expect(slugs(await deck(who, '?limit=50'))).toHaveLength(ALL_BOOKS);
  });

  test('undoing a save takes the book out of the library again, unless it was there before or has moved on', async () => {
    const reader = await loginAs(app, 'disc-undo-save');
    await vote(reader, 'morning-bread', 'save');
    expect(await library(reader)).toEqual({ 'morning-bread': 'plan_to_read' });
    expect(await (await call('DELETE', '/api/discover/vote?slug=morning-bread', reader)).json()).toEqual({ removed: 1, library_removed: true });
    expect(await library(reader)).toEqual({});
    // Saved twice by swipes: the second save does not forget that the first added it.
    await vote(reader, 'morning-bread', 'save');
    await vote(reader, 'morning-bread', 'save', 200);
    expect(await (await call('DELETE', '/api/discover/vote?slug=morning-bread', reader)).json()).toEqual({ removed: 1, library_removed: true });
    expect(await library(reader)).toEqual({});

    // Saved before the swipe: the library keeps it.
    expect((await call('POST', '/api/library/salvage-rights', reader, {})).status).toBe(201);
    await vote(reader, 'salvage-rights', 'save');
    expect(await (await call('DELETE', '/api/discover/vote', reader, { slug: 'salvage-rights' })).json()).toEqual({ removed: 1, library_removed: false });
    // Saved by the swipe, then started (plan_to_read → reading): the library keeps it too.
    await vote(reader, 'ink-and-alibis', 'save');
    expect((await call('POST', '/api/progress', reader, { slug: 'ink-and-alibis', chapter: 1 })).status).toBe(200);
    expect(await (await call('DELETE', '/api/discover/vote?slug=ink-and-alibis', reader)).json()).toEqual({ removed: 1, library_removed: false });
    expect(await library(reader)).toEqual({ 'salvage-rights': 'plan_to_read', 'ink-and-alibis': 'reading' });

    // A save replaced by a like no longer owns the library entry.
    await vote(reader, 'the-clockwork-heir', 'save');
    await vote(reader, 'the-clockwork-heir', 'like', 200);
    expect(await (await call('DELETE', '/api/discover/vote?slug=the-clockwork-heir', reader)).json()).toEqual({ removed: 1, library_removed: false });
    expect((await library(reader))['the-clockwork-heir']).toBe('plan_to_read');
  });

  test('unknown book 404, bad slug 400, two different slugs 400', async () => {
    const reader = await loginAs(app, 'disc-undo-errors');
    await vote(reader, 'morning-bread', 'like');
    const unknown = await call('DELETE', '/api/discover/vote?slug=no-such-book', reader);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'not_found', message: 'Book not found' });
    const bad = await call('DELETE', '/api/discover/vote?slug=Bad%20Slug', reader);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('slug must be a book slug');
    const badBody = await call('DELETE', '/api/discover/vote', reader, { slug: 42 });
    expect(badBody.status).toBe(400);
    const both = await call('DELETE', '/api/discover/vote?slug=morning-bread', reader, { slug: 'salvage-rights' });
    expect(both.status).toBe(400);
    expect(await both.json()).toEqual({ error: 'invalid_request', message: 'slug differs between the query and the body' });
    // A body that is not JSON must never read as "no slug" and clear the deck.
    const broken = await app.fetch('/api/discover/vote', { method: 'DELETE', headers: headers(reader, true), body: '{"slug": "morning-bread"' });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: 'invalid_request', message: 'Invalid JSON body' });
    expect(await votesOf(reader.user.id)).toEqual([{ slug: 'morning-bread', action: 'like', saved_to_library: false }]);
  });
});
