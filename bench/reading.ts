/**
 * Reading benchmark: seeds a large catalogue into real PostgreSQL, starts the app against it and
 * measures requests/sec and p50/p99 latency with wrk on loopback, next to the machine's ceiling
 * (Bun.serve answering with the same chapter page bytes from a static file).
 *
 * The rows with targets spread their traffic the way readers do (scenarios.ts): thousands of
 * distinct searches, every browse page by genre × status × sort × page, chapters drawn uniformly
 * from the whole catalogue. The repeated-URL rows measure cache hits and carry no target.
 *
 *   node_modules/.bin/bun bench/reading.ts [--books 2000] [--chapters 100] [--connections 64]
 *     [--duration 10] [--threads 2] [--warmup 3] [--paths 2000] [--wide-paths 20000]
 *     [--search-strings 12000] [--browse-pages 50] [--fresh] [--embedded-cache]
 *     [--only spread,chapter,browse,search] [--quiet 0.3] [--quiet-wait 60] [--retries 2]
 *     [--json results.json] [--seed-only] [--keep] [--profile DIR] [--web-processes 1]
 *
 * See docs/operations.md ("Benchmarks") for what each figure means and the targets.
 */
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Redis } from 'ioredis';
import type { Subprocess } from 'bun';
import { ensureSeeded } from './reading/seed.ts';
import { decodedText, eachLimited, rawGet, type RawResponse } from './reading/http.ts';
import { runWrk, writeScript, type WrkResult, type WrkSettings } from './reading/wrk.ts';
import { startCeiling } from './reading/ceiling.ts';
import { cpuWindow, waitForQuiet } from './reading/cpu.ts';
import { buildScenarios, type Scenario } from './reading/scenarios.ts';
import { readCatalogue, startBenchApp, type StartedApp } from './reading/app.ts';
import { hitRatios, readCacheCounts, residentMbOf } from './reading/metrics.ts';
import { printTable, verdict, type Row } from './reading/report.ts';

const { values: flags } = parseArgs({
  options: {
    books: { type: 'string', default: '2000' },
    chapters: { type: 'string', default: '100' },
    connections: { type: 'string', default: '64' },
    duration: { type: 'string', default: '10' },
    threads: { type: 'string', default: '2' },
    warmup: { type: 'string', default: '3' },
    paths: { type: 'string', default: '2000' },
    'wide-paths': { type: 'string', default: '20000' },
    'search-strings': { type: 'string', default: '12000' },
    'browse-pages': { type: 'string', default: '50' },
    fresh: { type: 'boolean', default: false },
    'embedded-cache': { type: 'boolean', default: false },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/chapterhouse_bench' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379/7' },
    wrk: { type: 'string', default: 'wrk' },
    only: { type: 'string' },
    json: { type: 'string' },
    'seed-only': { type: 'boolean', default: false },
    'web-processes': { type: 'string', default: '1' },
    quiet: { type: 'string', default: '0.3' },
    'quiet-wait': { type: 'string', default: '60' },
    retries: { type: 'string', default: '2' },
    keep: { type: 'boolean', default: false },
    profile: { type: 'string' },
  },
  strict: true,
});

const num = (name: keyof typeof flags): number => {
  const n = Number(flags[name]);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
};
const BOOKS = num('books');
const CHAPTERS = num('chapters');
const WRK: WrkSettings = { wrk: flags.wrk!, threads: num('threads'), connections: num('connections'), seconds: num('duration') };
const WARMUP = Number(flags.warmup);
const DATABASE_URL = flags['database-url']!;
const REDIS_URL = flags['embedded-cache'] ? null : flags['redis-url']!;
const QUIET_CORES = Number(flags.quiet);
const QUIET_WAIT = Number(flags['quiet-wait']);
const RETRIES = Number(flags.retries);
const PAGE_SIZE = 24; // decisions.md: 24 books a page
/** The app's /metrics token: each row reads the cache counters before and after its run. */
const METRICS_TOKEN = 'bench-reading-metrics-token';

/** A fixed anonymous reader for every request, so the app never mints a session cookie per request. */
const SESSION_ID = 'benchvisitor-0000000001';
const COMMON_HEADERS = {
  'Accept-Encoding': 'gzip, br',
  Cookie: `session_id=${SESSION_ID}`,
  'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) chapterhouse-bench/1',
};
const HTML_HEADERS = { ...COMMON_HEADERS, Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const JSON_HEADERS = { ...COMMON_HEADERS, Accept: 'application/json' };

const log = (line: string) => console.log(line);
const children: Subprocess[] = [];
let appChild: Subprocess | null = null;
const work = mkdtempSync(join(tmpdir(), 'chapterhouse-reading-'));

function cleanup() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  if (!flags.keep) rmSync(work, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    cleanup();
    process.exit(130);
  });
}

// ---------------------------------------------------------------------------------------------
// Processes

async function startApp(): Promise<StartedApp> {
  // --profile: Bun's sampling CPU profiler, written (also as markdown) when the app stops.
  const started = await startBenchApp({ work, databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, metricsToken: METRICS_TOKEN, profileDir: flags.profile ? resolve(flags.profile) : undefined, webProcesses: Number(flags['web-processes']), log });
  appChild = started.child;
  children.push(...started.children);
  return started;
}

// ---------------------------------------------------------------------------------------------
// Measuring

/** GETs a sample of the paths (all of them when `all`); returns the first problem, if any. */
async function preflight(base: string, scenario: Scenario, all: boolean): Promise<{ problem: string | null; bytes: number | null }> {
  const headers = scenario.kind === 'html' ? HTML_HEADERS : JSON_HEADERS;
  // Spread rows are checked on their warm-up paths (or their sample), never on the measured ones.
  const sample = all ? scenario.paths : (scenario.warmup ?? scenario.paths).slice(0, 12);
  let problem: string | null = null;
  let bytes: number | null = null;
  await eachLimited(sample, 8, async (path) => {
    if (problem) return;
    const response = await rawGet(base + path, headers).catch((error: Error) => ({ status: 0, headers: {}, body: Buffer.from(error.message) }) as RawResponse);
    if (path === sample[0]) bytes = response.body.byteLength;
    const type = response.headers['content-type'] ?? '';
    if (response.status !== 200) problem = `${path} answered ${response.status || response.body.toString()}`;
    else if (!type.includes(scenario.kind === 'html' ? 'text/html' : 'application/json')) problem = `${path} answered content-type ${type}`;
    else if (response.headers['set-cookie']?.includes('session_id=')) problem = `${path} set a new session_id cookie`;
    else if (scenario.check) problem = scenario.check(path, JSON.parse(decodedText(response)));
  });
  return { problem, bytes };
}

async function versionOf(cmd: string[]): Promise<string> {
  try {
    const p = Bun.spawn(cmd, { stdout: 'pipe', stderr: 'pipe' });
    const [o, e] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text()]);
    return (o + e).split('\n')[0]!.trim();
  } catch {
    return 'not found';
  }
}

/** The Redis server's pid (its CPU is counted with the app's), or none with the in-process cache. */
async function redisPids(): Promise<number[]> {
  if (!REDIS_URL) return [];
  const p = Bun.spawn(['pgrep', '-x', 'redis-server'], { stdout: 'pipe' });
  return (await new Response(p.stdout).text()).split('\n').filter(Boolean).map(Number);
}

const notMeasured = (scenario: Scenario, problem: string): Row => ({
  key: scenario.key, label: scenario.label, result: null, ratio: null, target: scenario.target, verdict: 'NOT MEASURED',
  load1: loadavg()[0]!, cpuMs: null, ownCores: null, othersCores: null, bytes: null, hits: null, rssMb: null, note: problem,
});

async function main() {
  const cpuList = cpus();
  log(`machine: ${cpuList.length} CPUs (${cpuList[0]?.model.trim() ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  log(`bun ${Bun.version}; ${await versionOf([WRK.wrk, '--version'])}`);
  log(`settings: ${BOOKS} books × ${CHAPTERS} chapters; wrk -t${WRK.threads} -c${WRK.connections} -d${WRK.seconds}s (warm-up ${WARMUP}s); cache: ${REDIS_URL ?? 'embedded (in-process)'}; web processes: ${flags['web-processes']}; session_id=${SESSION_ID}`);

  const seed = await ensureSeeded({ databaseUrl: DATABASE_URL, books: BOOKS, chapters: CHAPTERS, fresh: flags.fresh!, log });
  const pgc = new pg.Client({ connectionString: DATABASE_URL });
  await pgc.connect();
  const pgVersion = (await pgc.query<{ v: string }>('select version() as v')).rows[0]!.v.split(' on ')[0];
  const buffers = (await pgc.query<{ shared_buffers: string }>('show shared_buffers')).rows[0]!.shared_buffers;
  const counts = (await pgc.query<{ b: number; c: number; size: string }>("select (select count(*) from books)::int as b, (select count(*) from chapters)::int as c, pg_size_pretty(pg_database_size(current_database())) as size")).rows[0]!;
  await pgc.end();
  log(`database: ${pgVersion}, shared_buffers ${buffers}; ${counts.b} books, ${counts.c} chapters, ${counts.size}`);
  if (flags['seed-only']) return;

  if (REDIS_URL) {
    // A dedicated Redis database, emptied so nothing cached by an earlier run (or seed) is served.
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    await redis.flushdb();
    await redis.quit();
  }
  const app = await startApp();
  const { base } = app;
  const rssAtStart = residentMbOf(app.pids);
  const pgWatch = new pg.Client({ connectionString: DATABASE_URL });
  await pgWatch.connect();
  const backends = async () =>
    (await pgWatch.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows.map((r) => r.pid);
  const redis = await redisPids();
  const catalogue = await readCatalogue(DATABASE_URL);
  const { scenarios, notes } = buildScenarios(catalogue, {
    pageSize: PAGE_SIZE,
    paths: num('paths'),
    widePaths: num('wide-paths'),
    searchStrings: num('search-strings'),
    browsePages: num('browse-pages'),
  });
  for (const n of notes) log(n);
  const only = flags.only?.split(',').map((s) => s.trim()).filter(Boolean);
  const chosen = only ? scenarios.filter((s) => only.some((o) => s.key.startsWith(o))) : scenarios;

  // Which endpoints answer (others are reported, not measured).
  const available = new Map<string, { problem: string | null; bytes: number | null }>();
  for (const s of chosen) available.set(s.key, await preflight(base, s, false));

  // The ceiling serves the bytes of a chapter page exactly as the app sent them (same compression).
  const chapterScenario = scenarios.find((s) => s.key === 'spread-chapter-html')!;
  const samplePath = chapterScenario.paths[0]!;
  const sample = await rawGet(base + samplePath, HTML_HEADERS);
  if (sample.status !== 200) throw new Error(`ceiling sample ${samplePath} answered ${sample.status}`);
  const ceilingServer = await startCeiling(work, sample, children);
  const ceilingBase = ceilingServer.base;
  const ceilingLabel = 'static ceiling (Bun.serve)';
  log(`ceiling: ${ceilingBase} serves ${samplePath} (${sample.body.byteLength} bytes, ${sample.headers['content-encoding'] ?? 'identity'}, ${sample.headers['content-type']})`);

  const rows: Row[] = [];
  /**
   * Quiet wait, warm-up, measured run. When other processes took more than 2 × --quiet cores during
   * the run, it is repeated (up to --retries times) and the least disturbed attempt is kept.
   */
  const measure = async (label: string, key: string, baseUrl: string, scenario: Scenario, bytes: number | null) => {
    const headers = scenario.kind === 'html' ? HTML_HEADERS : JSON_HEADERS;
    const script = scenario.script ? scenario.script(work, headers) : writeScript(work, key, scenario.paths, headers);
    const warmScript = scenario.warmup ? writeScript(work, `${key}-warmup`, scenario.warmup, headers) : script;
    const isApp = baseUrl !== ceilingBase;
    type Attempt = { result: WrkResult; load1: number; cpuMs: Row['cpuMs']; ownCores: number | null; othersCores: number | null; busyBefore: number | null; hits: string | null };
    let best: Attempt | null = null;
    for (let attempt = 0; attempt <= RETRIES; attempt++) {
      const quiet = QUIET_WAIT > 0 ? await waitForQuiet(QUIET_CORES, QUIET_WAIT) : { busy: null, waited: 0 };
      if (WARMUP > 0) await runWrk(WRK, baseUrl, warmScript, WARMUP);
      const load1 = loadavg()[0]!;
      const server = isApp ? app.pids : [ceilingServer.pid];
      const cachesBefore = isApp ? await readCacheCounts(base, METRICS_TOKEN, app.pids.length) : null;
      const window = cpuWindow({ server, db: await backends(), redis });
      const result = await runWrk(WRK, baseUrl, script);
      const use = window.end({ server, db: await backends(), redis }, { wrk: result.cpuSeconds });
      const hits = cachesBefore ? hitRatios(cachesBefore, await readCacheCounts(base, METRICS_TOKEN, app.pids.length)).text : null;
      const perRequest = (cores: number | undefined) => ((cores ?? 0) * use.seconds * 1000) / Math.max(1, result.requests);
      const cpuMs = { server: perRequest(use.cores.server), db: perRequest(use.cores.db), redis: perRequest(use.cores.redis), wrk: perRequest(use.cores.wrk) };
      const cpu = { ownCores: Object.values(use.cores).reduce((a, b) => a + b, 0), othersCores: use.othersCores };
      const cores = `  cpu ms/req: server ${cpuMs.server.toFixed(2)}, db ${cpuMs.db.toFixed(2)}, redis ${cpuMs.redis.toFixed(2)}, wrk ${cpuMs.wrk.toFixed(2)}; cores: own ${cpu.ownCores.toFixed(2)}, others ${cpu.othersCores?.toFixed(2) ?? '?'}`;
      log(`  ${label.padEnd(28)} ${result.rps.toFixed(0).padStart(7)} req/s  p50 ${result.p50.toFixed(2).padStart(7)} ms  p99 ${result.p99.toFixed(2).padStart(7)} ms${cores}${hits ? `; hits: ${hits}` : ''}${attempt ? `  (attempt ${attempt + 1})` : ''}`);
      if (!best || (cpu.othersCores ?? 0) < (best.othersCores ?? 0)) best = { result, load1, cpuMs, ownCores: cpu.ownCores, othersCores: cpu.othersCores, busyBefore: quiet.busy, hits };
      if (cpu.othersCores === null || cpu.othersCores <= 2 * QUIET_CORES) break;
    }
    const { result, load1, cpuMs, ownCores, othersCores, busyBefore, hits } = best!;
    const noisy = othersCores !== null && othersCores > 2 * QUIET_CORES ? `other processes used ${othersCores.toFixed(2)} cores during the run${busyBefore !== null ? ` (${busyBefore.toFixed(2)} just before it)` : ''}: figures are pessimistic` : undefined;
    rows.push({
      key, label, result, ratio: null, target: scenario.target, verdict: '', load1, cpuMs, ownCores, othersCores, bytes, hits,
      rssMb: isApp ? residentMbOf(app.pids) : null, note: [scenario.note, noisy].filter(Boolean).join('; ') || undefined, sameDataAs: scenario.sameDataAs,
    });
    return result;
  };

  log('');
  log(`measuring (each: wait for others to use ≤ ${QUIET_CORES} cores, ${WARMUP} s warm-up, ${WRK.seconds} s measured; repeated up to ${RETRIES} times when others used > ${2 * QUIET_CORES} cores)`);
  const ceilingScenario: Scenario = { key: 'ceiling', label: ceilingLabel, kind: 'html', paths: chapterScenario.paths, script: chapterScenario.script, target: null };
  await measure(`${ceilingLabel}, 1`, 'ceiling', ceilingBase, ceilingScenario, sample.body.byteLength);
  for (const scenario of chosen) {
    const status = available.get(scenario.key)!;
    if (status.problem) {
      rows.push(notMeasured(scenario, status.problem));
      log(`  ${scenario.label.padEnd(28)} not measured: ${status.problem}`);
      continue;
    }
    // The repeated rows fetch (and so check and cache) every URL once first; spread rows never do.
    const full = scenario.warmAll === false ? status : await preflight(base, scenario, true);
    if (full.problem) {
      rows.push(notMeasured(scenario, full.problem));
      log(`  ${scenario.label.padEnd(28)} not measured: ${full.problem}`);
      continue;
    }
    await measure(scenario.label, scenario.key, base, scenario, status.bytes);
    // The ceiling again right after the page with the ratio target: the ratio is to their mean.
    if (scenario === chapterScenario) await measure(`${ceilingLabel}, 2`, 'ceiling', ceilingBase, ceilingScenario, sample.body.byteLength);
  }
  const ceilings = rows.filter((r) => r.key === 'ceiling' && r.result);
  const ceilingRps = ceilings.reduce((sum, r) => sum + r.result!.rps, 0) / ceilings.length;
  for (const row of rows) {
    if (!row.result) continue;
    row.ratio = row.result.rps / ceilingRps;
    row.verdict = row.key === 'ceiling' ? (row.result.errorLine ? `FAILED (${row.result.errorLine})` : '—') : verdict(row.result, row.ratio, row.target);
  }

  await pgWatch.end();
  const rssAtEnd = residentMbOf(app.pids);
  if (appChild) {
    appChild.kill('SIGTERM');
    await appChild.exited;
    if (flags.profile) log(`CPU profile of the app written to ${resolve(flags.profile)}`);
  }
  printTable(rows, log);
  log(`"vs ceiling" divides by the mean of the ${ceilings.length} ceiling run(s): ${ceilingRps.toFixed(0)} req/s`);
  log(`app resident memory: ${rssAtStart?.toFixed(0) ?? '?'} MB when ready, ${rssAtEnd?.toFixed(0) ?? '?'} MB at the end`);
  log(`\nload average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}; seed ${seed.reused ? 'reused' : `took ${seed.seconds.toFixed(1)} s`}`);
  if (flags.json) {
    writeFileSync(
      flags.json,
      JSON.stringify(
        {
          when: new Date().toISOString(),
          machine: { cpus: cpuList.length, model: cpuList[0]?.model, loadavg: loadavg() },
          settings: { books: BOOKS, chapters: CHAPTERS, ...WRK, warmup: WARMUP, cache: REDIS_URL ? 'redis' : 'embedded', webProcesses: Number(flags['web-processes']) },
          notes,
          memory: { readyMb: rssAtStart, endMb: rssAtEnd },
          rows: rows.map(({ result, ...r }) => ({ ...r, rps: result?.rps ?? null, p50: result?.p50 ?? null, p99: result?.p99 ?? null, requests: result?.requests ?? null, errors: result?.errorLine ?? null })),
        },
        null,
        2,
      ),
    );
  }
}

try {
  await main();
} finally {
  cleanup();
}
