import { afterAll, expect, test } from 'bun:test';
import { createMemoryCache } from '../../src/platform/cache/memory.ts';
import { PG_CHANNEL, withPostgresChannels } from '../../src/platform/cache/pg-channels.ts';
import type { Cache } from '../../src/platform/cache/port.ts';
import { adminUrl, withAdmin } from '../support/db.ts';
import { withRealServers } from '../support/servers.ts';

const serverTest = test.if(withRealServers);

/**
 * The in-process cache with pub/sub over PostgreSQL NOTIFY (two "processes" = two instances with
 * their own connection and memory): messages cross, keys do not, a dropped connection comes back.
 */
const opened: Cache[] = [];
const open = async () => {
  const cache = await withPostgresChannels(createMemoryCache(), adminUrl);
  opened.push(cache);
  return cache;
};
afterAll(() => Promise.allSettled(opened.map((c) => c.close())));

async function until(check: () => boolean, ms = 3000): Promise<void> {
  for (const end = Date.now() + ms; !check(); await Bun.sleep(10)) if (Date.now() > end) throw new Error('timed out');
}

serverTest('a message published in one process reaches subscribers in both; keys stay in each', async () => {
  const [a, b] = [await open(), await open()];
  const heard: string[] = [];
  const stopA = await a.subscribe('news', (m) => heard.push(`a:${m}`));
  const stopB = await b.subscribe('news', (m) => heard.push(`b:${m}`));
  await b.subscribe('other', (m) => heard.push(`other:${m}`));
  await a.publish('news', 'hello "quoted" ünicode');
  await until(() => heard.length === 2);
  expect(heard.sort()).toEqual(['a:hello "quoted" ünicode', 'b:hello "quoted" ünicode']);

  await stopB();
  await a.publish('news', 'again');
  await until(() => heard.length === 3);
  await Bun.sleep(100);
  expect(heard.filter((m) => m.startsWith('b:'))).toHaveLength(1);
  await stopA();

  await a.set('k', 'v');
  expect(await a.get('k')).toBe('v');
  expect(await b.get('k')).toBeNull();
  expect(a.kind).toBe('memory');
});

serverTest('a message too large for NOTIFY is still delivered in its own process', async () => {
  const a = await open();
  const heard: string[] = [];
  await a.subscribe('big', (m) => heard.push(m));
  await a.publish('big', 'x'.repeat(10_000));
  expect(heard.map((m) => m.length)).toEqual([10_000]);
});

serverTest('a notification that is not ours on the same channel is ignored', async () => {
  const a = await open();
  const heard: string[] = [];
  await a.subscribe('news', (m) => heard.push(m));
  await withAdmin((c) => c.query('select pg_notify($1, $2)', [PG_CHANNEL, 'not json']));
  await a.publish('news', 'after');
  await until(() => heard.length > 0);
  expect(heard).toEqual(['after']);
});

serverTest('when the server drops the connection it is opened again and messages flow', async () => {
  const [a, b] = [await open(), await open()];
  const heard: string[] = [];
  await b.subscribe('wake', (m) => heard.push(m));
  // Every listener on our channel is cut off, as a server restart would.
  const cut = await withAdmin((c) => c.query("select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and (query like 'LISTEN chapterhouse_pubsub%' or query like 'select pg_notify%')"));
  expect(cut.rowCount).toBeGreaterThanOrEqual(2);
  const deadline = Date.now() + 5000;
  while (!heard.includes('back') && Date.now() < deadline) {
    await a.publish('wake', 'back').catch(() => {});
    await Bun.sleep(100);
  }
  expect(heard).toContain('back');
});
