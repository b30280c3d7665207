import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';
import { call, DEBUG_TOKEN, emptyDatabase, login, startApp, stopAllApps, type RunningApp } from './harness.ts';

/**
 * Fault: PostgreSQL away for OUTAGE_MS. The shared server is not touched: the app reaches it through
 * a TCP proxy, which the test cuts (open connections destroyed, new ones closed at once) and
 * restores. Meanwhile requests answer 503 `unavailable` quickly, the process stays up, and
 * afterwards it serves again without a restart; no progress write it acknowledged is lost.
 */
const OUTAGE_MS = 10_000;
const BOOKS = ['morning-bread', 'ink-and-alibis', 'salvage-rights', 'the-clockwork-heir', 'letters-to-the-lighthouse'];

let database: Awaited<ReturnType<typeof emptyDatabase>>;
let proxy: TcpProxy;
let app: RunningApp;
let direct: pg.Client;
const dataDir = mkdtempSync(join(tmpdir(), 'chapterhouse-fault-pg-'));

beforeAll(async () => {
  database = await emptyDatabase('pg');
  proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(database.url).port || 5432) });
  const proxied = new URL(database.url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  app = await startApp({ DATABASE_URL: proxied.toString(), DATA_DIR: dataDir, DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, TTS_ENGINES: 'espeak' });
  direct = new pg.Client({ connectionString: database.url });
  await direct.connect();
}, 90_000);

afterAll(async () => {
  await stopAllApps();
  await direct?.end().catch(() => {});
  await proxy?.close();
  await database?.drop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

test('PostgreSQL away: quick 503s, no crash, recovery without a restart, no acknowledged write lost', async () => {
  const auth = await login(app.base, 'fault-pg-reader');
  const acknowledged = new Map<string, number>();
  const attempted = new Map<string, number[]>();
  const refusals: { status: number; body: unknown; ms: number }[] = [];
  let writing = true;
  let n = 0;
  // One writer all along: a progress write every 100 ms, to a different book each time.
  const writer = (async () => {
    while (writing) {
      const slug = BOOKS[n % BOOKS.length]!;
      const chapter = 1 + (Math.floor(n / BOOKS.length) % 5);
      n++;
      attempted.set(slug, [...(attempted.get(slug) ?? []), chapter]);
      const res = await call(app.base, '/api/progress', { body: { slug, chapter }, headers: auth, timeoutMs: 15_000 }).catch((error: Error) => ({ status: 0, body: { error: error.message }, ms: 15_000 }));
      if (res.status === 200) acknowledged.set(slug, chapter);
      else refusals.push({ status: res.status, body: res.body, ms: res.ms });
      await Bun.sleep(100);
    }
  })();

  await Bun.sleep(1_500);
  expect(acknowledged.size).toBeGreaterThan(0);
  proxy.cut();
  const cutAt = Date.now();

  // While it is away: reads and writes answer the decisions.md body for 503, each within 5 s.
  await Bun.sleep(1_000);
  const during = [
    await call(app.base, '/api/book/morning-bread', { timeoutMs: 10_000 }),
    await call(app.base, '/api/comments/morning-bread', { timeoutMs: 10_000 }),
    await call(app.base, '/api/comments/morning-bread', { body: { text: 'while the database is away' }, headers: auth, timeoutMs: 10_000 }),
    await call(app.base, '/api/library', { headers: auth, timeoutMs: 10_000 }),
  ];
  for (const res of during) {
    expect(res.ms).toBeLessThan(5_000);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: 'unavailable', message: expect.any(String) });
    expect(res.text).not.toMatch(/ECONN|at \/|\.ts:|select |insert /i);
  }
  const ready = await call(app.base, '/readyz', { timeoutMs: 10_000 });
  expect(ready.status).toBe(503);
  // An HTML page says so too, as a page and not a stack trace.
  const page = await fetch(`${app.base}/book/morning-bread`, { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(10_000) });
  expect(page.status).toBe(503);
  expect(page.headers.get('content-type')).toContain('text/html');

  await Bun.sleep(Math.max(0, OUTAGE_MS - (Date.now() - cutAt)));
  proxy.restore();
  const restoredAt = Date.now();

  // Back without a restart: the first requests after the outage succeed within a few seconds.
  let back: Awaited<ReturnType<typeof call>> | null = null;
  for (let i = 0; i < 50; i++) {
    back = await call(app.base, '/api/comments/morning-bread', { body: { text: 'after the outage' }, headers: auth, timeoutMs: 10_000 });
    if (back.status === 201) break;
    await Bun.sleep(200);
  }
  expect(back!.status).toBe(201);
  expect(Date.now() - restoredAt).toBeLessThan(10_000);
  expect((await call(app.base, '/readyz')).status).toBe(200);
  await Bun.sleep(1_000);
  writing = false;
  await writer;

  expect(app.alive()).toBe(true);
  // The writer was refused during the outage, with 503s only, none slow.
  expect(refusals.length).toBeGreaterThan(0);
  for (const refusal of refusals) {
    expect(refusal.status).toBe(503);
    expect(refusal.ms).toBeLessThan(5_000);
  }
  // Every acknowledged write is in the database: each book holds its last acknowledged chapter or a
  // later attempt (one refused after it may still have committed).
  const { rows } = await direct.query<{ slug: string; chapter: number }>(
    `select p.slug, p.chapter from progress p join app_users u on u.id = p.user_id where u.username = 'fault-pg-reader'`,
  );
  const stored = new Map(rows.map((r) => [r.slug, r.chapter]));
  for (const [slug, chapter] of acknowledged) {
    const tries = attempted.get(slug)!;
    const later = tries.slice(tries.lastIndexOf(chapter));
    expect(later).toContain(stored.get(slug)!);
  }
  // The log names the outage as such, at warn, without a stack trace per request.
  const lines = app.logs();
  expect(lines.some((l) => l.level === 'warn' && /database unavailable/.test(l.msg))).toBe(true);
  expect(lines.filter((l) => l.msg === 'unhandled error')).toEqual([]);
}, 120_000);
