import { afterEach, beforeEach, expect, test } from 'bun:test';
import { countChapter, mayListen, type Listener } from '../../src/features/audio/limit.ts';
import { createMemoryCache } from '../../src/platform/cache/memory.ts';
import type { Cache } from '../../src/platform/cache/port.ts';
import { dailyKey } from '../../src/features/limits/daily.ts';
import { justBeforeUtcMidnight, testClock } from '../support/clock.ts';
import { defaultPolicy } from '../../src/features/policy/defaults.ts';
import type { PolicyInForce } from '../../src/features/policy/model.ts';

/** The contract's rules: a site that takes payments, its policy untouched (3 chapters a day). */
const PAID: PolicyInForce = { ...defaultPolicy({ apiUrl: 'https://polar.test', accessToken: null, productId: null, webhookSecret: 'whsec_x' }), payments_configured: true };

let cache: Cache;
const clock = testClock();
beforeEach(() => {
  cache = createMemoryCache();
  clock.set(new Date());
});
afterEach(() => cache.close());

const reader = (id: string, role: Listener['role'] = 'user'): Listener => ({ reader: { kind: 'user', userId: id }, role });
const anonymous = (session: string): Listener => ({ reader: { kind: 'anon', sessionId: session }, role: null });
const refusal = { status: 402, code: 'pro_required' };

test('three distinct chapters a day; the fourth is 402; replays are free', async () => {
  const who = reader('u1');
  for (const n of [1, 2, 3]) await countChapter(cache, PAID, who, 'book', n, clock.now());
  await expect(countChapter(cache, PAID, who, 'book', 4, clock.now())).rejects.toMatchObject(refusal);
  for (const n of [3, 1, 2, 3]) await countChapter(cache, PAID, who, 'book', n, clock.now());
  await expect(countChapter(cache, PAID, who, 'other-book', 1, clock.now())).rejects.toMatchObject(refusal);
  expect(await cache.setMembers(dailyKey('audio', 'user:u1', clock.now()))).toEqual(['book:1', 'book:2', 'book:3']);
});

test('mayListen reads only: it never counts, and says what a GET would get', async () => {
  const who = anonymous('s1');
  for (let n = 1; n <= 10; n++) expect(await mayListen(cache, PAID, who, 'book', n, clock.now())).toBe(true);
  expect(await cache.setMembers(dailyKey('audio', 'anon:s1', clock.now()))).toEqual([]);
  for (const n of [1, 2, 3]) await countChapter(cache, PAID, who, 'book', n, clock.now());
  expect(await mayListen(cache, PAID, who, 'book', 2, clock.now())).toBe(true);
  expect(await mayListen(cache, PAID, who, 'book', 4, clock.now())).toBe(false);
});

test('pro and admin are unlimited and leave no count behind', async () => {
  for (const role of ['pro', 'admin'] as const) {
    const who = reader(`r-${role}`, role);
    for (let n = 1; n <= 20; n++) await countChapter(cache, PAID, who, 'book', n, clock.now());
    expect(await mayListen(cache, PAID, who, 'book', 21, clock.now())).toBe(true);
    expect(await cache.setMembers(dailyKey('audio', `user:r-${role}`, clock.now()))).toEqual([]);
  }
});

test('a new UTC day starts a new count', async () => {
  const who = reader('u2');
  clock.set(justBeforeUtcMidnight());
  for (const n of [1, 2, 3]) await countChapter(cache, PAID, who, 'book', n, clock.now());
  await expect(countChapter(cache, PAID, who, 'book', 4, clock.now())).rejects.toMatchObject(refusal);
  const yesterday = dailyKey('audio', 'user:u2', clock.now());
  // The day's set lives until that day ends (a minute), reckoned from the limit's clock.
  expect(await cache.ttl(yesterday)).toBeGreaterThan(0);
  expect(await cache.ttl(yesterday)).toBeLessThanOrEqual(60);
  clock.advance(2 * 60_000);
  await countChapter(cache, PAID, who, 'book', 4, clock.now());
  expect(await mayListen(cache, PAID, who, 'book', 5, clock.now())).toBe(true);
  expect(await cache.setMembers(dailyKey('audio', 'user:u2', clock.now()))).toEqual(['book:4']);
});

test('a count made late in the day lives only until that day ends', async () => {
  const who = reader('u4');
  clock.set(new Date(justBeforeUtcMidnight().getTime() + 59_000)); // one second left
  await countChapter(cache, PAID, who, 'book', 1, clock.now());
  expect(await cache.ttl(dailyKey('audio', 'user:u4', clock.now()))).toBe(1);
});

test('concurrent requests for new chapters never get past three', async () => {
  const who = reader('u3');
  const results = await Promise.allSettled(Array.from({ length: 12 }, (_, n) => countChapter(cache, PAID, who, 'book', n + 1, clock.now())));
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
  expect(await cache.setMembers(dailyKey('audio', 'user:u3', clock.now()))).toHaveLength(3);
});
