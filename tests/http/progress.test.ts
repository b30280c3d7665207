import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN } from '../support/auth.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

type Headers = Record<string, string>;
/** Anonymous reader ids are 16+ characters (request-context ANON_ID). */
const sid = (name: string) => `${name}-0123456789abcdef`;
const anon = (name: string): Headers => ({ 'x-session-id': sid(name) });

function send(method: string, path: string, body: unknown, headers: Headers = {}) {
  return app.fetch(path, { method, headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...headers }, body: JSON.stringify(body) });
}
const post = (body: unknown, headers?: Headers) => send('POST', '/api/progress', body, headers);

test('progress is recorded per anonymous session, one row per reader and book', async () => {
  const res = await post({ slug: 'salvage-rights', chapter: 2 }, anon('progress-anon-a'));
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body.applied).toBe(true);
  expect(body.progress).toMatchObject({ slug: 'salvage-rights', chapter: 2, scroll: 0, audio_time: 0 });
  expect(new Date(body.progress.updated).getTime()).toBeGreaterThan(Date.now() - 60_000);

  await post({ slug: 'salvage-rights', chapter: 3, scroll: 0.5 }, anon('progress-anon-a'));
  await post({ slug: 'salvage-rights', chapter: 1 }, anon('progress-anon-b'));
  const rows = await app.platform.db.selectFrom('progress').select(['session_id', 'chapter', 'scroll']).where('slug', '=', 'salvage-rights').orderBy('session_id').execute();
  expect(rows).toEqual([
    { session_id: sid('progress-anon-a'), chapter: 3, scroll: 0.5 },
    { session_id: sid('progress-anon-b'), chapter: 1, scroll: 0 },
  ]);
});

test('signed-in progress is keyed by the user, whatever device sends it', async () => {
  const phone = await loginAs(app, 'progress-reader', { userAgent: 'Phone' });
  const laptop = await loginAs(app, 'progress-reader', { userAgent: 'Laptop' });
  await post({ slug: 'ink-and-alibis', chapter: 4 }, { cookie: phone.cookie });
  const res = await post({ slug: 'ink-and-alibis', chapter: 5 }, { authorization: `Bearer ${laptop.token}` });
  expect((await res.json()).progress.chapter).toBe(5);
  const rows = await app.platform.db.selectFrom('progress').select(['user_id', 'session_id', 'chapter']).where('slug', '=', 'ink-and-alibis').execute();
  expect(rows).toEqual([{ user_id: phone.user.id, session_id: null, chapter: 5 }]);
});

test('last write wins by timestamp: an old device never overwrites newer progress', async () => {
  const reader = anon('progress-lww');
  const newer = new Date(Date.now() - 60_000).toISOString();
  const older = Date.now() - 3_600_000;
  expect((await (await post({ slug: 'salvage-rights', chapter: 6, timestamp: newer }, reader)).json()).applied).toBe(true);
  const stale = await (await post({ slug: 'salvage-rights', chapter: 2, timestamp: older }, reader)).json();
  expect(stale.applied).toBe(false);
  expect(stale.progress.chapter).toBe(6);
  expect(stale.progress.updated).toBe(newer);
  // A clock far in the future is clamped, so later real progress can still replace it.
  const future = await (await post({ slug: 'salvage-rights', chapter: 7, timestamp: Date.now() + 86_400_000 }, reader)).json();
  expect(new Date(future.progress.updated).getTime()).toBeLessThan(Date.now() + 120_000);
});

test('a new chapter resets the scroll position unless one is given', async () => {
  const reader = anon('progress-scroll');
  await post({ slug: 'salvage-rights', chapter: 1, scroll: 0.8 }, reader);
  const same = await (await post({ slug: 'salvage-rights', chapter: 1 }, reader)).json();
  expect(same.progress.scroll).toBeCloseTo(0.8);
  const next = await (await post({ slug: 'salvage-rights', chapter: 2 }, reader)).json();
  expect(next.progress.scroll).toBe(0);
});

test('bad progress is refused with a message naming the field, and nothing is stored', async () => {
  const reader = anon('progress-bad');
  const cases: Array<[unknown, string]> = [
    [{ chapter: 1 }, 'slug'],
    [{ slug: 'salvage-rights' }, 'chapter'],
    [{ slug: 'salvage-rights', chapter: 0 }, 'chapter'],
    [{ slug: 'salvage-rights', chapter: 1.5 }, 'chapter'],
    [{ slug: 'Not A Slug', chapter: 1 }, 'slug'],
    [{ slug: 'salvage-rights', chapter: 1, scroll: 2 }, 'scroll'],
    [{ slug: 'salvage-rights', chapter: 1, timestamp: 'yesterday' }, 'timestamp'],
  ];
  for (const [body, field] of cases) {
    const res = await post(body, reader);
    expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
    const error = await res.json();
    expect(error.error).toBe('invalid_request');
    expect(error.message).toContain(field);
  }
  const malformed = await app.fetch('/api/progress', { method: 'POST', headers: { 'content-type': 'application/json', ...reader }, body: '{"slug":' });
  expect(malformed.status).toBe(400);
  expect((await malformed.json()).message).toBe('Invalid JSON body');
  const stored = await app.platform.db.selectFrom('progress').select('id').where('session_id', '=', sid('progress-bad')).execute();
  expect(stored).toEqual([]);
});

test('unknown books and chapters are 404', async () => {
  const unknownBook = await post({ slug: 'no-such-book', chapter: 1 }, anon('progress-404'));
  expect(unknownBook.status).toBe(404);
  expect(await unknownBook.json()).toEqual({ error: 'not_found', message: 'Book not found' });
  const unknownChapter = await post({ slug: 'salvage-rights', chapter: 999 }, anon('progress-404'));
  expect(unknownChapter.status).toBe(404);
  expect((await unknownChapter.json()).message).toBe('Chapter not found');
});

test('an unknown chapter is 404 whatever the reader has stored, signed in or not, and changes nothing', async () => {
  const session = await loginAs(app, 'progress-missing');
  for (const headers of [anon('progress-missing'), { authorization: `Bearer ${session.token}` }]) {
    const at = new Date(Date.now() - 60_000).toISOString();
    expect((await post({ slug: 'salvage-rights', chapter: 2, scroll: 0.25, timestamp: at }, headers)).status).toBe(200);
    // Newer or older than the stored place: the chapter is checked first, never "not applied".
    for (const timestamp of [Date.now(), Date.now() - 3_600_000]) {
      const missing = await post({ slug: 'salvage-rights', chapter: 999, timestamp }, headers);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: 'not_found', message: 'Chapter not found' });
      const book = await post({ slug: 'no-such-book', chapter: 1, timestamp }, headers);
      expect(await book.json()).toEqual({ error: 'not_found', message: 'Book not found' });
    }
    const audio = await send('PATCH', '/api/progress/audio-time', { slug: 'no-such-book', chapter: 1, audio_time: 5 }, headers);
    expect(audio.status).toBe(404);
    expect((await audio.json()).message).toBe('Book not found');
    const stored = await (await app.fetch('/api/progress/salvage-rights', { headers })).json();
    expect(stored.progress).toMatchObject({ chapter: 2, scroll: 0.25, updated: at });
  }
});

test('a stale write from a signed-in reader comes back not applied, with the stored place', async () => {
  const session = await loginAs(app, 'progress-stale');
  const headers = { authorization: `Bearer ${session.token}` };
  const newer = new Date(Date.now() - 60_000).toISOString();
  await post({ slug: 'ink-and-alibis', chapter: 3, scroll: 0.5, timestamp: newer }, headers);
  const stale = await post({ slug: 'ink-and-alibis', chapter: 1, timestamp: Date.now() - 3_600_000 }, headers);
  expect(stale.status).toBe(200);
  expect(await stale.json()).toEqual({ applied: false, progress: { slug: 'ink-and-alibis', chapter: 3, scroll: 0.5, audio_time: 0, updated: newer, furthest_chapter: 3, furthest_scroll: 0.5 } });
});

test('DELETE /api/progress/{slug} forgets only this reader’s place in that book', async () => {
  await post({ slug: 'salvage-rights', chapter: 2 }, anon('progress-del'));
  await post({ slug: 'morning-bread', chapter: 2 }, anon('progress-del'));
  await post({ slug: 'salvage-rights', chapter: 2 }, anon('progress-del-other'));
  const res = await app.fetch('/api/progress/salvage-rights', { method: 'DELETE', headers: { origin: TEST_ORIGIN, ...anon('progress-del') } });
  expect(res.status).toBe(204);
  const left = await app.platform.db.selectFrom('progress').select(['session_id', 'slug']).where('session_id', 'like', 'progress-del%').orderBy('session_id').orderBy('slug').execute();
  expect(left).toEqual([
    { session_id: sid('progress-del'), slug: 'morning-bread' },
    { session_id: sid('progress-del-other'), slug: 'salvage-rights' },
  ]);
  // Forgetting again is harmless; an unknown book is 404.
  expect((await app.fetch('/api/progress/salvage-rights', { method: 'DELETE', headers: anon('progress-del') })).status).toBe(204);
  expect((await app.fetch('/api/progress/no-such-book', { method: 'DELETE', headers: anon('progress-del') })).status).toBe(404);
  expect((await app.fetch('/api/progress/Bad%20Slug', { method: 'DELETE', headers: anon('progress-del') })).status).toBe(400);
});

test('audio time is saved per chapter and read back; another chapter reads 0', async () => {
  const reader = anon('progress-audio');
  const query = (chapter: number) => app.fetch(`/api/progress/audio-time?slug=salvage-rights&chapter=${chapter}`, { headers: reader });
  expect(await (await query(3)).json()).toEqual({ audio_time: 0 });

  const saved = await send('PATCH', '/api/progress/audio-time', { slug: 'salvage-rights', chapter: 3, audio_time: 42.5 }, reader);
  expect(saved.status).toBe(200);
  expect(await saved.json()).toEqual({ audio_time: 42.5 });
  expect(await (await query(3)).json()).toEqual({ audio_time: 42.5 });
  expect(await (await query(2)).json()).toEqual({ audio_time: 0 });
  // Listening is reading: the place in the book follows the audio.
  const row = await app.platform.db.selectFrom('progress').select(['chapter']).where('session_id', '=', sid('progress-audio')).executeTakeFirstOrThrow();
  expect(row.chapter).toBe(3);

  // Reading on keeps the audio position of the same chapter.
  await post({ slug: 'salvage-rights', chapter: 3, scroll: 0.4 }, reader);
  expect(await (await query(3)).json()).toEqual({ audio_time: 42.5 });
});

test('audio time validation', async () => {
  const reader = anon('progress-audio-bad');
  for (const path of ['/api/progress/audio-time', '/api/progress/audio-time?slug=salvage-rights', '/api/progress/audio-time?slug=salvage-rights&chapter=zero', '/api/progress/audio-time?slug=salvage-rights&chapter=1.5']) {
    const res = await app.fetch(path, { headers: reader });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('invalid_request');
  }
  const negative = await send('PATCH', '/api/progress/audio-time', { slug: 'salvage-rights', chapter: 1, audio_time: -1 }, reader);
  expect(negative.status).toBe(400);
  expect((await negative.json()).message).toContain('audio_time');
  const unknown = await send('PATCH', '/api/progress/audio-time', { slug: 'salvage-rights', chapter: 999, audio_time: 1 }, reader);
  expect(unknown.status).toBe(404);
});

test('starting a book saved as "plan to read" moves it to "reading"; other shelves stay', async () => {
  const session = await loginAs(app, 'progress-shelver');
  const headers = { cookie: session.cookie };
  await send('POST', '/api/library/salvage-rights', { shelf: 'plan_to_read' }, headers);
  await send('POST', '/api/library/ink-and-alibis', { shelf: 'completed' }, headers);
  await post({ slug: 'salvage-rights', chapter: 1 }, headers);
  await post({ slug: 'ink-and-alibis', chapter: 1 }, headers);
  const library = await (await app.fetch('/api/library', { headers })).json();
  const shelves = Object.fromEntries(library.books.map((entry: { book: { slug: string }; shelf: string }) => [entry.book.slug, entry.shelf]));
  expect(shelves).toEqual({ 'salvage-rights': 'reading', 'ink-and-alibis': 'completed' });
});

test('GET /api/progress/{slug} answers the reader’s place in the book, or null', async () => {
  const reader = anon('progress-get');
  expect(await (await app.fetch('/api/progress/salvage-rights', { headers: reader })).json()).toEqual({ progress: null });
  await post({ slug: 'salvage-rights', chapter: 4, scroll: 0.3 }, reader);
  const body = await (await app.fetch('/api/progress/salvage-rights', { headers: reader })).json();
  expect(body.progress).toMatchObject({ slug: 'salvage-rights', chapter: 4, audio_time: 0 });
  expect(body.progress.scroll).toBeCloseTo(0.3);
  // The audio-time route is not mistaken for a book.
  expect(await (await app.fetch('/api/progress/audio-time?slug=salvage-rights&chapter=4', { headers: reader })).json()).toEqual({ audio_time: 0 });
  expect((await app.fetch('/api/progress/Bad%20Slug', { headers: reader })).status).toBe(400);
});
