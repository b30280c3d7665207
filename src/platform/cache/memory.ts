import type { Cache, Unsubscribe } from './port.ts';

type Entry = { value: string; expiresAt: number | null };
type Handler = (message: string) => void;

const SWEEP_EVERY_MS = 60_000;

/** Same rule as the Redis adapter: a positive number of seconds, fractions allowed. */
function ttlToMs(ttlSeconds: number): number {
  if (!(ttlSeconds > 0) || !Number.isFinite(ttlSeconds)) throw new RangeError(`invalid ttl: ${ttlSeconds}`);
  return Math.ceil(ttlSeconds * 1000);
}

// A throwing subscriber must not stop delivery to the others.
function deliver(channel: string, handler: Handler, message: string): void {
  try {
    handler(message);
  } catch (error) {
    console.error(`cache subscriber on ${channel} failed`, error);
  }
}

/** Single-process cache: pub/sub reaches only subscribers inside this process. */
export function createMemoryCache(): Cache {
  const entries = new Map<string, Entry>();
  const sets = new Map<string, { members: Set<string>; expiresAt: number }>();
  const liveSet = (key: string, now = Date.now()) => {
    const set = sets.get(key);
    if (set && set.expiresAt <= now) {
      sets.delete(key);
      return undefined;
    }
    return set;
  };
  const channels = new Map<string, Set<Handler>>();

  const live = (key: string, now = Date.now()): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt !== null && entry.expiresAt <= now) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  // Lazy expiry alone would keep keys that are never read again forever.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const key of entries.keys()) live(key, now);
    for (const key of sets.keys()) liveSet(key, now);
  }, SWEEP_EVERY_MS);
  sweep.unref();

  const expiryFrom = (ttlSeconds: number | undefined) =>
    ttlSeconds === undefined ? null : Date.now() + ttlToMs(ttlSeconds);

  // Synchronous, so a sequence of increments is atomic within this process.
  const increment = (key: string, ttlSeconds: number): number => {
    const expiresAt = expiryFrom(ttlSeconds)!;
    const entry = live(key);
    if (!entry) {
      entries.set(key, { value: '1', expiresAt });
      return 1;
    }
    const current = Number(entry.value);
    if (!/^-?\d+$/.test(entry.value) || !Number.isSafeInteger(current + 1)) {
      throw new Error('ERR value is not an integer or out of range');
    }
    entry.value = String(current + 1);
    return current + 1;
  };

  return {
    kind: 'memory',

    async get(key) {
      return live(key)?.value ?? null;
    },

    async set(key, value, ttlSeconds) {
      entries.set(key, { value, expiresAt: expiryFrom(ttlSeconds) });
    },

    async setIfAbsent(key, value, ttlSeconds) {
      const expiresAt = expiryFrom(ttlSeconds);
      if (live(key)) return false;
      entries.set(key, { value, expiresAt });
      return true;
    },

    async del(key) {
      entries.delete(key);
      sets.delete(key);
    },

    async addToSet(key, member, ttlSeconds) {
      const expiresAt = expiryFrom(ttlSeconds)!;
      let set = liveSet(key);
      if (!set) sets.set(key, (set = { members: new Set(), expiresAt }));
      const added = !set.members.has(member);
      set.members.add(member);
      return { added, size: set.members.size };
    },

    async addToSetCapped(key, member, max, ttlSeconds) {
      const expiresAt = expiryFrom(ttlSeconds)!;
      const set = liveSet(key);
      const size = set?.members.size ?? 0;
      if (set?.members.has(member)) return { added: false, present: true, size };
      if (size >= max) return { added: false, present: false, size };
      if (set) set.members.add(member);
      else sets.set(key, { members: new Set([member]), expiresAt });
      return { added: true, present: true, size: size + 1 };
    },

    async setMembers(key) {
      return [...(liveSet(key)?.members ?? [])].sort();
    },

    async incr(key, ttlSeconds) {
      return increment(key, ttlSeconds);
    },

    async incrInOrder(counters) {
      // Every ttl is checked before anything is counted, as the Redis adapter does.
      for (const c of counters) ttlToMs(c.ttlSeconds);
      const values: number[] = [];
      for (const c of counters) {
        const value = increment(c.key, c.ttlSeconds);
        values.push(value);
        if (value > c.max) break;
      }
      return values;
    },

    async ttl(key) {
      const entry = live(key);
      const set = liveSet(key);
      if (!entry && set) return Math.round((set.expiresAt - Date.now()) / 1000);
      if (!entry) return -2;
      if (entry.expiresAt === null) return -1;
      // Redis rounds the remaining milliseconds to the nearest second.
      return Math.round((entry.expiresAt - Date.now()) / 1000);
    },

    async publish(channel, message) {
      const handlers = [...(channels.get(channel) ?? [])];
      // Delivered after publish returns, like Redis, so callers never rely on synchronous delivery.
      queueMicrotask(() => {
        const current = channels.get(channel);
        for (const handler of handlers) {
          if (current?.has(handler)) deliver(channel, handler, message);
        }
      });
    },

    async subscribe(channel, onMessage): Promise<Unsubscribe> {
      // Wrapped so the same function subscribed twice gets two independent subscriptions.
      const handler: Handler = (message) => onMessage(message);
      let set = channels.get(channel);
      if (!set) channels.set(channel, (set = new Set()));
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size === 0 && channels.get(channel) === set) channels.delete(channel);
      };
    },

    async ping() {},

    async close() {
      clearInterval(sweep);
      entries.clear();
      channels.clear();
    },
  };
}
