import { afterAll, beforeAll, expect, test } from 'bun:test';
import { READER_WRITE_LIMITS, type ReaderWrite } from '../../src/platform/http/rate-limit.ts';
import type { Handler } from '../../src/platform/http/server.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';
import { BOOK, TEST_ORIGIN, startWorld, type World } from './support/world.ts';

/**
 * Ratings, discovery votes and progress are open to anonymous readers: each is limited per reader
 * (account or anonymous session) and per client address, in fixed one-minute windows. The clock
 * stands still a second into a minute, so no test meets a window's end.
 */
const clock = testClock(new Date(Math.floor(Date.now() / 60_000) * 60_000 + 1_000));
let world: World;
let proxied: TestApp;
beforeAll(async () => {
  // Startup is most of this file's time; the proxied app needs no signed-in callers.
  [world, proxied] = await Promise.all([startWorld({}, { clock: clock.now }), startTestApp({ env: { TRUST_PROXY: '1' }, clock: clock.now })]);
}, 60_000);
afterAll(async () => {
  await Promise.all([world?.app.close(), proxied?.close()]);
});

const WRITES: Record<ReaderWrite, { method: string; path: string; body: object }> = {
  progress: { method: 'POST', path: '/api/progress', body: { slug: BOOK, chapter: 1 } },
  rating: { method: 'POST', path: `/api/ratings/${BOOK}`, body: { rating: 4 } },
  vote: { method: 'POST', path: '/api/discover/vote', body: { slug: BOOK, action: 'like' } },
  report: { method: 'POST', path: `/api/books/${BOOK}/pronunciations/reports`, body: { chapter: 1, word: 'Sundqvist', voice: 'espeak-en-us' } },
};

let sessions = 0;
const freshSession = () => `session_id=limits-${++sessions}-0123456789abcdef`;

/** One write as a browser sends it, from the socket address `address` (the second argument of the server's handler). */
function write(target: TestApp, kind: ReaderWrite, cookie: string, address: string, headers: Record<string, string> = {}): Promise<Response> {
  const { method, path, body } = WRITES[kind];
  const request = new Request(new URL(path, TEST_ORIGIN), {
    method,
    headers: { accept: 'application/json', 'content-type': 'application/json', origin: TEST_ORIGIN, cookie, ...headers },
    body: JSON.stringify(body),
  });
  return (target.handle as Handler)(request, () => address);
}

async function statuses(responses: Promise<Response>[]): Promise<number[]> {
  return Promise.all(responses.map(async (pending) => (await pending).status));
}

/** `count` writes in a row; the statuses, collapsed to "ok" for 2xx. */
async function burst(count: number, send: (i: number) => Promise<Response>): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < count; i++) {
    const status = (await send(i)).status;
    seen.push(status < 300 ? 'ok' : String(status));
  }
  return seen;
}

async function expectLimited(response: Response): Promise<void> {
  expect(response.status).toBe(429);
  expect(await response.json()).toEqual({ error: 'rate_limited', message: expect.any(String) });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
}

for (const kind of ['progress', 'rating', 'vote'] as const) {
  test(`${kind}: an anonymous session gets ${READER_WRITE_LIMITS[kind].perReader.max} a minute, then 429 rate_limited with Retry-After; another session is not held up`, async () => {
    const address = `192.0.2.${kind.length}`;
    const cookie = freshSession();
    const max = READER_WRITE_LIMITS[kind].perReader.max;
    expect(await burst(max, () => write(world.app, kind, cookie, address))).toEqual(Array(max).fill('ok'));
    await expectLimited(await write(world.app, kind, cookie, address));
    // The same session by header instead of cookie is the same reader.
    await expectLimited(await write(world.app, kind, '', address, { 'x-session-id': cookie.slice('session_id='.length) }));
    expect((await write(world.app, kind, freshSession(), address)).status).toBeLessThan(300);
  });
}

test('a signed-in reader is counted by account: a new anonymous session id does not reset the count', async () => {
  const caller = await world.throwaway('user');
  const max = READER_WRITE_LIMITS.rating.perReader.max;
  expect(await burst(max, (i) => write(world.app, 'rating', `${caller.cookie}; ${freshSession()}`, `198.51.100.${i % 50}`))).toEqual(Array(max).fill('ok'));
  await expectLimited(await write(world.app, 'rating', `${caller.cookie}; ${freshSession()}`, '198.51.100.99'));
});

test('the star form and the API share the rating count', async () => {
  const cookie = freshSession();
  const max = READER_WRITE_LIMITS.rating.perReader.max;
  expect(await burst(max, () => write(world.app, 'rating', cookie, '192.0.2.77'))).toEqual(Array(max).fill('ok'));
  const form = new Request(new URL(`/ratings/${BOOK}`, TEST_ORIGIN), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, cookie },
    body: 'rating=5',
  });
  expect((await (world.app.handle as Handler)(form, () => '192.0.2.77')).status).toBe(429);
});

/** Fills an address's rating allowance with fresh sessions (each under its own limit). */
async function fillAddress(target: TestApp, address: string, headers: Record<string, string> = {}, spoof?: (i: number) => string): Promise<void> {
  const { perReader, perAddress } = READER_WRITE_LIMITS.rating;
  let sent = 0;
  while (sent < perAddress.max) {
    const cookie = freshSession();
    const batch = Math.min(perReader.max, perAddress.max - sent);
    const results = await statuses(Array.from({ length: batch }, (_, i) => write(target, 'rating', cookie, address, spoof ? { ...headers, 'x-forwarded-for': spoof(sent + i) } : headers)));
    expect(results.filter((status) => status >= 300)).toEqual([]);
    sent += batch;
  }
}

test('an address is limited across sessions: a script rotating session ids meets the address limit', async () => {
  await fillAddress(world.app, '203.0.113.10');
  await expectLimited(await write(world.app, 'rating', freshSession(), '203.0.113.10'));
  expect((await write(world.app, 'rating', freshSession(), '203.0.113.11')).status).toBeLessThan(300);
});

test('without TRUST_PROXY a made-up X-Forwarded-For does not escape the address limit', async () => {
  await fillAddress(world.app, '203.0.113.20', {}, (i) => `10.9.${i >> 8}.${i & 255}`);
  await expectLimited(await write(world.app, 'rating', freshSession(), '203.0.113.20', { 'x-forwarded-for': '10.200.0.1' }));
});

test('behind a trusted proxy (TRUST_PROXY=1) each forwarded client has its own address count', async () => {
  const proxy = '10.0.0.2';
  await fillAddress(proxied, proxy, { 'x-forwarded-for': '198.51.100.1' });
  await expectLimited(await write(proxied, 'rating', freshSession(), proxy, { 'x-forwarded-for': '198.51.100.1' }));
  // Another client behind the same proxy, and the same client through a chain (its first entry), are counted apart and together.
  expect((await write(proxied, 'rating', freshSession(), proxy, { 'x-forwarded-for': '198.51.100.2' })).status).toBeLessThan(300);
  await expectLimited(await write(proxied, 'rating', freshSession(), proxy, { 'x-forwarded-for': '198.51.100.1, 10.0.0.3' }));
});
