import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN } from '../support/auth.ts';
import { testClock } from '../support/clock.ts';
import { createAppPassword } from '../../src/features/accounts/app-passwords/service.ts';
import { removeChapters } from '../../src/features/dedup/queries.ts';

// The reading place (what "Continue reading" offers) against the furthest point and a look-back
// (features/progress/reading-place.ts). Every write names its time on a fixed day, and the app's
// clock stands a day later, so a test steps through minutes without meeting the real clock (the
// server only caps times ahead of its own).
const T0 = Date.UTC(2031, 2, 10, 9, 0, 0);
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const clock = testClock(new Date(T0 + 24 * 3_600_000));
const BOOK = 'salvage-rights';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ clock: clock.now, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

type Headers = Record<string, string>;
type Place = { slug: string; chapter: number; scroll: number; audio_time: number; updated: string; furthest_chapter: number; furthest_scroll: number };
const anon = (name: string): Headers => ({ 'x-session-id': `${name}-0123456789abcdef` });

function send(method: string, path: string, body: unknown, headers: Headers) {
  return app.fetch(path, { method, headers: { 'content-type': 'application/json', accept: 'application/json', origin: TEST_ORIGIN, ...headers }, body: JSON.stringify(body) });
}
async function read(headers: Headers, chapter: number, minute: number, scroll?: number, slug = BOOK): Promise<{ applied: boolean; progress: Place }> {
  const res = await send('POST', '/api/progress', { slug, chapter, timestamp: at(minute), ...(scroll === undefined ? {} : { scroll }) }, headers);
  expect(res.status).toBe(200);
  return res.json();
}
async function placeOf(headers: Headers, slug = BOOK): Promise<Place | null> {
  return ((await (await app.fetch(`/api/progress/${slug}`, { headers: { accept: 'application/json', ...headers } })).json()) as { progress: Place | null }).progress;
}
const where = (p: Place | null) => p && { chapter: p.chapter, furthest_chapter: p.furthest_chapter };
async function lookBackOf(slug: string, owner: { session?: string; user?: string }) {
  const rows = await sql<{ chapter: number; back_chapter: number | null; back_scroll: number | null; back_since: Date | string | null }>`
    select chapter, back_chapter, back_scroll, back_since from progress
    where slug = ${slug} and ${owner.user ? sql`user_id = ${owner.user}` : sql`session_id = ${owner.session!} and user_id is null`}`.execute(app.platform.db);
  return rows.rows[0]!;
}

describe('opening an earlier chapter is a look-back: "Continue reading" stays where the reader was', () => {
  test('read to 3, open 1: /api/progress, /api/progress/{slug}, /api/home and /api/library still say 3, furthest 3', async () => {
    const me = await loginAs(app, 'place-keeper');
    const headers = { cookie: me.cookie };
    expect((await send('POST', `/api/library/${BOOK}`, { shelf: 'reading' }, headers)).status).toBeLessThan(300);
    await read(headers, 1, 0);
    await read(headers, 2, 10);
    await read(headers, 3, 20, 0.4);

    const opened = await read(headers, 1, 30);
    expect(opened.applied).toBe(true);
    expect(opened.progress).toMatchObject({ slug: BOOK, chapter: 3, furthest_chapter: 3, updated: at(30) });
    expect(opened.progress.scroll).toBeCloseTo(0.4);
    const scrolled = await read(headers, 1, 31, 0.2);
    expect([scrolled.applied, where(scrolled.progress)]).toEqual([true, { chapter: 3, furthest_chapter: 3 }]);

    const place = await placeOf(headers);
    expect(where(place)).toEqual({ chapter: 3, furthest_chapter: 3 });
    expect(place!.scroll).toBeCloseTo(0.4);
    expect(place!.furthest_scroll).toBeCloseTo(0.4);
    const home = await (await app.fetch('/api/home', { headers: { accept: 'application/json', ...headers } })).json();
    expect(home.continue_reading.map((c: { book: { slug: string }; chapter: number }) => [c.book.slug, c.chapter])).toEqual([[BOOK, 3]]);
    const library = await (await app.fetch('/api/library', { headers: { accept: 'application/json', ...headers } })).json();
    const entry = library.books.find((b: { book: { slug: string } }) => b.book.slug === BOOK);
    expect(where(entry.progress)).toEqual({ chapter: 3, furthest_chapter: 3 });
    // The look-back itself is kept beside the place, from its first write.
    const row = await lookBackOf(BOOK, { user: me.user.id });
    expect([row.chapter, row.back_chapter, new Date(row.back_since!).toISOString()]).toEqual([3, 1, at(30)]);
    expect(row.back_scroll).toBeCloseTo(0.2);
  });

  test('scrolling past the middle of the earlier chapter makes it the place; the furthest point stays', async () => {
    const reader = anon('place-middle');
    await read(reader, 3, 0, 0.7);
    await read(reader, 1, 1, 0.3);
    expect(where((await read(reader, 1, 2, 0.49)).progress)).toEqual({ chapter: 3, furthest_chapter: 3 });
    const settled = await read(reader, 1, 3, 0.5);
    expect(where(settled.progress)).toEqual({ chapter: 1, furthest_chapter: 3 });
    expect(settled.progress.scroll).toBeCloseTo(0.5);
    expect(settled.progress.furthest_scroll).toBeCloseTo(0.7);
    const row = await lookBackOf(BOOK, { session: anon('place-middle')['x-session-id'] });
    expect([row.back_chapter, row.back_scroll, row.back_since]).toEqual([null, null, null]);
    // A first write already past the middle (a short chapter, a deep link) settles at once.
    const quick = anon('place-middle-quick');
    await read(quick, 5, 0);
    expect(where((await read(quick, 2, 1, 1)).progress)).toEqual({ chapter: 2, furthest_chapter: 5 });
  });

  test('staying three minutes in the earlier chapter makes it the place; another chapter starts the wait again', async () => {
    const reader = anon('place-stay');
    await read(reader, 4, 0, 0.25);
    await read(reader, 2, 10);
    expect(where((await read(reader, 2, 12.99, 0.1)).progress)).toEqual({ chapter: 4, furthest_chapter: 4 });
    // Chapter 1 now: a new look-back, whose three minutes start again.
    await read(reader, 1, 12.995);
    expect(where((await read(reader, 1, 15.98)).progress)).toEqual({ chapter: 4, furthest_chapter: 4 });
    const settled = await read(reader, 1, 16, 0.2);
    expect(where(settled.progress)).toEqual({ chapter: 1, furthest_chapter: 4 });
    expect(settled.progress.scroll).toBeCloseTo(0.2);
    expect(settled.progress.updated).toBe(at(16));
    // Settled by time without a scroll: the look-back's own scroll is the place's.
    const other = anon('place-stay-still');
    await read(other, 6, 0);
    await read(other, 3, 1, 0.3);
    const still = await read(other, 3, 4);
    expect(where(still.progress)).toEqual({ chapter: 3, furthest_chapter: 6 });
    expect(still.progress.scroll).toBeCloseTo(0.3);
  });

  test('going forward again moves the place at once, and past the furthest point moves that too', async () => {
    const reader = anon('place-forward');
    await read(reader, 5, 0, 0.6);
    await read(reader, 2, 1, 0.9);
    expect(where(await placeOf(reader))).toEqual({ chapter: 2, furthest_chapter: 5 });
    const next = await read(reader, 3, 2);
    expect(where(next.progress)).toEqual({ chapter: 3, furthest_chapter: 5 });
    expect(next.progress.scroll).toBe(0);
    expect(next.progress.furthest_scroll).toBeCloseTo(0.6);
    // Further into the furthest chapter: the furthest point follows the scroll.
    await read(reader, 5, 3, 0.8);
    expect((await placeOf(reader))!.furthest_scroll).toBeCloseTo(0.8);
    // Back up the same chapter: the place follows (it is not an earlier chapter); the furthest does not.
    const sameChapter = await read(reader, 5, 4, 0.1);
    expect(where(sameChapter.progress)).toEqual({ chapter: 5, furthest_chapter: 5 });
    expect([sameChapter.progress.scroll, sameChapter.progress.furthest_scroll].map((n) => Math.round(n * 10))).toEqual([1, 8]);
    const beyond = await read(reader, 7, 5);
    expect([where(beyond.progress), beyond.progress.furthest_scroll]).toEqual([{ chapter: 7, furthest_chapter: 7 }, 0]);
    // Returning to the place's chapter ends a pending look-back.
    await read(reader, 4, 6);
    await read(reader, 7, 7, 0.3);
    const row = await lookBackOf(BOOK, { session: anon('place-forward')['x-session-id'] });
    expect([row.chapter, row.back_chapter]).toEqual([7, null]);
  });

  test('a stale write changes nothing: neither the place, nor the look-back, nor the furthest point', async () => {
    const reader = anon('place-stale');
    await read(reader, 3, 10, 0.4);
    const early = await read(reader, 1, 5, 0.9);
    expect(early.applied).toBe(false);
    expect(early.progress).toMatchObject({ chapter: 3, furthest_chapter: 3, updated: at(10) });
    const ahead = await read(reader, 8, 9);
    expect([ahead.applied, where(ahead.progress)]).toEqual([false, { chapter: 3, furthest_chapter: 3 }]);
    await read(reader, 2, 11);
    // A write older than the look-back but newer than the place's own: stale too (last write wins).
    expect((await read(reader, 2, 10.5, 0.9)).applied).toBe(false);
    const row = await lookBackOf(BOOK, { session: anon('place-stale')['x-session-id'] });
    expect([row.chapter, row.back_chapter, row.back_scroll]).toEqual([3, 2, 0]);
  });

  test('listening to an earlier chapter is a look-back too: three minutes of it settle the place and keep the audio time', async () => {
    const reader = anon('place-audio');
    const listen = async (chapter: number, seconds: number, minute: number) =>
      (await (await send('PATCH', '/api/progress/audio-time', { slug: BOOK, chapter, audio_time: seconds, timestamp: at(minute) }, reader)).json()).audio_time;
    await read(reader, 4, 0);
    expect(await listen(4, 30, 1)).toBe(30);
    // The look-back keeps its own audio position (so reopening it resumes there), and the place keeps its own.
    expect(await listen(2, 10, 2)).toBe(10);
    expect((await placeOf(reader))).toMatchObject({ chapter: 4, audio_time: 30 });
    const resume = async (chapter: number) =>
      ((await (await app.fetch(`/api/progress/audio-time?slug=${BOOK}&chapter=${chapter}`, { headers: { accept: 'application/json', ...reader } })).json()) as { audio_time: number }).audio_time;
    expect([await resume(2), await resume(4), await resume(3)]).toEqual([10, 30, 0]);
    expect(await listen(2, 70, 3)).toBe(70);
    expect(await resume(2)).toBe(70);
    expect(await listen(2, 190, 5)).toBe(190);
    expect(await placeOf(reader)).toMatchObject({ chapter: 2, audio_time: 190, furthest_chapter: 4 });
  });

  test('a row written without the furthest point (an older writer) starts it at the place', async () => {
    await app.platform.db.insertInto('progress').values({ session_id: 'place-legacy-0123456789abcdef', slug: BOOK, chapter: 6, scroll: 0.3, updated_at: new Date(at(0)) }).execute();
    const place = await placeOf({ 'x-session-id': 'place-legacy-0123456789abcdef' });
    expect(where(place)).toEqual({ chapter: 6, furthest_chapter: 6 });
    expect(place!.furthest_scroll).toBeCloseTo(0.3);
  });
});

describe('the same rule for every writer', () => {
  test('signing in keeps the newer place (with its look-back) and the further of the two furthest points', async () => {
    const account = await loginAs(app, 'place-merger', { userAgent: 'Desktop' });
    const desktop = { cookie: account.cookie };
    await read(desktop, 6, 0);
    await read(desktop, 2, 1, 0.1, 'ink-and-alibis');
    await read(desktop, 1, 20, undefined, 'morning-bread');
    // Anonymously on a phone: an earlier chapter of the first book, further in the second (then a
    // look-back there), and further but earlier than the account in the third.
    const phone = 'place-merge-phone-0123456789';
    await read({ 'x-session-id': phone }, 2, 10);
    await read({ 'x-session-id': phone }, 5, 11, 0.5, 'ink-and-alibis');
    await read({ 'x-session-id': phone }, 3, 12, undefined, 'ink-and-alibis');
    await read({ 'x-session-id': phone }, 4, 2, undefined, 'morning-bread');

    const merged = await loginAs(app, 'place-merger', { userAgent: 'Phone', sessionId: phone });
    const headers = { cookie: merged.cookie };
    expect(where(await placeOf(headers))).toEqual({ chapter: 2, furthest_chapter: 6 });
    expect(where(await placeOf(headers, 'morning-bread'))).toEqual({ chapter: 1, furthest_chapter: 4 });
    const second = await placeOf(headers, 'ink-and-alibis');
    expect(where(second)).toEqual({ chapter: 5, furthest_chapter: 5 });
    expect(second!.furthest_scroll).toBeCloseTo(0.5);
    const row = await lookBackOf('ink-and-alibis', { user: account.user.id });
    expect([row.chapter, row.back_chapter]).toEqual([5, 3]);
    // Staying on in that chapter, now signed in, settles the look-back begun on the phone.
    await read(headers, 3, 15, undefined, 'ink-and-alibis');
    expect(where(await placeOf(headers, 'ink-and-alibis'))).toEqual({ chapter: 3, furthest_chapter: 5 });
  });

  test('a KOReader push of an earlier chapter is a look-back; pushes there for three minutes settle it', async () => {
    const md5 = (text: string) => createHash('md5').update(text).digest('hex');
    const reader = await loginAs(app, 'place-koreader', { role: 'pro' });
    const key = md5((await createAppPassword(app.platform.db, reader.user.id, 'Kobo')).password);
    const document = md5('place-koreader-document');
    // A document as an export records it: spine item N + 1 is chapter N (item 1 is the title page).
    await app.platform.db.insertInto('kosync_documents').values({
      document, method: 'binary', book_slug: BOOK, chapter_from: 1, chapter_to: 8, spine: JSON.stringify([null, 1, 2, 3, 4, 5, 6, 7, 8]), object_key: 'exports/place.epub',
    }).execute();
    const push = (chapter: number) => app.fetch('/kosync/syncs/progress', {
      method: 'PUT',
      headers: { accept: 'application/vnd.koreader.v1+json', 'content-type': 'application/json', 'x-auth-user': reader.user.username, 'x-auth-key': key },
      body: JSON.stringify({ document, progress: `/body/DocFragment[${chapter + 1}]/body/p[1]/text().0`, percentage: chapter / 9, device: 'Kobo', device_id: 'K1' }),
    });
    const headers = { cookie: reader.cookie };
    clock.set(new Date(at(0)));
    expect((await push(6)).status).toBe(200);
    expect(where(await placeOf(headers))).toEqual({ chapter: 6, furthest_chapter: 6 });
    clock.set(new Date(at(1)));
    expect((await push(2)).status).toBe(200);
    expect(where(await placeOf(headers))).toEqual({ chapter: 6, furthest_chapter: 6 });
    clock.set(new Date(at(4)));
    expect((await push(2)).status).toBe(200);
    expect(where(await placeOf(headers))).toEqual({ chapter: 2, furthest_chapter: 6 });
  });
});

describe('removing duplicate chapters', () => {
  test('moves the furthest point like the place, never behind it, and drops a look-back at a removed chapter', async () => {
    const db = app.platform.db;
    const slug = 'place-twins';
    await db.insertInto('books').values({ slug, title: 'Place Twins', author: 'A. Copyist', chapter_count: 6 }).execute();
    await db.insertInto('chapters').values(Array.from({ length: 6 }, (_, i) => ({ book_slug: slug, number: i + 1, title: `Part ${i + 1}`, text: `Text ${i + 1}.` }))).execute();
    const [a, b, c] = [anon('place-twins-a'), anon('place-twins-b'), anon('place-twins-c')];
    await read(a, 6, 0, 0.4, slug);
    await read(a, 2, 1, 0.9, slug);
    await read(b, 6, 0, undefined, slug);
    await read(b, 4, 1, undefined, slug);
    await read(c, 6, 0, undefined, slug);
    await read(c, 5, 1, 0.6, slug);
    await db.transaction().execute((trx) => removeChapters(trx, slug, [{ from: 6, to: 1 }, { from: 4, to: 3 }]));
    expect(where(await placeOf(a, slug))).toEqual({ chapter: 2, furthest_chapter: 2 });
    expect((await placeOf(a, slug))!.furthest_scroll).toBeCloseTo(0.9);
    expect(where(await placeOf(b, slug))).toEqual({ chapter: 1, furthest_chapter: 1 });
    expect((await lookBackOf(slug, { session: b['x-session-id'] })).back_chapter).toBeNull();
    expect(where(await placeOf(c, slug))).toEqual({ chapter: 5, furthest_chapter: 5 });
    expect((await placeOf(c, slug))!.furthest_scroll).toBeCloseTo(0.6);
  });
});

describe('the book page', () => {
  const page = async (headers: Headers) => (await app.fetch(`/book/${BOOK}`, { headers: { accept: 'text/html', ...headers } })).text();

  test('offers "You were further: chapter N" beside "Continue reading" when the place is earlier', async () => {
    const reader = anon('place-page');
    await read(reader, 3, 0);
    await read(reader, 1, 1, 0.6);
    const body = await page(reader);
    expect(body).toContain('Continue reading · Chapter 1');
    expect(body).toMatch(/<a class="button button--quiet book-hero__further" href="\/book\/salvage-rights\/3">You were further: chapter 3<\/a>/);
  });

  test('offers nothing more when the place is the furthest point, or after a mere look-back', async () => {
    const reader = anon('place-page-equal');
    await read(reader, 3, 0);
    await read(reader, 1, 1);
    const body = await page(reader);
    expect(body).toContain('Continue reading · Chapter 3');
    expect(body).not.toContain('You were further');
    expect(body).not.toContain('book-hero__further');
  });

  test('in every locale', async () => {
    const reader = anon('place-page-locale');
    await read(reader, 4, 0);
    await read(reader, 2, 1, 0.9);
    const words = { pt: 'Você já foi mais longe: capítulo 4', es: 'Llegaste más lejos: capítulo 4', fr: 'Vous étiez plus loin : chapitre 4', id: 'Anda sudah lebih jauh: bab 4' };
    for (const [locale, text] of Object.entries(words)) {
      expect(await page({ ...reader, 'accept-language': locale })).toContain(text);
    }
  });
});
