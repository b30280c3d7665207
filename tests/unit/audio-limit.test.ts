import { afterEach, beforeEach, expect, test } from 'bun:test';
import { countChapter, mayListen, type Listener } from '../../src/features/audio/limit.ts';
import { createMemoryCache } from '../../src/platform/cache/memory.ts';
import type { Cache } from '../../src/platform/cache/port.ts';
import { dailyKey } from '../../src/features/limits/daily.ts';

let cache: Cache;
beforeEach(() => {
  cache = createMemoryCache();
});
afterEach(() => cache.close());

const reader = (id: string, role: Listener['role'] = 'user'): Listener => ({ reader: { kind: 'user', userId: id }, role });
const anonymous = (session: string): Listener => ({ reader: { kind: 'anon', sessionId: session }, role: null });
const refusal = { status: 402, code: 'pro_required' };

test('three distinct chapters a day; the fourth is 402; replays are free', async () => {
  const who = reader('u1');
  for (const n of [1, 2, 3]) await countChapter(cache, who, 'book', n);
  await expect(countChapter(cache, who, 'book', 4)).rejects.toMatchObject(refusal);
  for (const n of [3, 1, 2, 3]) await countChapter(cache, who, 'book', n);
  await expect(countChapter(cache, who, 'other-book', 1)).rejects.toMatchObject(refusal);
  expect(await cache.setMembers(dailyKey('audio', 'user:u1', new Date()))).toEqual(['book:1', 'book:2', 'book:3']);
});

test('mayListen reads only: it never counts, and says what a GET would get', async () => {
  const who = anonymous('s1');
  for (let n = 1; n <= 10; n++) expect(await mayListen(cache, who, 'book', n)).toBe(true);
  expect(await cache.setMembers(dailyKey('audio', 'anon:s1', new Date()))).toEqual([]);
  for (const n of [1, 2, 3]) await countChapter(cache, who, 'book', n);
  expect(await mayListen(cache, who, 'book', 2)).toBe(true);
  expect(await mayListen(cache, who, 'book', 4)).toBe(false);
});

test('pro and admin are unlimited and leave no count behind', async () => {
  for (const role of ['pro', 'admin'] as const) {
    const who = reader(`r-${role}`, role);
    for (let n = 1; n <= 20; n++) await countChapter(cache, who, 'book', n);
    expect(await mayListen(cache, who, 'book', 21)).toBe(true);
    expect(await cache.setMembers(dailyKey('audio', `user:r-${role}`, new Date()))).toEqual([]);
  }
});

test('a new UTC day starts a new count', async () => {
  const who = reader('u2');
  const day1 = new Date('2026-11-21T23:59:00Z');
  const day2 = new Date('2026-11-22T00:01:00Z');
  for (const n of [1, 2, 3]) await countChapter(cache, who, 'book', n, day1);
  await expect(countChapter(cache, who, 'book', 4, day1)).rejects.toMatchObject(refusal);
  await countChapter(cache, who, 'book', 4, day2);
  expect(await mayListen(cache, who, 'book', 5, day2)).toBe(true);
});

test('concurrent requests for new chapters never get past three', async () => {
  const who = reader('u3');
  const results = await Promise.allSettled(Array.from({ length: 12 }, (_, n) => countChapter(cache, who, 'book', n + 1)));
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
  expect(await cache.setMembers(dailyKey('audio', 'user:u3', new Date()))).toHaveLength(3);
});
