import { afterAll, beforeAll, expect, test } from 'bun:test';
import { createHandler } from '../../src/app.ts';
import { createPolicyReader } from '../../src/features/policy/reader.ts';
import { policyOf } from '../../src/features/policy/service.ts';
import { createMemoryCache } from '../../src/platform/cache/memory.ts';
import type { Cache } from '../../src/platform/cache/port.ts';
import { loadAssets } from '../../src/platform/http/assets.ts';
import type { BootedPlatform } from '../../src/platform/boot.ts';
import { BASE_URL, startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';
import { until } from '../support/until.ts';

/**
 * Several web processes on one database see a change of the policy at once: each keeps the policy
 * in memory and forgets it when a save is announced on the shared cache. A second app over the same
 * database and cache stands for another process; readers made here show the fallbacks.
 */
let app: TestApp;
let owner: Session;
let reader: Session;
let other: BootedPlatform;
let otherHandle: (request: Request) => Promise<Response>;

beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
  [owner, reader] = [await loginAs(app, 'processes-owner', { role: 'admin' }), await loginAs(app, 'processes-reader')];
  other = { ...app.platform };
  otherHandle = createHandler(other, loadAssets());
  await Promise.all([policyOf(app.platform).ready, policyOf(other).ready]);
});
afterAll(() => app.close());

const put = (body: unknown) =>
  app.fetch('/api/admin/settings', { method: 'PUT', headers: { 'content-type': 'application/json', accept: 'application/json', origin: TEST_ORIGIN, cookie: owner.cookie }, body: JSON.stringify(body) });
const onOther = (path: string, session: Session | null = null) => otherHandle(new Request(new URL(path, BASE_URL), { headers: { accept: 'application/json', ...(session ? { cookie: session.cookie } : {}) } }));
const limitsOnOther = async () => ((await (await onOther('/api/policy')).json()) as { limits: unknown }).limits;
/** The announcement travels through the shared cache (Redis with TEST_BACKENDS=real): the other process has it within moments, not after its copy's 30 s. */
const otherSees = (limits: unknown) => until(async () => (JSON.stringify(await limitsOnOther()) === JSON.stringify(limits) ? true : undefined), 2_000, 10);

test('a save through one process holds on the other as soon as the announcement arrives', async () => {
  expect(policyOf(other)).not.toBe(policyOf(app.platform));
  expect(await limitsOnOther()).toBeNull();
  expect((await onOther('/api/export/ink-and-alibis?from=1&to=1', reader)).status).toBe(200);
  expect((await put({ limits_enabled: true, audio_chapters_per_day: 2, pro_features_open: false })).status).toBe(200);
  await otherSees({ audio_chapters_per_day: 2, translations_per_day: 3 });
  const refused = await onOther('/api/export/ink-and-alibis?from=1&to=1', reader);
  expect([refused.status, await refused.json()]).toEqual([403, { error: 'forbidden', message: 'EPUB export is for Pro readers on this server; its owner decides who they are' }]);
  expect((await put({ limits_enabled: false, pro_features_open: true, audio_chapters_per_day: 3 })).status).toBe(200);
  await otherSees(null);
});

test('a process that misses the announcement catches up when its copy expires', async () => {
  let now = 1_000_000;
  const deaf = createMemoryCache(); // its own pub/sub: it never hears the other processes
  const stale = createPolicyReader({ db: app.platform.db, cache: deaf, payments: app.platform.config.payments, ttlSeconds: 30, now: () => now });
  try {
    await stale.ready;
    expect((await stale.current()).limits_enabled).toBe(false);
    expect((await put({ limits_enabled: true })).status).toBe(200);
    expect((await stale.current()).limits_enabled).toBe(false);
    now += 29_000;
    expect((await stale.current()).limits_enabled).toBe(false);
    now += 2_000;
    expect((await stale.current()).limits_enabled).toBe(true);
  } finally {
    await stale.close();
    await deaf.close();
    await put({ limits_enabled: false });
  }
});

test('with the cache away nothing is kept: every read goes to the database and sees the change at once', async () => {
  const errors: unknown[] = [];
  const away = { subscribe: () => Promise.reject(new Error('cache unreachable')) } as unknown as Cache;
  const direct = createPolicyReader({ db: app.platform.db, cache: away, payments: app.platform.config.payments, onError: (error) => errors.push(error) });
  try {
    await direct.ready;
    expect(errors).toHaveLength(1);
    expect((await direct.current()).audio_chapters_per_day).toBe(3);
    expect((await put({ audio_chapters_per_day: 9 })).status).toBe(200);
    expect(await direct.current()).toEqual({ limits_enabled: false, audio_chapters_per_day: 9, translations_per_day: 3, pro_features_open: true, payments_configured: false });
  } finally {
    await direct.close();
    await put({ audio_chapters_per_day: 3 });
  }
});

test('concurrent reads share one database read', async () => {
  const reads: number[] = [];
  const counting = new Proxy(app.platform.db, {
    get(target, property) {
      if (property === 'selectFrom') reads.push(1);
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const cache = createMemoryCache();
  const shared = createPolicyReader({ db: counting, cache, payments: app.platform.config.payments });
  try {
    await shared.ready;
    const all = await Promise.all(Array.from({ length: 20 }, () => shared.current()));
    expect(new Set(all).size).toBe(1);
    expect(reads).toHaveLength(1);
    await shared.current();
    expect(reads).toHaveLength(1);
    shared.forget();
    await shared.current();
    expect(reads).toHaveLength(2);
  } finally {
    await shared.close();
    await cache.close();
  }
});
