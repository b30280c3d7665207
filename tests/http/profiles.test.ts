import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

type Entry = { book: { slug: string; title: string; chapter_count: number }; shelf: string; chapter: number | null };

function call(method: string, path: string, session: Session | null, body?: unknown, raw?: string) {
  const headers: Record<string, string> = { accept: 'application/json', origin: TEST_ORIGIN };
  if (session) headers.cookie = session.cookie;
  if (body !== undefined || raw !== undefined) headers['content-type'] = 'application/json';
  return app.fetch(path, { method, headers, body: raw ?? (body === undefined ? undefined : JSON.stringify(body)) });
}
const read = async (session: Session, slug: string, chapter: number) => expect((await call('POST', '/api/progress', session, { slug, chapter })).status).toBe(200);
const save = async (session: Session, slug: string, shelf: string) => expect((await call('POST', `/api/library/${slug}`, session, { shelf })).status).toBeLessThan(300);
const setPrivate = async (session: Session, value: boolean) => {
  const res = await call('PUT', '/api/settings/privacy', session, { library_private: value });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ library_private: value });
};
const publicLibrary = async (username: string, session: Session | null = null, query = '') => {
  const res = await call('GET', `/api/users/${username}/library${query}`, session);
  expect(res.status).toBe(200);
  return ((await res.json()) as { books: Entry[] }).books;
};
const PRIVATE = { error: 'not_found', message: 'This library is private' };

/** A reader with one book on each of three shelves, one of them started (chapter 2). */
async function readerWithShelves(name: string): Promise<Session> {
  const me = await loginAs(app, name);
  await save(me, 'salvage-rights', 'plan_to_read');
  await save(me, 'ink-and-alibis', 'completed');
  await save(me, 'morning-bread', 'plan_to_read');
  await read(me, 'morning-bread', 2); // moves it to "reading"
  return me;
}

describe('GET /api/users/{username}/library', () => {
  test('the saved books with shelf and chapter, most recently changed first, to anyone', async () => {
    const ada = await readerWithShelves('pub-ada');
    const books = await publicLibrary('pub-ada');
    expect(books.map((e) => [e.book.slug, e.shelf, e.chapter])).toEqual([
      ['morning-bread', 'reading', 2],
      ['ink-and-alibis', 'completed', null],
      ['salvage-rights', 'plan_to_read', null],
    ]);
    expect(Object.keys(books[0]!).sort()).toEqual(['book', 'chapter', 'shelf']);
    expect(books[0]!.book).toMatchObject({ slug: 'morning-bread', title: 'Morning Bread', chapter_count: 5 });
    // The same for another reader, for the owner, and by any case of the name.
    const other = await loginAs(app, 'pub-other');
    expect(await publicLibrary('pub-ada', other)).toEqual(books);
    expect(await publicLibrary('PUB-ADA', ada)).toEqual(books);
  });

  test('?shelf= keeps one shelf; an unknown shelf is 400', async () => {
    await readerWithShelves('pub-shelf');
    expect((await publicLibrary('pub-shelf', null, '?shelf=completed')).map((e) => e.book.slug)).toEqual(['ink-and-alibis']);
    expect(await publicLibrary('pub-shelf', null, '?shelf=dropped')).toEqual([]);
    const bad = await call('GET', '/api/users/pub-shelf/library?shelf=favourites', null);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'invalid_request', message: 'shelf must be one of reading, plan_to_read, completed, dropped' });
  });

  test('an empty library is an empty list; an unknown user is 404', async () => {
    await loginAs(app, 'pub-empty');
    expect(await publicLibrary('pub-empty')).toEqual([]);
    const missing = await call('GET', '/api/users/nobody-here/library', null);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'not_found', message: 'User not found' });
  });

  test('a private library is 404 to everyone but its owner, administrators included', async () => {
    const owner = await readerWithShelves('priv-owner');
    await setPrivate(owner, true);
    const other = await loginAs(app, 'priv-other');
    const admin = await loginAs(app, 'priv-admin', { role: 'admin' });
    for (const session of [null, other, admin]) {
      const res = await call('GET', '/api/users/priv-owner/library', session);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(PRIVATE);
      expect((await call('GET', '/api/users/priv-owner/library?shelf=reading', session)).status).toBe(404);
    }
    expect((await publicLibrary('priv-owner', owner)).map((e) => e.book.slug)).toEqual(['morning-bread', 'ink-and-alibis', 'salvage-rights']);
    // The profile itself stays public.
    const profile = await call('GET', '/api/users/priv-owner', other);
    expect(profile.status).toBe(200);
    expect(await profile.json()).toEqual({ user: { username: 'priv-owner', avatar_url: null }, followers: 0, following: 0, is_following: false });
    // Public again: visible again.
    await setPrivate(owner, false);
    expect(await publicLibrary('priv-owner', other)).toHaveLength(3);
  });
});

describe('GET|PUT /api/settings/privacy', () => {
  test('401 for anonymous callers', async () => {
    for (const res of [await call('GET', '/api/settings/privacy', null), await call('PUT', '/api/settings/privacy', null, { library_private: true })]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'unauthorized', message: 'Sign in to continue' });
    }
  });

  test('public by default; a round trip stores the choice per account', async () => {
    const me = await loginAs(app, 'privacy-trip');
    const other = await loginAs(app, 'privacy-trip-other');
    const get = async (session: Session) => {
      const res = await call('GET', '/api/settings/privacy', session);
      expect(res.status).toBe(200);
      return res.json();
    };
    expect(await get(me)).toEqual({ library_private: false });
    await setPrivate(me, true);
    expect(await get(me)).toEqual({ library_private: true });
    expect(await get(other)).toEqual({ library_private: false });
    // Another device of the same account sees it too (it is the account's, not the browser's).
    expect(await get(await loginAs(app, 'privacy-trip', { userAgent: 'Phone' }))).toEqual({ library_private: true });
    await setPrivate(me, true); // idempotent
    await setPrivate(me, false);
    expect(await get(me)).toEqual({ library_private: false });
  });

  test('400 for a missing, mistyped or unknown field, and for a body that is not an object', async () => {
    const me = await loginAs(app, 'privacy-bad');
    const cases: Array<[unknown, string]> = [
      [{ library_private: 'yes' }, 'library_private must be true or false'],
      [{ library_private: null }, 'library_private must be true or false'],
      [{ library_private: 1 }, 'library_private must be true or false'],
      [{}, 'library_private must be true or false'],
      [{ libraryPrivate: true }, 'libraryPrivate: unknown setting (expected library_private)'],
      [{ library_private: true, theme: 'slate' }, 'theme: unknown setting (expected library_private)'],
    ];
    for (const [body, message] of cases) {
      const res = await call('PUT', '/api/settings/privacy', me, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'invalid_request', message });
    }
    const array = await call('PUT', '/api/settings/privacy', me, undefined, '[true]');
    expect(array.status).toBe(400);
    const broken = await call('PUT', '/api/settings/privacy', me, undefined, '{"library_private": tru');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: 'invalid_request', message: 'Invalid JSON body' });
    expect(await (await call('GET', '/api/settings/privacy', me)).json()).toEqual({ library_private: false });
  });

  test('GET /api/settings keeps exactly its seven fields, private or not', async () => {
    const me = await loginAs(app, 'privacy-seven');
    await setPrivate(me, true);
    const res = await call('GET', '/api/settings', me);
    expect(res.status).toBe(200);
    expect(Object.keys(await res.json()).sort()).toEqual(['auto_next', 'font_family', 'font_size', 'locale', 'speed', 'theme', 'voice']);
    const put = await call('PUT', '/api/settings', me, { library_private: false });
    expect(put.status).toBe(400);
    expect(await (await call('GET', '/api/settings/privacy', me)).json()).toEqual({ library_private: true });
  });
});

describe('the home feed and privacy', () => {
  test('a private reader leaves their followers’ feeds, and comes back when public again', async () => {
    const fan = await loginAs(app, 'feedpriv-fan');
    const ada = await loginAs(app, 'feedpriv-ada');
    const bo = await loginAs(app, 'feedpriv-bo');
    for (const name of ['feedpriv-ada', 'feedpriv-bo']) expect((await call('POST', `/api/users/${name}/subscribe`, fan)).status).toBe(200);
    await read(ada, 'salvage-rights', 3);
    await read(bo, 'ink-and-alibis', 1);
    const feed = async () => ((await (await call('GET', '/api/home', fan)).json()) as { feed: Array<{ user: { username: string }; book: { slug: string }; chapter: number }> }).feed.map((f) => [f.user.username, f.book.slug, f.chapter]);
    expect(await feed()).toEqual([['feedpriv-bo', 'ink-and-alibis', 1], ['feedpriv-ada', 'salvage-rights', 3]]);
    await setPrivate(ada, true);
    expect(await feed()).toEqual([['feedpriv-bo', 'ink-and-alibis', 1]]);
    await setPrivate(ada, false);
    expect(await feed()).toEqual([['feedpriv-bo', 'ink-and-alibis', 1], ['feedpriv-ada', 'salvage-rights', 3]]);
  });
});
