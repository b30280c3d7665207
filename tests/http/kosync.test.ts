import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHash, randomBytes } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, type Session } from '../support/auth.ts';
import { testClock } from '../support/clock.ts';
import { createAppPassword, revokeAppPassword } from '../../src/features/accounts/app-passwords/service.ts';

const BOOK = 'kosync-tale';
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
// An hour back, so the steps below stay behind the real clock that the web's progress caps timestamps by.
const clock = testClock(new Date(Date.now() - 3_600_000));
let app: TestApp;
let reader: Session;
let key: string;

beforeAll(async () => {
  app = await startTestApp({ clock: clock.now, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
  const db = app.platform.db;
  await db.insertInto('books').values({ slug: BOOK, title: 'Kosync Tale', author: 'Ann Author', chapter_count: 20 }).execute();
  await db.insertInto('chapters').values(Array.from({ length: 20 }, (_, i) => ({ book_slug: BOOK, number: i + 1, title: `Part ${i + 1}`, text: `Chapter ${i + 1} text.` }))).execute();
  reader = await loginAs(app, 'ko-reader', { role: 'pro' });
  // KOReader keeps md5(password) as its userkey and sends it on every call.
  key = md5((await createAppPassword(db, reader.user.id, 'Kobo Clara')).password);
});
afterAll(() => app.close());

/** The headers KOSyncClient.lua sends: GinClient's Accept, KOSyncAuth's user and key, Format.JSON's content type. */
function kosync(method: string, path: string, options: { user?: string; key?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { accept: 'application/vnd.koreader.v1+json', ...options.headers };
  if (options.user !== undefined) headers['x-auth-user'] = options.user;
  if (options.key !== undefined) headers['x-auth-key'] = options.key;
  const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers['content-type'] = 'application/json';
  return app.fetch(`/kosync${path}`, { method, headers, body });
}
const signed = (method: string, path: string, body?: unknown) => kosync(method, path, { user: reader.user.username, key, body });
const webProgress = async () => ((await (await app.fetch(`/api/progress/${BOOK}`, { headers: { accept: 'application/json', cookie: reader.cookie } })).json()) as { progress: { chapter: number } | null }).progress;
const readOnWeb = (chapter: number, at: Date) =>
  app.fetch('/api/progress', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', cookie: reader.cookie }, body: JSON.stringify({ slug: BOOK, chapter, timestamp: at.toISOString() }) });
const UNAUTHORIZED = { code: 2001, message: 'Unauthorized' };

/** KOReader's partialMD5 written out apart from the app's: 1 KiB at 0, then at 1024 << 2k while inside the file. */
function koreaderPartialMd5(bytes: Uint8Array): string {
  const hash = createHash('md5');
  for (const offset of [0, ...Array.from({ length: 11 }, (_, k) => 1024 * 4 ** k)]) {
    if (offset >= bytes.length) break;
    hash.update(bytes.subarray(offset, offset + 1024));
  }
  return hash.digest('hex');
}

describe('sign-in: GET /kosync/users/auth, POST /kosync/users/create', () => {
  test('the username and md5 of an app password: 200 {"authorized":"OK"}', async () => {
    const res = await signed('GET', '/users/auth');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ authorized: 'OK' });
  });

  test('a wrong key, an unknown user, a missing header or a session cookie alone: 401 with code 2001', async () => {
    const attempts = [
      kosync('GET', '/users/auth', { user: reader.user.username, key: md5('not-the-password') }),
      kosync('GET', '/users/auth', { user: 'nobody-at-all', key }),
      kosync('GET', '/users/auth', { user: reader.user.username }),
      kosync('GET', '/users/auth', { headers: { cookie: reader.cookie } }),
      kosync('GET', '/syncs/progress/0123456789abcdef0123456789abcdef', { headers: { cookie: reader.cookie } }),
      kosync('PUT', '/syncs/progress', { headers: { cookie: reader.cookie }, body: { document: 'abc', progress: '1', percentage: 0.1, device: 'x', device_id: 'y' } }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(UNAUTHORIZED);
    }
  });

  test('a revoked app password no longer signs in', async () => {
    const device = await createAppPassword(app.platform.db, reader.user.id, 'Old Kindle');
    const oldKey = md5(device.password);
    expect((await kosync('GET', '/users/auth', { user: reader.user.username, key: oldKey })).status).toBe(200);
    await revokeAppPassword(app.platform.db, reader.user.id, device.id, clock.now());
    const res = await kosync('GET', '/users/auth', { user: reader.user.username, key: oldKey });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(UNAUTHORIZED);
  });

  test('registration is refused in the reference server\'s shape, pointing at app passwords', async () => {
    const res = await kosync('POST', '/users/create', { body: { username: 'new-reader', password: md5('secret') } });
    expect(res.status).toBe(402);
    const body = (await res.json()) as { code: number; message: string };
    expect(body.code).toBe(2005);
    expect(body.message).toContain('app password');
    expect(await app.platform.db.selectFrom('app_users').select('id').where('username', '=', 'new-reader').executeTakeFirst()).toBeUndefined();
  });

  test('a cross-site write carrying a cookie is refused by the CSRF check before anything else', async () => {
    const res = await kosync('PUT', '/syncs/progress', { user: reader.user.username, key, headers: { cookie: reader.cookie, origin: 'https://evil.example' }, body: { document: 'abc', progress: '1', percentage: 0.1, device: 'x', device_id: 'y' } });
    expect(res.status).toBe(403);
  });
});

describe('PUT and GET /kosync/syncs/progress for any document', () => {
  const doc = randomBytes(16).toString('hex');

  test('nothing pushed yet: 200 {}', async () => {
    const res = await signed('GET', `/syncs/progress/${doc}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
  });

  test('what a device pushes comes back as sent, with the server\'s timestamp', async () => {
    const push = { document: doc, progress: '/body/DocFragment[3]/body/div/p[2]/text().17', percentage: 0.4213, device: 'Kobo', device_id: 'A1B2C3D4' };
    const put = await signed('PUT', '/syncs/progress', push);
    expect(put.status).toBe(200);
    const stamp = Math.floor(clock.now().getTime() / 1000);
    expect(await put.json()).toEqual({ document: doc, timestamp: stamp });
    const res = await signed('GET', `/syncs/progress/${doc}`);
    expect(await res.json()).toEqual({ ...push, timestamp: stamp });
  });

  test('bad bodies get the reference server\'s codes', async () => {
    const cases: [string, number][] = [
      ['{not json', 2003],
      ['[1,2]', 2003],
      [JSON.stringify({ progress: '1', percentage: 0.5, device: 'Kobo', device_id: 'x' }), 2004],
      [JSON.stringify({ document: 'a:b', progress: '1', percentage: 0.5, device: 'Kobo' }), 2004],
      [JSON.stringify({ document: doc, percentage: 0.5, device: 'Kobo' }), 2003],
      [JSON.stringify({ document: doc, progress: '1', percentage: 'lots', device: 'Kobo' }), 2003],
      [JSON.stringify({ document: doc, progress: '1', percentage: 0.5 }), 2003],
    ];
    for (const [raw, code] of cases) {
      const res = await kosync('PUT', '/syncs/progress', { user: reader.user.username, key, raw });
      expect([raw, res.status]).toEqual([raw, 403]);
      expect(((await res.json()) as { code: number }).code).toBe(code);
    }
  });
});

describe('an EPUB exported here syncs with the web\'s progress', () => {
  let binaryId: string;

  test('the export records the partial MD5 of the downloaded bytes and md5 of the file name', async () => {
    const download = () => app.fetch(`/api/export/${BOOK}?from=1&to=20`, { headers: { cookie: reader.cookie } });
    const first = await download();
    expect(first.status).toBe(200);
    const bytes = new Uint8Array(await first.arrayBuffer());
    binaryId = koreaderPartialMd5(bytes);
    // Served again from the store: the same bytes, so the same id.
    expect(koreaderPartialMd5(new Uint8Array(await (await download()).arrayBuffer()))).toBe(binaryId);
    const rows = await app.platform.db.selectFrom('kosync_documents').select(['document', 'method', 'book_slug', 'spine']).where('book_slug', '=', BOOK).orderBy('method').execute();
    expect(rows.map((r) => [r.method, r.document])).toEqual([['binary', binaryId], ['filename', md5('Kosync Tale - chapters 1-20.epub')]]);
    // The drawn cover's page (the book has no cover of its own), the title page, then the chapters.
    expect(rows[0]!.spine).toEqual([null, null, ...Array.from({ length: 20 }, (_, i) => i + 1)]);
    expect(await (await signed('GET', `/syncs/progress/${binaryId}`)).json()).toEqual({});
  });

  test('a push inside the DocFragment of chapter 12 moves the web\'s progress to chapter 12', async () => {
    clock.advance(60_000);
    const push = { document: binaryId, progress: '/body/DocFragment[14]/body/div/p[3]/text().0', percentage: 0.58, device: 'Kobo', device_id: 'A1B2C3D4' };
    expect((await signed('PUT', '/syncs/progress', push)).status).toBe(200);
    expect((await webProgress())?.chapter).toBe(12);
    // The device's own push is still the newest: it comes back as sent.
    expect(await (await signed('GET', `/syncs/progress/${binaryId}`)).json()).toEqual({ ...push, timestamp: Math.floor(clock.now().getTime() / 1000) });
  });

  test('the filename id maps to the same book', async () => {
    const res = await signed('GET', `/syncs/progress/${md5('Kosync Tale - chapters 1-20.epub')}`);
    expect(((await res.json()) as { progress: string }).progress).toBe('/body/DocFragment[14]/body');
  });

  test('reading on to chapter 15 on the web: the device is offered the start of chapter 15', async () => {
    clock.advance(60_000);
    expect((await readOnWeb(15, clock.now())).status).toBe(200);
    const res = await signed('GET', `/syncs/progress/${binaryId}`);
    expect(await res.json()).toEqual({
      document: binaryId,
      progress: '/body/DocFragment[17]/body',
      percentage: Math.round((16 / 22) * 10_000) / 10_000,
      device: 'Chapterhouse',
      device_id: 'chapterhouse-web',
      timestamp: Math.floor(clock.now().getTime() / 1000),
    });
  });

  test('a push stamped before that web reading does not move the web back', async () => {
    const webAt = clock.now();
    clock.advance(60_000);
    const stale = Math.floor(webAt.getTime() / 1000) - 30;
    const res = await signed('PUT', '/syncs/progress', { document: binaryId, progress: '/body/DocFragment[15]/body/p[1]/text().0', percentage: 0.62, device: 'Kobo', device_id: 'A1B2C3D4', timestamp: stale });
    expect(res.status).toBe(200);
    expect((await webProgress())?.chapter).toBe(15);
    expect(((await (await signed('GET', `/syncs/progress/${binaryId}`)).json()) as { progress: string }).progress).toBe('/body/DocFragment[17]/body');
  });

  test('a newer push wins again: chapter 17 on the web, the device\'s place returned as sent', async () => {
    clock.advance(60_000);
    const push = { document: binaryId, progress: '/body/DocFragment[19]/body/p[9]/text().4', percentage: 0.83, device: 'Kobo', device_id: 'A1B2C3D4' };
    expect((await signed('PUT', '/syncs/progress', push)).status).toBe(200);
    expect((await webProgress())?.chapter).toBe(17);
    expect(((await (await signed('GET', `/syncs/progress/${binaryId}`)).json()) as { progress: string }).progress).toBe(push.progress);
  });
});
