import pg from 'pg';
import type { Logger } from '../log.ts';
import type { Cache, Unsubscribe } from './port.ts';

/**
 * The in-process cache with its pub/sub carried by PostgreSQL (NOTIFY / LISTEN), for separate web
 * and worker processes sharing a database but no Redis: job wake-ups (queue:wake) and the progress
 * cues live streams follow (job:<id>) then reach every process, as they would through Redis.
 * Everything else stays in this process's memory (the free-tier counts belong to the web process
 * that serves the listener).
 *
 * Every message travels through one PostgreSQL channel as `{"c": channel, "m": message}`; this
 * process hears its own notifications too, so local subscribers are served the same way. One
 * dedicated connection listens and publishes; when it drops, it is opened again with a growing
 * pause, and messages published meanwhile are delivered locally only (wake-ups and cues are hints:
 * every listener also polls).
 */
export const PG_CHANNEL = 'chapterhouse_pubsub';
/** PostgreSQL refuses payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7900;
const RECONNECT_MS = [250, 1000, 5000] as const;

type Handler = (message: string) => void;

export interface PgChannelsOptions {
  log?: Logger;
  /** For tests: a connection other than DATABASE_URL's. */
  connect?: () => pg.Client;
}

export async function withPostgresChannels(memory: Cache, databaseUrl: string, options: PgChannelsOptions = {}): Promise<Cache> {
  const { log } = options;
  const handlers = new Map<string, Set<Handler>>();
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  // One query at a time on the connection (pg queues them, but deprecates relying on it).
  let sending: Promise<unknown> = Promise.resolve();

  const deliver = (channel: string, message: string) => {
    for (const handler of [...(handlers.get(channel) ?? [])]) {
      try {
        handler(message);
      } catch (error) {
        log?.warn('a subscriber failed', { channel, error });
      }
    }
  };
  const onNotification = (note: pg.Notification) => {
    if (note.channel !== PG_CHANNEL || !note.payload) return;
    try {
      const { c, m } = JSON.parse(note.payload) as { c: string; m: string };
      if (typeof c === 'string' && typeof m === 'string') deliver(c, m);
    } catch {
      // Not ours: another program on the same channel name.
    }
  };

  async function open(): Promise<void> {
    const next = options.connect?.() ?? new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3000 });
    next.on('notification', onNotification);
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    await next.connect();
    await next.query(`LISTEN ${PG_CHANNEL}`);
    if (closed) return void (await next.end().catch(() => {}));
    client = next;
    failures = 0;
  }
  function lost(which: pg.Client) {
    if (client !== which) return;
    client = null;
    void which.end().catch(() => {});
    reconnect();
  }
  function reconnect() {
    if (closed || retry) return;
    const pause = RECONNECT_MS[Math.min(failures, RECONNECT_MS.length - 1)];
    failures++;
    retry = setTimeout(() => {
      retry = undefined;
      open().catch((error) => {
        log?.warn('PostgreSQL notifications unavailable; retrying', { error: String(error) });
        reconnect();
      });
    }, pause);
    retry.unref?.();
  }

  await open();

  return {
    ...memory,
    async publish(channel, message) {
      const payload = JSON.stringify({ c: channel, m: message });
      const listening = client;
      if (!listening || Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) return deliver(channel, message);
      const sent = sending.then(() => listening.query('select pg_notify($1, $2)', [PG_CHANNEL, payload]));
      sending = sent.catch(() => {});
      try {
        await sent;
      } catch (error) {
        deliver(channel, message);
        throw error;
      }
    },
    async subscribe(channel, onMessage): Promise<Unsubscribe> {
      let set = handlers.get(channel);
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(onMessage);
      return async () => {
        set.delete(onMessage);
        if (set.size === 0 && handlers.get(channel) === set) handlers.delete(channel);
      };
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const listening = client;
      client = null;
      await Promise.allSettled([listening?.end(), memory.close()]);
    },
  };
}
