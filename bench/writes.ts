/**
 * Write-path benchmark: what one write of each kind the load mix sends costs the machine.
 *
 * Starts the app (ROLE=web) on PostgreSQL through a counting proxy and on a Redis of its own, then
 * fires N writes of each kind (`--concurrency` at a time) and prints per write:
 *   - database round trips (the proxy counts Sync and simple Query messages: one per statement),
 *   - Redis round trips (commands clients send to the private Redis, by MONITOR; the app
 *     pipelines nothing, so each is a round trip; a script is one, whatever it runs inside),
 *   - app CPU (utime + stime of the server process, /proc), PostgreSQL CPU (the backends of the
 *     app's connections, /proc) and Redis CPU (INFO cpu), in ms,
 *   - mean latency.
 * Idle activity of the app over the same time (measured first) is taken off.
 *
 *   node_modules/.bin/bun bench/writes.ts [--writes 2000] [--concurrency 8] [--only progress,vote]
 *     [--database-url postgres://…/chapterhouse_bench] [--redis-server redis-server] [--keep]
 *
 * Kinds: progress (anonymous, cookie + Origin, as a browser), progress-user (Bearer, as the mobile
 * client: the sign-in check and the library's shelf move too), audio-time (PATCH, anonymous),
 * comment and vote (Bearer; comments spread over accounts to stay under 10 a minute each).
 * See docs/operations.md ("Benchmarks", "Writes").
 */
import { openSync, readFileSync } from 'node:fs';
import { createServer, connect, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Redis } from 'ioredis';
import { freePort } from '../tests/support/processes.ts';
import { ensureSeeded } from './reading/seed.ts';
import { benchWorkspace } from './support/workspace.ts';

const ROOT = resolve(import.meta.dir, '..');
const { values: flags } = parseArgs({
  options: {
    writes: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '8' },
    only: { type: 'string' },
    books: { type: 'string', default: '2000' },
    chapters: { type: 'string', default: '100' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/chapterhouse_bench' },
    'redis-server': { type: 'string', default: 'redis-server' },
    keep: { type: 'boolean', default: false },
  },
  strict: true,
});

const WRITES = Number(flags.writes);
const CONCURRENCY = Number(flags.concurrency);
const DATABASE_URL = new URL(flags['database-url']!);
const DEBUG_TOKEN = 'writes-bench-debug-login-token-0123';
const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux
const log = (line: string) => console.log(line);
const { work, children, cleanup } = benchWorkspace('chapterhouse-writes-', flags.keep!);

/** utime + stime of a process (all its threads), in ms; 0 when it is gone. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
  } catch {
    return 0;
  }
}

/**
 * A TCP proxy in front of PostgreSQL that counts the frontend's round trips: each Sync (extended
 * protocol: one per parameterised statement) and each simple Query. Remembers its upstream ports,
 * so the backends serving the app can be found in pg_stat_activity.
 */
async function startPgProxy(host: string, port: number) {
  const counts = { roundTrips: 0, parses: 0 };
  const upstreamPorts = new Set<number>();
  const server = createServer((client: Socket) => {
    const upstream = connect(port, host, () => upstreamPorts.add(upstream.localPort!));
    let buffer = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          if (buffer.length < 4) break;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) break;
          buffer = buffer.subarray(length);
          started = true;
          continue;
        }
        if (buffer.length < 5) break;
        const length = buffer.readInt32BE(1);
        if (buffer.length < 1 + length) break;
        const type = String.fromCharCode(buffer[0]!);
        if (type === 'S' || type === 'Q') counts.roundTrips++;
        if (type === 'P') counts.parses++;
        buffer = buffer.subarray(1 + length);
      }
    });
    client.pipe(upstream);
    upstream.pipe(client);
    const close = () => (client.destroy(), upstream.destroy());
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
  });
  const proxyPort = await freePort();
  await new Promise<void>((ready) => server.listen(proxyPort, '127.0.0.1', ready));
  return { port: proxyPort, counts, upstreamPorts, close: () => server.close() };
}

async function startRedis(): Promise<{ url: string; client: Redis }> {
  const port = await freePort();
  const child = Bun.spawn([flags['redis-server']!, '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdout: 'ignore', stderr: 'ignore' });
  children.push(child);
  const url = `redis://127.0.0.1:${port}/0`;
  for (const end = Date.now() + 10_000; Date.now() < end; await Bun.sleep(50)) {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    client.on('error', () => {});
    if (await client.connect().then(() => true, () => false)) return { url, client };
    client.disconnect();
  }
  throw new Error('redis-server did not start');
}

/**
 * Redis round trips as the app makes them: MONITOR on the private Redis, counting commands sent by
 * clients (not those a script runs, which MONITOR marks "lua", and not this benchmark's INFO).
 */
async function watchRedis(url: string): Promise<{ count: () => number; close: () => void }> {
  const watcher = new Redis(url);
  let commands = 0;
  const monitor = await watcher.monitor();
  monitor.on('monitor', (_time: string, args: string[], source: string) => {
    if (source !== 'lua' && args[0]?.toLowerCase() !== 'info') commands++;
  });
  return { count: () => commands, close: () => (monitor.disconnect(), watcher.disconnect()) };
}

/** Redis's own CPU, in ms. */
async function redisCpuMs(client: Redis): Promise<number> {
  const cpu = await client.info('cpu');
  return [...cpu.matchAll(/^used_cpu_(?:sys|user):([\d.]+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0) * 1000;
}

async function startApp(databaseUrl: string, redisUrl: string): Promise<{ base: string; pid: number }> {
  const port = await freePort();
  const logFile = join(work, 'app.log');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? work, PORT: String(port), DATA_DIR: join(work, 'data'),
    DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, ROLE: 'web', SEED_DEMO: '0', LOG_LEVEL: 'error', DEBUG_LOGIN_TOKEN: DEBUG_TOKEN,
    TRUST_PROXY: '1', BASE_URL: `http://127.0.0.1:${port}`,
  };
  const out = openSync(logFile, 'w');
  const child = Bun.spawn([process.execPath, 'src/main.ts'], { cwd: ROOT, env, stdin: 'ignore', stdout: out, stderr: out });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (const end = Date.now() + 120_000; Date.now() < end; await Bun.sleep(100)) {
    if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}:\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
    if (await fetch(`${base}/readyz`).then((r) => r.status === 200, () => false)) return { base, pid: child.pid };
  }
  throw new Error('app not ready after 120 s');
}

interface Write {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

interface Kind {
  name: string;
  count: number;
  make(i: number): Write;
}

interface Figures {
  dbRoundTrips: number;
  parses: number;
  redisCommands: number;
  appCpuMs: number;
  pgCpuMs: number;
  redisCpuMs: number;
}

async function main() {
  await ensureSeeded({ databaseUrl: DATABASE_URL.href, books: Number(flags.books), chapters: Number(flags.chapters), fresh: false, log });
  const monitor = new pg.Client({ connectionString: DATABASE_URL.href });
  await monitor.connect();
  const chapters = (await monitor.query<{ slug: string; n: number }>('select book_slug as slug, number as n from chapters order by random() limit 5000')).rows;
  const redis = await startRedis();
  const watcher = await watchRedis(redis.url);
  const proxy = await startPgProxy(DATABASE_URL.hostname, Number(DATABASE_URL.port || 5432));
  const proxied = new URL(DATABASE_URL.href);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  const app = await startApp(proxied.href, redis.url);
  log(`app ready on ${app.base} (pid ${app.pid}), PostgreSQL through a counting proxy, a private Redis`);

  // Signed-in readers (Bearer, as the mobile client) and comments to vote on.
  const users = Math.max(40, Math.ceil(WRITES / 100));
  const tokens: string[] = [];
  for (let i = 0; i < users; i++) {
    const res = await fetch(`${app.base}/api/auth/debug-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': `writes-reader-${i}` },
      body: JSON.stringify({ token: DEBUG_TOKEN, username: `writesreader${i}` }),
    });
    if (res.status !== 200) throw new Error(`debug login answered ${res.status}: ${await res.text()}`);
    tokens.push(((await res.json()) as { token: string }).token);
  }
  const commentIds: number[] = [];
  for (let i = 0; i < 50; i++) {
    const c = chapters[i]!;
    const res = await fetch(`${app.base}/api/comments/${c.slug}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${tokens[i % tokens.length]}` },
      body: JSON.stringify({ text: `A comment to vote on, number ${i}.`, chapter: c.n }),
    });
    if (res.status !== 201) throw new Error(`posting a comment answered ${res.status}: ${await res.text()}`);
    commentIds.push(((await res.json()) as { comment: { id: number } }).comment.id);
  }

  const json = { accept: 'application/json', 'content-type': 'application/json' };
  const run = Date.now().toString(36);
  // A new anonymous reader every 50 writes, each from an address of its own: far under 120 a minute.
  const anon = (i: number) => ({ cookie: `session_id=writes-${run}-${String(Math.floor(i / 50)).padStart(8, '0')}`, origin: app.base, 'x-forwarded-for': `10.7.${Math.floor(i / 50 / 256) % 256}.${Math.floor(i / 50) % 256}` });
  const bearer = (i: number) => ({ authorization: `Bearer ${tokens[i % tokens.length]}`, 'x-forwarded-for': `10.8.0.${i % tokens.length}` });
  const chapter = (i: number) => chapters[(i * 7919) % chapters.length]!;
  const kinds: Kind[] = [
    { name: 'progress', count: WRITES, make: (i) => ({ method: 'POST', path: '/api/progress', headers: { ...json, ...anon(i) }, body: JSON.stringify({ slug: chapter(i).slug, chapter: chapter(i).n, scroll: (i % 100) / 100 }) }) },
    { name: 'progress-user', count: WRITES, make: (i) => ({ method: 'POST', path: '/api/progress', headers: { ...json, ...bearer(i) }, body: JSON.stringify({ slug: chapter(i).slug, chapter: chapter(i).n, scroll: (i % 100) / 100 }) }) },
    { name: 'audio-time', count: WRITES, make: (i) => ({ method: 'PATCH', path: '/api/progress/audio-time', headers: { ...json, ...anon(i) }, body: JSON.stringify({ slug: chapter(i).slug, chapter: chapter(i).n, audio_time: i % 600 }) }) },
    // 10 comments a minute per account: the count stays at 5 per account.
    { name: 'comment', count: Math.min(WRITES, tokens.length * 5), make: (i) => ({ method: 'POST', path: `/api/comments/${chapter(i).slug}`, headers: { ...json, ...bearer(i) }, body: JSON.stringify({ text: `Benchmark comment ${i} on this chapter.`, chapter: chapter(i).n }) }) },
    { name: 'vote', count: WRITES, make: (i) => ({ method: 'POST', path: `/api/comment/${commentIds[i % commentIds.length]}/vote`, headers: { ...json, ...bearer(i) }, body: JSON.stringify({ direction: ['up', 'down', 'none'][(i * 31) % 3] }) }) },
  ];
  const only = flags.only?.split(',');

  const backends = async () => {
    const rows = (await monitor.query<{ pid: number; client_port: number }>('select pid, client_port from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows;
    return rows.filter((r) => proxy.upstreamPorts.has(r.client_port)).map((r) => r.pid);
  };
  const measure = async (work: () => Promise<void>): Promise<Figures & { seconds: number }> => {
    const pids = await backends();
    const pgByPid = new Map(pids.map((pid) => [pid, cpuMs(pid)] as const));
    await Bun.sleep(50); // the monitor stream catches up
    const r0 = { commands: watcher.count(), cpuMs: await redisCpuMs(redis.client) };
    const trips0 = proxy.counts.roundTrips;
    const parses0 = proxy.counts.parses;
    const app0 = cpuMs(app.pid);
    const started = performance.now();
    await work();
    const seconds = (performance.now() - started) / 1000;
    const app1 = cpuMs(app.pid);
    const trips1 = proxy.counts.roundTrips;
    const parses1 = proxy.counts.parses;
    await Bun.sleep(50);
    const r1 = { commands: watcher.count(), cpuMs: await redisCpuMs(redis.client) };
    const pgCpu = (await backends()).reduce((sum, pid) => sum + cpuMs(pid) - (pgByPid.get(pid) ?? 0), 0);
    return { seconds, dbRoundTrips: trips1 - trips0, parses: parses1 - parses0, redisCommands: r1.commands - r0.commands, appCpuMs: app1 - app0, pgCpuMs: pgCpu, redisCpuMs: r1.cpuMs - r0.cpuMs };
  };

  // What the app does on its own (timers, pollers) per second, taken off each kind below.
  const idle = await measure(() => Bun.sleep(3000));
  const perSecond = (value: number) => value / idle.seconds;
  log(`idle per second: ${perSecond(idle.dbRoundTrips).toFixed(2)} db round trips, ${perSecond(idle.redisCommands).toFixed(2)} redis commands, app CPU ${perSecond(idle.appCpuMs).toFixed(1)} ms, PostgreSQL CPU ${perSecond(idle.pgCpuMs).toFixed(1)} ms`);

  log(`${WRITES} writes a kind (comments: fewer), ${CONCURRENCY} at a time; per write:`);
  log('kind            db trips  parses  redis trips  app CPU ms  PostgreSQL CPU ms  Redis CPU ms  mean ms  non-2xx');
  for (const kind of kinds) {
    if (only && !only.includes(kind.name)) continue;
    let failed = 0;
    let firstFailure = '';
    const send = async (i: number) => {
      const w = kind.make(i);
      const res = await fetch(`${app.base}${w.path}`, { method: w.method, headers: w.headers, body: w.body });
      const text = await res.text();
      if (res.status >= 300) {
        failed++;
        firstFailure ||= `${w.method} ${w.path} → ${res.status} ${text.slice(0, 200)}`;
      }
    };
    // A warm-up of the same kind (JIT, pooled connections, prepared statements), not recorded.
    for (let i = 0; i < Math.min(50, kind.count); i++) await send(kind.count + i);
    let next = 0;
    const figures = await measure(() => Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < kind.count; i = next++) await send(i);
    })).then(() => undefined));
    const n = kind.count;
    const less = (value: number, idleValue: number) => (value - (idleValue / idle.seconds) * figures.seconds) / n;
    log(
      `${kind.name.padEnd(15)} ${less(figures.dbRoundTrips, idle.dbRoundTrips).toFixed(2).padStart(8)}  ${(figures.parses / n).toFixed(2).padStart(6)}  ${less(figures.redisCommands, idle.redisCommands).toFixed(2).padStart(11)}` +
        `  ${less(figures.appCpuMs, idle.appCpuMs).toFixed(2).padStart(10)}  ${less(figures.pgCpuMs, idle.pgCpuMs).toFixed(2).padStart(17)}  ${(figures.redisCpuMs / n).toFixed(3).padStart(12)}` +
        `  ${((figures.seconds * 1000 * CONCURRENCY) / n).toFixed(2).padStart(7)}  ${String(failed).padStart(7)}${firstFailure ? `  first: ${firstFailure}` : ''}`,
    );
  }
  await monitor.end();
  redis.client.disconnect();
  watcher.close();
  proxy.close();
}

try {
  await main();
} finally {
  cleanup();
}
