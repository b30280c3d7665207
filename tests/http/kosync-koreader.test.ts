import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHash, randomBytes } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, type Session } from '../support/auth.ts';
import { testClock } from '../support/clock.ts';
import { linkOf, parseFeed } from '../support/opds.ts';
import { createAppPassword } from '../../src/features/accounts/app-passwords/service.ts';
import { bumpCatalogueVersion } from '../../src/features/catalogue/version.ts';
import { KOSYNC_LIMITS } from '../../src/features/kosync/limits.ts';

/**
 * KOReader as it is: the requests of its Progress sync plugin (plugins/kosync.koplugin: api.json
 * gives each call's method, path and the statuses the client accepts; KOSyncClient.lua sends
 * `Accept: application/vnd.koreader.v1+json`, `x-auth-user` and `x-auth-key`), what its login
 * shows for each answer (main.lua doLogin), and the names its OPDS browser gives a book it
 * downloads from our catalogue (plugins/opds.koplugin), whose md5 is the "Filename" document id.
 */
const API = {
  register: { method: 'POST', path: '/users/create', expected: [201, 402] },
  authorize: { method: 'GET', path: '/users/auth', expected: [200, 401] },
  update_progress: { method: 'PUT', path: '/syncs/progress', expected: [200, 202, 401] },
  get_progress: { method: 'GET', path: '/syncs/progress/:document', expected: [200, 401] },
} as const;
type Call = keyof typeof API;

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const BOOK = { slug: 'fluss-der-wegweiser', title: 'Fluß: Der "Wegweiser"?', author: 'Jörg Müller' };
// An hour back, so the steps below stay behind the real clock that the web's progress caps timestamps by.
const clock = testClock(new Date(Date.now() - 3_600_000));
let app: TestApp;
let reader: Session;
let password: string;

beforeAll(async () => {
  app = await startTestApp({ clock: clock.now, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
  const db = app.platform.db;
  await db.insertInto('books').values({ ...BOOK, chapter_count: 3 }).execute();
  await db.insertInto('chapters').values([1, 2, 3].map((n) => ({ book_slug: BOOK.slug, number: n, title: `Teil ${n}`, text: `Kapitel ${n}.` }))).execute();
  await bumpCatalogueVersion(app.platform.cache);
  reader = await loginAs(app, 'ko-device', { role: 'pro' });
  password = (await createAppPassword(db, reader.user.id, 'Kobo Libra')).password;
});
afterAll(() => app.close());

interface Answer {
  status: number;
  body: Record<string, unknown> | null;
  /** Spore raises on a status outside `expected`: the plugin's pcall fails and the body is lost. */
  accepted: boolean;
}

/** One call as KOSyncClient.lua makes it, from the socket address `address`. */
async function call(name: Call, options: { user?: string; key?: string; document?: string; payload?: Record<string, unknown> } = {}): Promise<Answer> {
  const spec = API[name];
  const headers: Record<string, string> = { accept: 'application/vnd.koreader.v1+json' };
  if (options.user !== undefined) headers['x-auth-user'] = options.user;
  if (options.key !== undefined) headers['x-auth-key'] = options.key;
  if (options.payload) headers['content-type'] = 'application/json';
  const path = spec.path.replace(':document', options.document ?? '');
  const res = await app.fetch(`/kosync${path}`, { method: spec.method, headers, body: options.payload ? JSON.stringify(options.payload) : undefined });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null, accepted: (spec.expected as readonly number[]).includes(res.status) };
}

/** What KOReader's login dialog shows for the answer to `authorize` (main.lua doLogin). */
function loginShows(answer: Answer): string {
  if (!answer.accepted) return 'Unknown server error';
  if (answer.status === 200) return 'Logged in to KOReader server.';
  return typeof answer.body?.message === 'string' ? answer.body.message : 'Unknown server error';
}

const login = (user: string, key: string) => call('authorize', { user, key });

describe("KOReader's login", () => {
  test('the right username and md5 of the app password: logged in', async () => {
    expect(loginShows(await login('ko-device', md5(password)))).toBe('Logged in to KOReader server.');
  });

  test('a wrong password: 401, and the reader sees "Unauthorized"', async () => {
    const answer = await login('ko-device', md5('not it'));
    expect(answer).toMatchObject({ status: 401, accepted: true });
    expect(loginShows(answer)).toBe('Unauthorized');
  });

  test('Register: 402, an accepted status, and the reader is told to use an app password', async () => {
    const answer = await call('register', { payload: { username: 'ko-device', password: md5('x') } });
    expect(answer).toMatchObject({ status: 402, accepted: true });
    expect(answer.body?.message).toStartWith('User registration is disabled.');
  });

  test('locked out after too many failed sign-ins: a status the client accepts, and it shows how long to wait', async () => {
    const { max, windowSeconds } = KOSYNC_LIMITS.failedSignInsPerAddress;
    for (let i = 0; i < max; i++) expect((await login(`guess-${i}`, randomBytes(16).toString('hex'))).status).toBe(401);
    const locked = await login('ko-device', md5(password));
    expect(locked).toMatchObject({ status: 401, accepted: true, body: { code: 2006 } });
    expect(loginShows(locked)).toBe(`Too many failed sign-ins. Try again in ${windowSeconds} seconds.`);
    // Still locked for pushes, which keep 429 so KOReader queues them for later rather than dropping them.
    const push = await call('update_progress', { user: 'ko-device', key: md5(password), payload: { document: 'a'.repeat(32), progress: '1', percentage: 0.1, device: 'Kobo', device_id: 'K1' } });
    expect(push).toMatchObject({ status: 429, accepted: false });
    clock.advance(windowSeconds * 1000);
    expect(loginShows(await login('ko-device', md5(password)))).toBe('Logged in to KOReader server.');
  });
});

describe('progress as KOReader pushes and pulls it', () => {
  const signed = { user: 'ko-device', key: '' };
  beforeAll(() => {
    signed.key = md5(password);
  });

  test('a push without device_id is pulled back without one, like the reference server (never "")', async () => {
    const document = randomBytes(16).toString('hex');
    const push = await call('update_progress', { ...signed, payload: { document, progress: '12', percentage: 0.25, device: 'PocketBook' } });
    expect(push).toMatchObject({ status: 200, accepted: true });
    const pull = await call('get_progress', { ...signed, document });
    expect(pull.accepted).toBe(true);
    expect(pull.body).toEqual({ document, progress: '12', percentage: 0.25, device: 'PocketBook', timestamp: Math.floor(clock.now().getTime() / 1000) });
    expect(pull.body).not.toHaveProperty('device_id');
  });

  test('every call answers a status its API description expects', async () => {
    const document = randomBytes(16).toString('hex');
    const answers = [
      await call('update_progress', { ...signed, payload: { document, progress: '/body/DocFragment[2]/body', percentage: 0.5, device: 'Kobo', device_id: 'K1' } }),
      await call('get_progress', { ...signed, document }),
      await call('get_progress', { ...signed, document: randomBytes(16).toString('hex') }),
      await call('get_progress', { user: 'ko-device', key: md5('wrong'), document }),
      await call('update_progress', { user: 'ko-device', key: md5('wrong'), payload: { document, progress: '1', percentage: 0.1, device: 'Kobo', device_id: 'K1' } }),
    ];
    expect(answers.map((a) => [a.status, a.accepted])).toEqual([[200, true], [200, true], [200, true], [401, true], [401, true]]);
  });
});

describe('books downloaded through the OPDS catalogue, matched by file name', () => {
  const basic = () => `Basic ${Buffer.from(`ko-device:${password}`).toString('base64')}`;
  let href = '';
  let serverName = '';

  test("KOReader's OPDS browser finds the book, reads the server's file name with a HEAD and downloads it", async () => {
    const feed = await parseFeed(await (await app.fetch('/opds/search?q=Wegweiser', { headers: { authorization: basic() } })).text());
    const entry = feed.entries.find((e) => e.id === `urn:chapterhouse:book:${BOOK.slug}`)!;
    expect(entry.author).toBe(BOOK.author);
    href = linkOf(entry.links, 'http://opds-spec.org/acquisition')!.href.replace('http://localhost:3000', '');
    expect(href).toBe(`/api/export/${BOOK.slug}?auth=basic`);
    // LuaSocket sends the catalogue's credentials with the request; no Accept header.
    const head = await app.fetch(href, { method: 'HEAD', headers: { authorization: basic(), 'accept-encoding': 'identity' } });
    expect(head.status).toBe(200);
    const disposition = head.headers.get('content-disposition')!;
    serverName = /filename="([^"]+)"/.exec(disposition)![1]!;
    expect(serverName).toBe('Fluss Der Wegweiser - chapters 1-3.epub');
    const download = await app.fetch(href, { headers: { authorization: basic(), 'accept-encoding': 'identity' } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(disposition);
    expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  test('each name KOReader may give the file is a document id of the book', async () => {
    const names = [
      // Its default, "Author - Title" with Windows' forbidden characters as "_", then the type's suffix.
      'Jörg Müller - Fluß_ Der _Wegweiser__.epub',
      // "Use server filenames": the quoted name of the HEAD's Content-Disposition.
      serverName,
      // Its fallback when a HEAD names nothing: the link's last path segment, the suffix added.
      `${BOOK.slug}.epub`,
      // The website's download name.
      'Fluß Der Wegweiser - chapters 1-3.epub',
    ];
    const rows = await app.platform.db.selectFrom('kosync_documents').select('document').where('book_slug', '=', BOOK.slug).where('method', '=', 'filename').execute();
    expect(rows.map((r) => r.document).sort()).toEqual(names.map(md5).sort());
  });

  test('a push under the default name moves the web to that chapter; the other names pull it back', async () => {
    clock.advance(60_000);
    const key = md5(password);
    const push = await call('update_progress', { user: 'ko-device', key, payload: { document: md5('Jörg Müller - Fluß_ Der _Wegweiser__.epub'), progress: '/body/DocFragment[4]/body/p[1]/text().0', percentage: 0.5, device: 'Kobo', device_id: 'K1' } });
    expect(push.status).toBe(200);
    const web = (await (await app.fetch(`/api/progress/${BOOK.slug}`, { headers: { accept: 'application/json', cookie: reader.cookie } })).json()) as { progress: { chapter: number } | null };
    // The spine is the drawn cover (the book has no cover of its own), the title page, then the chapters: DocFragment[4] is chapter 2.
    expect(web.progress?.chapter).toBe(2);
    for (const name of [serverName, `${BOOK.slug}.epub`]) {
      const pull = await call('get_progress', { user: 'ko-device', key, document: md5(name) });
      expect(pull.body?.progress).toBe('/body/DocFragment[4]/body');
    }
  });
});
