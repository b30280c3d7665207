/**
 * Load benchmark: a mixed workload on loopback against the app on PostgreSQL and Redis, with the
 * same machine's static ceiling measured in the same run.
 *
 *   70 % chapter pages over a wide set of chapters (more than the in-process caches hold),
 *   15 % browse and search (HTML and JSON, page 1 and deep pages, filters, typos),
 *   10 % reading-progress writes by anonymous readers (cookie + Origin, as a browser sends them),
 *    5 % comments and comment votes by signed-in readers (Bearer tokens, as the mobile client).
 *
 * For each connection count it prints throughput, p50/p99, the error rate (non-2xx/3xx and socket
 * errors over all requests; every failed answer by method, route and status, from the app's own
 * counters, and with --log-errors each one's status and body as wrk saw it) and the app's resident memory; then a soak at the first connection
 * count prints the memory slope (least squares over samples every 5 s, MB per minute).
 *
 *   node_modules/.bin/bun bench/load.ts [--connections 64,256] [--duration 30] [--soak 600]
 *     [--books 2000] [--chapters 100] [--wide-paths 20000] [--users 1000] [--threads 2]
 *     [--database-url postgres://…/chapterhouse_bench] [--redis-url redis://127.0.0.1:6379/8]
 *     [--wrk wrk] [--json FILE] [--keep] [--log-errors] [--weights chapter=70,listing=15,progress=10,social=5]
 *
 * Targets (issue: load): zero errors, p99 < 100 ms at 64 connections, memory flat over a
 * 10-minute soak. See docs/operations.md ("Benchmarks", "Load").
 */
import { loadavg } from 'node:os';
import { openSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Redis } from 'ioredis';
import { freePort } from '../tests/support/processes.ts';
import { ensureSeeded } from './reading/seed.ts';
import { pick, rng } from './reading/prose.ts';
import { rawGet, type RawResponse } from './reading/http.ts';
import { startCeiling } from './reading/ceiling.ts';
import { runWrk, writeScript, type WrkResult, type WrkSettings } from './reading/wrk.ts';
import { writeMixScript, type MixWeights } from './load/script.ts';
import { benchWorkspace } from './support/workspace.ts';

const ROOT = resolve(import.meta.dir, '..');
const { values: flags } = parseArgs({
  options: {
    connections: { type: 'string', default: '64,256' },
    duration: { type: 'string', default: '30' },
    soak: { type: 'string', default: '600' },
    books: { type: 'string', default: '2000' },
    chapters: { type: 'string', default: '100' },
    'wide-paths': { type: 'string', default: '20000' },
    users: { type: 'string', default: '1000' },
    threads: { type: 'string', default: '2' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/chapterhouse_bench' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379/8' },
    wrk: { type: 'string', default: 'wrk' },
    json: { type: 'string' },
    keep: { type: 'boolean', default: false },
    // wrk also prints the status and body of every answer that is not 2xx/3xx (costs wrk some CPU).
    'log-errors': { type: 'boolean', default: false },
    // e.g. chapter=85,listing=15,progress=0,social=0 to measure the reads without the writes.
    weights: { type: 'string', default: 'chapter=70,listing=15,progress=10,social=5' },
  },
  strict: true,
});

const WEIGHTS = parseWeights(flags.weights!);

function parseWeights(text: string): MixWeights {
  const weights: MixWeights = { chapter: 0, listing: 0, progress: 0, social: 0 };
  for (const part of text.split(',')) {
    const [name, value] = part.split('=');
    if (!name || !(name in weights) || !Number.isFinite(Number(value))) throw new Error(`--weights: expected chapter=…,listing=…,progress=…,social=…, got "${part}"`);
    weights[name as keyof MixWeights] = Number(value);
  }
  return weights;
}
/**
 * Of the 5 % social writes, this share posts a comment (10 a minute per account is the limit, so
 * they go round the accounts in turn: 1,000 accounts carry 10,000 comments a minute, about 16,000 req/s of the mix); the rest vote.
 */
const COMMENT_SHARE = 0.2;
const TARGET_P99_MS = 100;
const DEBUG_TOKEN = 'load-bench-debug-login-token-0123';
const METRICS_TOKEN = 'load-bench-metrics-token-0123456';
const connectionCounts = flags.connections!.split(',').map(Number);
const SECONDS = Number(flags.duration);
const SOAK = Number(flags.soak);
const USERS = Number(flags.users);
const DATABASE_URL = flags['database-url']!;
const REDIS_URL = flags['redis-url']!;
const log = (line: string) => console.log(line);
const { work, children, cleanup } = benchWorkspace('chapterhouse-load-', flags.keep!);

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** Samples a process's resident memory every `everyMs` until stopped. */
function sampleMemory(pid: number, everyMs = 5000) {
  const samples: { s: number; mb: number }[] = [];
  const started = performance.now();
  const take = () => samples.push({ s: (performance.now() - started) / 1000, mb: rssMb(pid) });
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}

/** Least-squares slope of memory over time, MB per minute. */
export function slopeMbPerMinute(samples: readonly { s: number; mb: number }[]): number {
  const n = samples.length;
  if (n < 2) return 0;
  const mx = samples.reduce((a, p) => a + p.s, 0) / n;
  const my = samples.reduce((a, p) => a + p.mb, 0) / n;
  const num = samples.reduce((a, p) => a + (p.s - mx) * (p.mb - my), 0);
  const den = samples.reduce((a, p) => a + (p.s - mx) ** 2, 0);
  return den ? (num / den) * 60 : 0;
}

async function startApp(): Promise<{ base: string; pid: number }> {
  const port = await freePort();
  const logFile = join(work, 'app.log');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? work, PORT: String(port), DATA_DIR: join(work, 'data'),
    DATABASE_URL, REDIS_URL, ROLE: 'all', SEED_DEMO: '0', LOG_LEVEL: 'error', DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, METRICS_TOKEN,
    // As behind a reverse proxy: the workload gives each simulated reader an address of its own.
    TRUST_PROXY: '1',
    BASE_URL: `http://127.0.0.1:${port}`,
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

async function sampleChapterPage(base: string, path: string): Promise<RawResponse> {
  const sample = await rawGet(`${base}${path}`, { 'Accept-Encoding': 'gzip, br', Accept: 'text/html', Cookie: 'session_id=loadreader-0000000001' });
  if (sample.status !== 200) throw new Error(`ceiling sample ${path} answered ${sample.status}`);
  return sample;
}

/** Signed-in readers (debug login: Bearer tokens) and a few comments for the votes to go to. */
async function prepareReaders(base: string, books: { slug: string; chapter_count: number }[]): Promise<{ tokens: string[]; commentIds: number[] }> {
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const res = await fetch(`${base}/api/auth/debug-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': `load-reader-${i}` },
      body: JSON.stringify({ token: DEBUG_TOKEN, username: `loadreader${i}` }),
    });
    if (res.status !== 200) throw new Error(`debug login answered ${res.status}: ${await res.text()}`);
    tokens.push(((await res.json()) as { token: string }).token);
  }
  const commentIds: number[] = [];
  for (let i = 0; i < 50; i++) {
    const book = books[i % books.length]!;
    const res = await fetch(`${base}/api/comments/${book.slug}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${tokens[i % tokens.length]}` },
      body: JSON.stringify({ text: `A comment to vote on, number ${i}.`, chapter: 1 }),
    });
    if (res.status !== 201) throw new Error(`posting a comment answered ${res.status}: ${await res.text()}`);
    commentIds.push(((await res.json()) as { comment: { id: number } }).comment.id);
  }
  return { tokens, commentIds };
}

/** The app's answers so far by method, route and status (its own counter, /metrics). */
async function answersByRoute(base: string): Promise<Map<string, number>> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
  const counts = new Map<string, number>();
  for (const m of (await res.text()).matchAll(/^chapterhouse_http_requests_total\{([^}]*)\} (\d+)/gm)) {
    const labels = Object.fromEntries([...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    counts.set(`${labels.method} ${labels.route} ${labels.status}`, Number(m[2]));
  }
  return counts;
}

/** Every answer of a run that was not 2xx/3xx, by method, route and status ("GET /book/:slug/:n 500": 2). */
function failedAnswers(before: Map<string, number>, after: Map<string, number>): Record<string, number> {
  const failed: Record<string, number> = {};
  for (const [key, count] of after) {
    const status = Number(key.split(' ').at(-1));
    const grown = count - (before.get(key) ?? 0);
    if (status >= 400 && grown > 0) failed[key] = grown;
  }
  return failed;
}

interface LevelResult {
  connections: number;
  app: WrkResult;
  ceiling: WrkResult;
  errorRate: number;
  /** The app's non-2xx/3xx answers by method, route and status; with --log-errors, wrk's lines (status and body). */
  failed: Record<string, number>;
  errorLines: string[];
  rssStartMb: number;
  rssEndMb: number;
  rssMaxMb: number;
  slopeMbPerMin: number;
  load1: number;
}

async function main() {
  await ensureSeeded({ databaseUrl: DATABASE_URL, books: Number(flags.books), chapters: Number(flags.chapters), fresh: false, log });
  // Empty the cache database so no earlier run's rendering is served.
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  redis.disconnect();
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  const books = (await client.query<{ slug: string; chapter_count: number }>('select slug, chapter_count from books where chapter_count > 0 order by slug')).rows;
  const genres = (await client.query<{ slug: string }>('select genre_slug as slug from book_genres group by 1 order by count(*) desc')).rows.map((r) => r.slug);
  const titles = (await client.query<{ title: string }>('select title from books order by slug limit 50')).rows.map((r) => r.title);
  await client.end();

  const rand = rng(7);
  const chapters = Array.from({ length: Number(flags['wide-paths']) }, () => {
    const book = pick(rand, books);
    return { slug: book.slug, n: 1 + Math.floor(rand() * book.chapter_count) };
  });
  const words = titles.flatMap((t) => t.toLowerCase().split(/\W+/)).filter((w) => w.length >= 5);
  const queries = [...new Set(words)].slice(0, 20);
  const listings = [
    ...genres.flatMap((g) => ['ongoing', 'completed'].map((s) => `genre=${g}&status=${s}&sort=popular&page=1`)),
    'sort=updated&page=50', `genre=${genres[0]}&sort=popular&page=50`, 'status=ongoing&sort=new&page=50', 'sort=rating&page=3', 'sort=title&page=20',
  ].flatMap((q) => [`/browse?${q}`, `/api/browse?${q}`])
    .concat(queries.flatMap((q) => [`/search?q=${encodeURIComponent(q)}`, `/api/search?q=${encodeURIComponent(q.slice(0, -2) + q.at(-1) + q.at(-2))}`]));

  const app = await startApp();
  log(`app ready on ${app.base} (pid ${app.pid}); ${chapters.length} chapters, ${listings.length} listing paths; signing in ${USERS} readers`);
  const { tokens, commentIds } = await prepareReaders(app.base, books);
  const anonymous = Array.from({ length: 2000 }, (_, i) => `loadanon-${String(i).padStart(10, '0')}`);
  const mix = writeMixScript(work, WEIGHTS, { chapters, listings, anonymous, tokens, commentIds, commentShare: COMMENT_SHARE, origin: app.base, threads: Number(flags.threads), logErrors: flags['log-errors']! });
  const ceiling = await startCeiling(work, await sampleChapterPage(app.base, `/book/${chapters[0]!.slug}/${chapters[0]!.n}`), children);
  const ceilingScript = writeScript(work, 'ceiling', chapters.slice(0, 2000).map((c) => `/book/${c.slug}/${c.n}`), { 'Accept-Encoding': 'gzip, br', Accept: 'text/html' });

  const levels: LevelResult[] = [];
  const run = async (connections: number, seconds: number): Promise<LevelResult> => {
    const settings: WrkSettings = { wrk: flags.wrk!, threads: Number(flags.threads), connections, seconds };
    const ceilingResult = await runWrk(settings, ceiling.base, ceilingScript, Math.min(seconds, 15));
    const memory = sampleMemory(app.pid);
    const answered = await answersByRoute(app.base);
    const result = await runWrk(settings, app.base, mix, seconds);
    const samples = memory.stop();
    const failed = failedAnswers(answered, await answersByRoute(app.base));
    const errorLines = result.raw.split('\n').filter((line) => line.startsWith('non-2xx '));
    const mbs = samples.map((s) => s.mb);
    return {
      connections, app: result, ceiling: ceilingResult,
      errorRate: (result.non2xx + result.socketErrors) / Math.max(1, result.requests), failed, errorLines,
      rssStartMb: mbs[0]!, rssEndMb: mbs.at(-1)!, rssMaxMb: Math.max(...mbs), slopeMbPerMin: slopeMbPerMinute(samples), load1: loadavg()[0]!,
    };
  };
  // A short warm-up, not recorded: first renderings, connection pools, JIT.
  await runWrk({ wrk: flags.wrk!, threads: Number(flags.threads), connections: connectionCounts[0]!, seconds: 5 }, app.base, mix, 5);
  for (const connections of connectionCounts) {
    const level = await run(connections, SECONDS);
    levels.push(level);
    print(level, false);
  }
  let soak: LevelResult | null = null;
  if (SOAK > 0) {
    log(`soak: ${SOAK} s at ${connectionCounts[0]} connections…`);
    soak = await run(connectionCounts[0]!, SOAK);
    print(soak, true);
  }
  if (flags.json) writeFileSync(flags.json, JSON.stringify({ weights: WEIGHTS, levels, soak }, (k, v) => (k === 'raw' ? undefined : v), 2));
}

function print(level: LevelResult, soak: boolean) {
  const r = level.app;
  const ratio = (r.rps / level.ceiling.rps) * 100;
  const p99ok = level.connections !== 64 || r.p99 < TARGET_P99_MS;
  log(
    `${soak ? 'soak ' : ''}${level.connections} connections: ${Math.round(r.rps)} req/s (${ratio.toFixed(1)} % of the static ceiling, ${Math.round(level.ceiling.rps)} req/s), ` +
      `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms${level.connections === 64 ? (p99ok ? ' (< 100 ms ok)' : ' (target < 100 ms MISSED)') : ''}, ` +
      `errors ${(level.errorRate * 100).toFixed(3)} %${r.errorLine ? ` (${r.errorLine})` : ''}${level.errorRate === 0 ? ' ok' : ' MISSED'}, ` +
      `RSS ${level.rssStartMb.toFixed(0)} → ${level.rssEndMb.toFixed(0)} MB (max ${level.rssMaxMb.toFixed(0)}), slope ${level.slopeMbPerMin.toFixed(2)} MB/min, load ${level.load1.toFixed(1)}`,
  );
  for (const [answer, count] of Object.entries(level.failed)) log(`  failed: ${answer} × ${count}`);
  for (const line of level.errorLines) log(`  ${line}`);
}

try {
  await main();
} finally {
  cleanup();
}
