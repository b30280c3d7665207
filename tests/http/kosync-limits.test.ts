import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHash, randomBytes } from 'node:crypto';
import type { Handler } from '../../src/platform/http/server.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs } from '../support/auth.ts';
import { testClock } from '../support/clock.ts';
import { createAppPassword, revokeAppPassword } from '../../src/features/accounts/app-passwords/service.ts';
import { KOSYNC_LIMITS } from '../../src/features/kosync/limits.ts';

/**
 * The limits on /kosync as KOReader meets them (docs/kosync.md): failed sign-ins per address and
 * per username, progress pushes per account, answered 429 in the kosync `{code, message}` shape,
 * except KOReader's login check, which gets a locked-out sign-in as the 401 its client expects.
 * The app's clock is set to the start of a half hour (a multiple of every window) and moved by the
 * test, so no window ends by chance.
 */
const HALF_HOUR = 1_800_000;
const clock = testClock();
/** The next half hour on the app's clock, plus a second. */
const startWindows = () => clock.set(new Date(Math.ceil(clock.now().getTime() / HALF_HOUR) * HALF_HOUR + 1_000));
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const wrongKey = () => randomBytes(16).toString('hex');
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ seed: false, clock: clock.now, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

/** A reader with one app password per device name; their KOReader keys (md5 of each password). */
async function readerWith(username: string, ...devices: string[]): Promise<{ id: string; keys: string[]; ids: string[] }> {
  const session = await loginAs(app, username);
  const made = await Promise.all(devices.map((device) => createAppPassword(app.platform.db, session.user.id, device)));
  return { id: session.user.id, keys: made.map((m) => md5(m.password)), ids: made.map((m) => m.id) };
}

/** A request as KOSyncClient.lua sends it, from the socket address `address`. */
function kosync(address: string, method: string, path: string, auth: { user: string; key: string }, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/vnd.koreader.v1+json', 'x-auth-user': auth.user, 'x-auth-key': auth.key };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const request = new Request(`http://localhost:3000/kosync${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return (app.handle as Handler)(request, () => address);
}
const signIn = (address: string, user: string, key: string) => kosync(address, 'GET', '/users/auth', { user, key });
const push = (address: string, user: string, key: string, document: string, percentage: number) =>
  kosync(address, 'PUT', '/syncs/progress', { user, key }, { document, progress: `/body/DocFragment[2]/body/p[${Math.round(percentage * 100)}]`, percentage, device: 'Kobo', device_id: 'KOBO1' });

async function expectLimited(res: Response, seconds: number): Promise<void> {
  expect(res.status).toBe(429);
  expect(res.headers.get('retry-after')).toBe(String(seconds));
  expect(res.headers.get('content-type')).toStartWith('application/json');
  expect(await res.json()).toEqual({ code: 2006, message: `Too many requests. Try again in ${seconds} seconds.` });
}

/** KOReader's login expects 200 or 401 (its api.json) and shows a 401's message: the lock-out comes as one. */
async function expectLockedLogin(res: Response, seconds: number): Promise<void> {
  expect(res.status).toBe(401);
  expect(res.headers.get('retry-after')).toBe(String(seconds));
  expect(res.headers.get('content-type')).toStartWith('application/json');
  expect(await res.json()).toEqual({ code: 2006, message: `Too many failed sign-ins. Try again in ${seconds} seconds.` });
}

describe('a reader never meets the limits', () => {
  test('a typo at login, two devices syncing a whole evening and an old device with a revoked password, behind one address', async () => {
    startWindows();
    const home = '198.51.100.10';
    const reader = await readerWith('evening-reader', 'Kobo', 'Phone', 'Old Kindle');
    const [kobo, phone, kindle] = reader.keys as [string, string, string];
    await revokeAppPassword(app.platform.db, reader.id, reader.ids[2]!, clock.now());
    const statuses = new Map<number, number>();
    const seen = (res: Response) => statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);

    for (const typo of [md5('kobo-pasword'), md5('kobo-passwrod'), md5('Kobo-password')]) expect((await signIn(home, 'evening-reader', typo)).status).toBe(401);
    expect((await signIn(home, 'evening-reader', kobo)).status).toBe(200);
    const book = randomBytes(16).toString('hex');
    // Four hours; both devices push as often as KOReader ever does (every 25 s), pull every half
    // hour, and for the first hour the old Kindle is read too, failing on every sync.
    for (let step = 0; step < (4 * 3600) / 25; step++) {
      seen(await push(home, 'evening-reader', kobo, book, step / 1000));
      seen(await push(home, 'evening-reader', phone, book, step / 1000));
      if (step * 25 < 3600) expect((await push(home, 'evening-reader', kindle, book, 0.5)).status).toBe(401);
      if (step % 72 === 0) seen(await kosync(home, 'GET', `/syncs/progress/${book}`, { user: 'evening-reader', key: phone }));
      clock.advance(25_000);
    }
    expect([...statuses.keys()]).toEqual([200]);
    expect(statuses.get(200)).toBe(2 * 576 + 8);
  }, 60_000);
});

describe('failed sign-ins', () => {
  test(`from one address: ${KOSYNC_LIMITS.failedSignInsPerAddress.max} are answered 401, then the address waits ${KOSYNC_LIMITS.failedSignInsPerAddress.windowSeconds / 60} minutes, even with the right key`, async () => {
    startWindows();
    const { max, windowSeconds } = KOSYNC_LIMITS.failedSignInsPerAddress;
    const owner = await readerWith('guessed-reader', 'Kobo');
    const other = await readerWith('other-reader', 'Kobo');
    const guesser = '203.0.113.66';
    // Guesses spread over names, as a scan would be: each name stays far below its own limit.
    for (let i = 0; i < max; i++) expect((await signIn(guesser, i % 2 ? 'guessed-reader' : `nobody-${i}`, wrongKey())).status).toBe(401);
    await expectLockedLogin(await signIn(guesser, 'guessed-reader', wrongKey()), windowSeconds);
    clock.advance(60_000);
    await expectLockedLogin(await signIn(guesser, 'other-reader', other.keys[0]!), windowSeconds - 60);
    // A push keeps 429: KOReader queues it and sends it again later (a 401 would drop it).
    await expectLimited(await push(guesser, 'guessed-reader', owner.keys[0]!, randomBytes(16).toString('hex'), 0.1), windowSeconds - 60);
    // Elsewhere the owner signs in as usual.
    expect((await signIn('198.51.100.20', 'guessed-reader', owner.keys[0]!)).status).toBe(200);
    clock.advance((windowSeconds - 60) * 1000);
    expect((await signIn(guesser, 'other-reader', other.keys[0]!)).status).toBe(200);
    expect((await signIn(guesser, 'guessed-reader', wrongKey())).status).toBe(401);
  });

  test(`for one username from many addresses: ${KOSYNC_LIMITS.failedSignInsPerUsername.max} are answered 401, then the username waits ${KOSYNC_LIMITS.failedSignInsPerUsername.windowSeconds / 60} minutes`, async () => {
    startWindows();
    const { max, windowSeconds } = KOSYNC_LIMITS.failedSignInsPerUsername;
    const target = await readerWith('Spread-Target', 'Kobo');
    const bystander = await readerWith('bystander', 'Kobo');
    for (let i = 0; i < max; i++) expect((await signIn(`192.0.2.${i + 1}`, 'spread-target', wrongKey())).status).toBe(401);
    await expectLockedLogin(await signIn('192.0.2.200', 'SPREAD-TARGET', wrongKey()), windowSeconds);
    await expectLockedLogin(await signIn('198.51.100.30', 'spread-target', target.keys[0]!), windowSeconds);
    // The addresses themselves are not locked: another reader signs in from one of them.
    expect((await signIn('192.0.2.1', 'bystander', bystander.keys[0]!)).status).toBe(200);
    clock.advance(windowSeconds * 1000);
    expect((await signIn('198.51.100.30', 'spread-target', target.keys[0]!)).status).toBe(200);
  });

  test('the same wrong key again and again (a device whose password was revoked) is counted once', async () => {
    startWindows();
    const reader = await readerWith('stale-device', 'Kindle');
    await revokeAppPassword(app.platform.db, reader.id, reader.ids[0]!, clock.now());
    for (let i = 0; i < 3 * KOSYNC_LIMITS.failedSignInsPerAddress.max; i++) expect((await signIn('198.51.100.40', 'stale-device', reader.keys[0]!)).status).toBe(401);
  });

  test('requests without both headers are refused 401 and not counted', async () => {
    startWindows();
    const reader = await readerWith('header-less', 'Kobo');
    for (let i = 0; i < 2 * KOSYNC_LIMITS.failedSignInsPerAddress.max; i++) {
      expect((await signIn('198.51.100.50', '', wrongKey())).status).toBe(401);
      expect((await signIn('198.51.100.50', 'header-less', '')).status).toBe(401);
    }
    expect((await signIn('198.51.100.50', 'header-less', reader.keys[0]!)).status).toBe(200);
  });
});

describe('progress pushes', () => {
  test(`${KOSYNC_LIMITS.pushesPerAccount.max} in ${KOSYNC_LIMITS.pushesPerAccount.windowSeconds / 60} minutes per account; past them 429 until the window ends, pulls still answered`, async () => {
    startWindows();
    const { max, windowSeconds } = KOSYNC_LIMITS.pushesPerAccount;
    const script = await readerWith('push-script', 'Kobo', 'Phone');
    const calm = await readerWith('calm-reader', 'Kobo');
    const book = randomBytes(16).toString('hex');
    const address = '198.51.100.60';
    for (let i = 0; i < max; i++) expect((await push(address, 'push-script', script.keys[i % 2]!, book, i / max)).status).toBe(200);
    clock.advance(100_000);
    await expectLimited(await push(address, 'push-script', script.keys[0]!, book, 0.9), windowSeconds - 101);
    await expectLimited(await push('198.51.100.61', 'push-script', script.keys[1]!, book, 0.9), windowSeconds - 101);
    // The last push kept is the last one let through.
    const pulled = await kosync(address, 'GET', `/syncs/progress/${book}`, { user: 'push-script', key: script.keys[0]! });
    expect(pulled.status).toBe(200);
    expect(((await pulled.json()) as { percentage: number }).percentage).toBe((max - 1) / max);
    expect((await push(address, 'calm-reader', calm.keys[0]!, book, 0.2)).status).toBe(200);
    clock.advance((windowSeconds - 100) * 1000);
    expect((await push(address, 'push-script', script.keys[0]!, book, 0.95)).status).toBe(200);
  });
});
