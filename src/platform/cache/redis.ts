import { Redis, type RedisOptions } from 'ioredis';
import type { Cache, Unsubscribe } from './port.ts';

type Handler = (message: string) => void;
type Channel = { handlers: Set<Handler>; ready: Promise<unknown> };

export type RedisCacheOptions = {
  /** Prepended to every key and channel name, so several apps or test files can share one Redis. */
  keyPrefix?: string;
};

const PING_TIMEOUT_MS = 3_000;

// Fail fast instead of queueing for minutes when Redis is away; /readyz relies on ping() rejecting.
const CONNECTION: RedisOptions = {
  connectTimeout: 2_000,
  maxRetriesPerRequest: 1,
};

// EXISTS first rather than "INCR returned 1": a key holding "0" is not created by this call.
const INCR_EXPIRE = `
local created = redis.call('EXISTS', KEYS[1]) == 0
local value = redis.call('INCR', KEYS[1])
if created then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return value`;

const SET_ADD_EXPIRE = `
local created = redis.call('EXISTS', KEYS[1]) == 0
local added = redis.call('SADD', KEYS[1], ARGV[1])
if created then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return {added, redis.call('SCARD', KEYS[1])}`;

// SCARD of a missing key is 0, so `size == 0` also means "created by this call".
const SET_ADD_CAPPED = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return {0, 1, redis.call('SCARD', KEYS[1])} end
local size = redis.call('SCARD', KEYS[1])
if size >= tonumber(ARGV[2]) then return {0, 0, size} end
redis.call('SADD', KEYS[1], ARGV[1])
if size == 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return {1, 1, size + 1}`;

function ttlToMs(ttlSeconds: number): number {
  if (!(ttlSeconds > 0) || !Number.isFinite(ttlSeconds)) throw new RangeError(`invalid ttl: ${ttlSeconds}`);
  return Math.ceil(ttlSeconds * 1000);
}

function connect(url: string): Redis {
  const client = new Redis(url, CONNECTION);
  // Without a listener ioredis prints every failed reconnect; outages surface through ping() instead.
  client.on('error', () => {});
  return client;
}

async function shutdown(client: Redis): Promise<void> {
  // quit() waits for a reply that never comes while the server is unreachable.
  if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
  else client.disconnect();
}

export async function createRedisCache(url: string, opts: RedisCacheOptions = {}): Promise<Cache> {
  const prefix = opts.keyPrefix ?? '';
  const k = (name: string) => prefix + name;
  const client = connect(url);
  const channels = new Map<string, Channel>();
  let subscriber: Redis | undefined;

  const getSubscriber = () => {
    if (subscriber) return subscriber;
    const sub = connect(url);
    sub.on('message', (channel: string, message: string) => {
      const entry = channels.get(channel);
      if (!entry) return;
      for (const handler of [...entry.handlers]) {
        try {
          handler(message);
        } catch (error) {
          console.error(`cache subscriber on ${channel} failed`, error);
        }
      }
    });
    return (subscriber = sub);
  };

  return {
    kind: 'redis',

    get: (key) => client.get(k(key)),

    async set(key, value, ttlSeconds) {
      if (ttlSeconds === undefined) await client.set(k(key), value);
      else await client.set(k(key), value, 'PX', ttlToMs(ttlSeconds));
    },

    async setIfAbsent(key, value, ttlSeconds) {
      return (await client.set(k(key), value, 'PX', ttlToMs(ttlSeconds), 'NX')) === 'OK';
    },

    async del(key) {
      await client.del(k(key));
    },

    async addToSet(key, member, ttlSeconds) {
      const [added, size] = (await client.eval(SET_ADD_EXPIRE, 1, k(key), member, ttlToMs(ttlSeconds))) as [number, number];
      return { added: added === 1, size: Number(size) };
    },

    async addToSetCapped(key, member, max, ttlSeconds) {
      const [added, present, size] = (await client.eval(SET_ADD_CAPPED, 1, k(key), member, max, ttlToMs(ttlSeconds))) as [number, number, number];
      return { added: added === 1, present: present === 1, size: Number(size) };
    },

    async setMembers(key) {
      return (await client.smembers(k(key))).sort();
    },

    async incr(key, ttlSeconds) {
      return Number(await client.eval(INCR_EXPIRE, 1, k(key), ttlToMs(ttlSeconds)));
    },

    ttl: (key) => client.ttl(k(key)),

    async publish(channel, message) {
      await client.publish(k(channel), message);
    },

    async subscribe(channel, onMessage): Promise<Unsubscribe> {
      const name = k(channel);
      const handler: Handler = (message) => onMessage(message);
      let entry = channels.get(name);
      if (!entry) {
        entry = { handlers: new Set(), ready: getSubscriber().subscribe(name) };
        channels.set(name, entry);
        // A failed SUBSCRIBE must not leave an entry that later callers would trust.
        entry.ready.catch(() => channels.get(name) === entry && channels.delete(name));
      }
      entry.handlers.add(handler);
      const current = entry;
      await current.ready;
      return async () => {
        current.handlers.delete(handler);
        if (current.handlers.size > 0 || channels.get(name) !== current) return;
        channels.delete(name);
        await subscriber?.unsubscribe(name);
      };
    },

    async ping() {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('redis ping timed out')), PING_TIMEOUT_MS);
      });
      try {
        await Promise.race([client.ping(), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },

    async close() {
      channels.clear();
      await Promise.all([shutdown(client), subscriber && shutdown(subscriber)]);
    },
  };
}
