import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { createMemoryCache, createRedisCache, type Cache } from '../../src/platform/cache/index.ts';
import { createTestRedisCache, randomPrefix } from '../support/cache.ts';
import { withRealServers } from '../support/servers.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Records every message on `channel`; `unsubscribe` resolves once the subscription is live. */
function collect(cache: Cache, channel: string) {
  const received: string[] = [];
  const unsubscribe = cache.subscribe(channel, (message) => received.push(message));
  return { received, unsubscribe };
}

// Pub/sub delivery is asynchronous in both adapters; give it a moment.
const settle = () => sleep(50);

type Adapter = {
  name: string;
  /** Two caches that share keys and channels (memory: the same instance; it is single-process). */
  open(): Promise<[Cache, Cache]>;
  /** Needs the Redis server: only with `npm run test:real`. */
  servers?: true;
};

const adapters: Adapter[] = [
  {
    name: 'memory',
    async open() {
      const cache = createMemoryCache();
      return [cache, cache];
    },
  },
  {
    name: 'redis',
    servers: true,
    async open() {
      const prefix = randomPrefix();
      return [await createTestRedisCache(prefix), await createTestRedisCache(prefix)];
    },
  },
];

describe.each(adapters.filter((a) => withRealServers || !a.servers))('cache contract: $name', (adapter) => {
  let cache: Cache;
  let peer: Cache;

  beforeEach(async () => {
    [cache, peer] = await adapter.open();
  });

  afterEach(async () => {
    await cache.close();
    if (peer !== cache) await peer.close();
  });

  test('kind names the adapter', () => {
    expect(cache.kind).toBe(adapter.name as Cache['kind']);
  });

  test('get of a missing key is null', async () => {
    expect(await cache.get('missing')).toBeNull();
  });

  test('set then get; set overwrites', async () => {
    await cache.set('a', 'one');
    expect(await cache.get('a')).toBe('one');
    await cache.set('a', 'two');
    expect(await cache.get('a')).toBe('two');
  });

  // One wait for every kind of expiry keeps the suite fast.
  test('set, setIfAbsent and incr keys expire after their ttl', async () => {
    await cache.set('short', 'v', 1);
    await cache.setIfAbsent('lock', 'first', 1);
    await cache.incr('counter', 1);
    await cache.incr('counter', 1);
    expect(await cache.get('short')).toBe('v');
    await sleep(1_200);
    expect(await cache.get('short')).toBeNull();
    expect(await cache.ttl('short')).toBe(-2);
    expect(await cache.setIfAbsent('lock', 'again', 10)).toBe(true);
    expect(await cache.get('lock')).toBe('again');
    expect(await cache.incr('counter', 60)).toBe(1);
  });

  test('setIfAbsent sets once and keeps the first value and ttl', async () => {
    expect(await cache.setIfAbsent('lock', 'first', 100)).toBe(true);
    expect(await cache.setIfAbsent('lock', 'second', 5)).toBe(false);
    expect(await cache.get('lock')).toBe('first');
    expect(await cache.ttl('lock')).toBe(100);
  });

  test('a non-positive ttl is refused', async () => {
    await expect(cache.set('bad', 'v', 0)).rejects.toThrow();
    await expect(cache.setIfAbsent('bad', 'v', -1)).rejects.toThrow();
  });

  test('sets count distinct members atomically and expire when created', async () => {
    const ttl = 60;
    expect(await cache.setMembers('chapters')).toEqual([]);
    expect(await cache.addToSet('chapters', 'book:1', ttl)).toEqual({ added: true, size: 1 });
    expect(await cache.addToSet('chapters', 'book:1', ttl)).toEqual({ added: false, size: 1 });
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => cache.addToSet('chapters', `book:${i % 10}`, ttl)));
    expect(results.filter((r) => r.added)).toHaveLength(9);
    expect(await cache.setMembers('chapters')).toEqual(Array.from({ length: 10 }, (_, i) => `book:${i}`).sort());
    const left = await cache.ttl('chapters');
    expect(left).toBeGreaterThan(50);
    expect(left).toBeLessThanOrEqual(60);
    await cache.del('chapters');
    expect(await cache.setMembers('chapters')).toEqual([]);
    await cache.addToSet('short', 'x', 0.3);
    await Bun.sleep(450);
    expect(await cache.setMembers('short')).toEqual([]);
  });

  test('capped sets add a new member only below the ceiling, atomically; members already in are always present', async () => {
    const ttl = 60;
    expect(await cache.addToSetCapped('capped', 'a', 2, ttl)).toEqual({ added: true, present: true, size: 1 });
    expect(await cache.addToSetCapped('capped', 'a', 2, ttl)).toEqual({ added: false, present: true, size: 1 });
    expect(await cache.addToSetCapped('capped', 'b', 2, ttl)).toEqual({ added: true, present: true, size: 2 });
    expect(await cache.addToSetCapped('capped', 'c', 2, ttl)).toEqual({ added: false, present: false, size: 2 });
    expect(await cache.addToSetCapped('capped', 'b', 2, ttl)).toEqual({ added: false, present: true, size: 2 });
    expect(await cache.setMembers('capped')).toEqual(['a', 'b']);
    const left = await cache.ttl('capped');
    expect(left).toBeGreaterThan(50);
    expect(left).toBeLessThanOrEqual(60);
    // 40 concurrent newcomers against a ceiling of 3: exactly 3 get in, never more.
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => cache.addToSetCapped('race', `m${i % 20}`, 3, ttl)));
    expect(results.filter((r) => r.added)).toHaveLength(3);
    expect(await cache.setMembers('race')).toHaveLength(3);
    const inside = new Set(await cache.setMembers('race'));
    for (const [i, r] of results.entries()) expect(r.present).toBe(inside.has(`m${i % 20}`));
    await cache.addToSetCapped('short-capped', 'x', 1, 0.3);
    await Bun.sleep(450);
    expect(await cache.addToSetCapped('short-capped', 'y', 1, ttl)).toEqual({ added: true, present: true, size: 1 });
  });

  test('del removes a key; deleting a missing key is fine', async () => {
    await cache.set('d', 'v');
    await cache.del('d');
    expect(await cache.get('d')).toBeNull();
    await cache.del('never-there');
  });

  test('ttl: -2 absent, -1 without expiry, seconds otherwise', async () => {
    expect(await cache.ttl('t')).toBe(-2);
    await cache.set('t', 'v');
    expect(await cache.ttl('t')).toBe(-1);
    await cache.set('t', 'v', 100);
    expect(await cache.ttl('t')).toBe(100);
  });

  test('incr creates the key with the given time to live', async () => {
    expect(await cache.incr('n', 60)).toBe(1);
    expect(await cache.get('n')).toBe('1');
    const left = await cache.ttl('n');
    expect(left).toBeGreaterThanOrEqual(58);
    expect(left).toBeLessThanOrEqual(60);
  });

  test('incr is atomic under 100 concurrent calls', async () => {
    const ttl = 60;
    const results = await Promise.all(Array.from({ length: 100 }, () => cache.incr('c', ttl)));
    expect(results.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(await cache.get('c')).toBe('100');
  });

  test('later increments keep the first expiry', async () => {
    await cache.incr('e', 60);
    expect(await cache.incr('e', 3600)).toBe(2);
    expect(await cache.ttl('e')).toBeLessThanOrEqual(60);
  });

  test('incr of a key set without expiry does not add one', async () => {
    await cache.set('p', '5');
    expect(await cache.incr('p', 60)).toBe(6);
    expect(await cache.ttl('p')).toBe(-1);
  });

  test('incrInOrder counts several keys in one step, each created with its own ttl', async () => {
    await cache.set('io:b', '4');
    expect(await cache.incrInOrder([{ key: 'io:a', ttlSeconds: 60, max: 10 }, { key: 'io:b', ttlSeconds: 60, max: 10 }, { key: 'io:c', ttlSeconds: 3600, max: 10 }])).toEqual([1, 5, 1]);
    expect(await cache.ttl('io:a')).toBeLessThanOrEqual(60);
    expect(await cache.ttl('io:b')).toBe(-1);
    expect(await cache.ttl('io:c')).toBeGreaterThan(3000);
    expect(await cache.incrInOrder([])).toEqual([]);
  });

  test('incrInOrder stops after the first counter above its max: the later ones are not counted', async () => {
    const counters = [{ key: 'st:first', ttlSeconds: 60, max: 2 }, { key: 'st:second', ttlSeconds: 60, max: 100 }];
    expect(await cache.incrInOrder(counters)).toEqual([1, 1]);
    expect(await cache.incrInOrder(counters)).toEqual([2, 2]);
    expect(await cache.incrInOrder(counters)).toEqual([3]);
    expect(await cache.incrInOrder(counters)).toEqual([4]);
    expect(await cache.get('st:second')).toBe('2');
    // At its max exactly is within bounds.
    expect(await cache.incrInOrder([{ key: 'st:third', ttlSeconds: 60, max: 1 }, { key: 'st:second', ttlSeconds: 60, max: 100 }])).toEqual([1, 3]);
  });

  test('incrInOrder is atomic under 100 concurrent calls', async () => {
    const counters = [{ key: 'at:reader', ttlSeconds: 60, max: 40 }, { key: 'at:address', ttlSeconds: 60, max: 1000 }];
    const results = await Promise.all(Array.from({ length: 100 }, () => cache.incrInOrder(counters)));
    expect(results.map((r) => r[0]!).toSorted((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(results.filter((r) => r.length === 2).map((r) => r[1]!).toSorted((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(await cache.get('at:address')).toBe('40');
  });

  test('incrInOrder with a non-positive ttl rejects and counts nothing', async () => {
    await expect(cache.incrInOrder([{ key: 'bad:a', ttlSeconds: 60, max: 5 }, { key: 'bad:b', ttlSeconds: 0, max: 5 }])).rejects.toThrow(RangeError);
    expect(await cache.get('bad:a')).toBeNull();
  });

  test('publish reaches every subscriber; unsubscribe stops delivery', async () => {
    const one = collect(cache, 'news');
    const two = collect(cache, 'news');
    const stopOne = await one.unsubscribe;
    const stopTwo = await two.unsubscribe;

    await cache.publish('news', 'hello');
    await settle();
    expect(one.received).toEqual(['hello']);
    expect(two.received).toEqual(['hello']);

    await stopOne();
    await cache.publish('news', 'again');
    await settle();
    expect(one.received).toEqual(['hello']);
    expect(two.received).toEqual(['hello', 'again']);

    await stopTwo();
    await cache.publish('news', 'nobody');
    await settle();
    expect(two.received).toEqual(['hello', 'again']);
  });

  test('channels are separate and delivery is not synchronous', async () => {
    const news = collect(cache, 'news');
    const other = collect(cache, 'other');
    await Promise.all([news.unsubscribe, other.unsubscribe]);
    const publishing = cache.publish('news', 'm');
    expect(news.received).toEqual([]);
    await publishing;
    await settle();
    expect(news.received).toEqual(['m']);
    expect(other.received).toEqual([]);
  });

  test('a throwing subscriber does not stop the others', async () => {
    const originalError = console.error;
    console.error = () => {};
    try {
      await cache.subscribe('boom', () => {
        throw new Error('subscriber bug');
      });
      const good = collect(cache, 'boom');
      await good.unsubscribe;
      await cache.publish('boom', 'still delivered');
      await settle();
      expect(good.received).toEqual(['still delivered']);
    } finally {
      console.error = originalError;
    }
  });

  // For memory both handles are one instance: it is single-process by design.
  test('pub/sub reaches subscribers of another instance sharing the cache', async () => {
    const remote = collect(peer, 'shared');
    await remote.unsubscribe;
    await cache.publish('shared', 'across');
    await settle();
    expect(remote.received).toEqual(['across']);
    expect(await peer.get('nothing-yet')).toBeNull();
    await cache.set('seen', 'yes');
    expect(await peer.get('seen')).toBe('yes');
  });

  test('ping resolves', async () => {
    await cache.ping();
  });
});

describe.if(withRealServers)('redis cache isolation and failure', () => {
  test('different key prefixes never see each other', async () => {
    const a = await createTestRedisCache();
    const b = await createTestRedisCache();
    try {
      const heard = collect(b, 'chan');
      await heard.unsubscribe;
      await a.set('k', 'from a');
      await a.publish('chan', 'from a');
      await settle();
      expect(await b.get('k')).toBeNull();
      expect(heard.received).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  test('ping rejects quickly when Redis is unreachable, without crashing', async () => {
    const down = await createRedisCache('redis://127.0.0.1:1');
    try {
      const started = Date.now();
      await expect(down.ping()).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(5_000);
      // Let a few reconnect attempts fail: their 'error' events must not surface.
      await sleep(300);
    } finally {
      await down.close();
    }
  }, 10_000);
});
