import { Redis, type RedisOptions } from 'ioredis';
import { CacheUnavailable, type Cache, type Unsubscribe } from './port.ts';
import type { Logger } from '../log.ts';

type Handler = (message: string) => void;
type Channel = { handlers: Set<Handler>; ready: Promise<unknown> };

export type RedisCacheOptions = {
  /** Prepended to every key and channel name, so several apps or test files can share one Redis. */
  keyPrefix?: string;
  /** Told once when Redis stops answering and once when it answers again. */
  log?: Pick<Logger, 'warn' | 'info'>;
};

const PING_TIMEOUT_MS = 3_000;

// Fail fast instead of queueing for minutes when Redis is away; /readyz relies on ping() rejecting.
// commandTimeout: a frozen server (a stopped process, a dead network path) keeps the socket open,
// and without it every command would wait forever.
const CONNECTION: RedisOptions = {
  connectTimeout: 2_000,
  maxRetriesPerRequest: 1,
  commandTimeout: 2_000,
  // Commands issued in the same tick (many requests read the catalogue version at once) leave in one write.
  enableAutoPipelining: true,
};

// EXISTS first rather than "INCR returned 1": a key holding "0" is not created by this call.
const INCR_EXPIRE = `
local created = redis.call('EXISTS', KEYS[1]) == 0
local value = redis.call('INCR', KEYS[1])
if created then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return value`;

// incr() for each key in turn, stopping after the first above its ceiling. ARGV: ttl ms and max per key.
const INCR_IN_ORDER = `
local values = {}
for i, key in ipairs(KEYS) do
  local created = redis.call('EXISTS', key) == 0
  local value = redis.call('INCR', key)
  if created then redis.call('PEXPIRE', key, ARGV[2 * i - 1]) end
  values[i] = value
  if value > tonumber(ARGV[2 * i]) then break end
end
return values`;

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

/** The scripts run by name (EVALSHA, loaded on first use), so the text is not sent with every call. */
type Scripted = Redis & {
  incrExpire(key: string, ttlMs: number): Promise<number>;
  incrInOrder(keyCount: number, ...keysThenArgs: (string | number)[]): Promise<number[]>;
};

function connect(url: string): Scripted {
  const client = new Redis(url, CONNECTION);
  client.defineCommand('incrExpire', { numberOfKeys: 1, lua: INCR_EXPIRE });
  client.defineCommand('incrInOrder', { lua: INCR_IN_ORDER });
  // Without a listener ioredis prints every failed reconnect; outages surface through ping() instead.
  client.on('error', () => {});
  return client as Scripted;
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
  // Every command's failure to reach Redis becomes CacheUnavailable; a reply error (a bug) stays itself.
  let away = false;
  // Once a command found Redis away, the next ones fail at once until it is back, rather than each
  // waiting for a reconnect attempt (a request makes several calls).
  const guard = async <T>(command: () => Promise<T>): Promise<T> => {
    if (away && client.status !== 'ready') throw new CacheUnavailable(new Error(`connection ${client.status}`));
    try {
      return await command();
    } catch (error) {
      if ((error as Error)?.name === 'ReplyError' || error instanceof RangeError) throw error;
      if (!away) {
        away = true;
        opts.log?.warn('cache unreachable', { reason: (error as Error)?.message ?? String(error) });
      }
      throw new CacheUnavailable(error);
    }
  };
  client.on('ready', () => {
    if (!away) return;
    away = false;
    opts.log?.info('cache reachable again');
  });
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

    get: (key) => guard(() => client.get(k(key))),

    async set(key, value, ttlSeconds) {
      if (ttlSeconds === undefined) await guard(() => client.set(k(key), value));
      else await guard(() => client.set(k(key), value, 'PX', ttlToMs(ttlSeconds)));
    },

    async setIfAbsent(key, value, ttlSeconds) {
      return (await guard(() => client.set(k(key), value, 'PX', ttlToMs(ttlSeconds), 'NX'))) === 'OK';
    },

    async del(key) {
      await guard(() => client.del(k(key)));
    },

    async addToSet(key, member, ttlSeconds) {
      const [added, size] = (await guard(() => client.eval(SET_ADD_EXPIRE, 1, k(key), member, ttlToMs(ttlSeconds)))) as [number, number];
      return { added: added === 1, size: Number(size) };
    },

    async addToSetCapped(key, member, max, ttlSeconds) {
      const [added, present, size] = (await guard(() => client.eval(SET_ADD_CAPPED, 1, k(key), member, max, ttlToMs(ttlSeconds)))) as [number, number, number];
      return { added: added === 1, present: present === 1, size: Number(size) };
    },

    async setMembers(key) {
      return (await guard(() => client.smembers(k(key)))).sort();
    },

    async incr(key, ttlSeconds) {
      return Number(await guard(() => client.incrExpire(k(key), ttlToMs(ttlSeconds))));
    },

    async incrInOrder(counters) {
      if (counters.length === 0) return [];
      const args = counters.flatMap((c) => [ttlToMs(c.ttlSeconds), c.max]);
      const values = await guard(() => client.incrInOrder(counters.length, ...counters.map((c) => k(c.key)), ...args));
      return values.map(Number);
    },

    ttl: (key) => guard(() => client.ttl(k(key))),

    async publish(channel, message) {
      await guard(() => client.publish(k(channel), message));
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
