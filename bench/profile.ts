/**
 * Where each kind of request spends its time: for each spread scenario of the reading benchmark,
 * the app runs alone under Bun's CPU profiler while wrk sends that traffic, and the profile is
 * split into database, rendering, serialising, compressing and the rest, per request
 * (reading/profile-split.ts), with PostgreSQL's own CPU per request beside it. The figures are the profiler's, which weighs a little on the app:
 * compare them with each other, not with bench/reading.ts's CPU figures.
 *
 *   node_modules/.bin/bun bench/profile.ts [--only spread-chapter-html,spread-browse-json] [--seconds 15]
 *     [--database-url postgres://…/chapterhouse_bench] [--redis-url redis://127.0.0.1:6379/7] [--root ../other-checkout]
 *     [--keep DIR]
 *
 * --root runs another checkout of the app (a version before a change, seeded into its own
 * database by its own bench/reading.ts --seed-only) with the same traffic. --keep DIR keeps each
 * scenario's raw profile as DIR/<scenario>.cpuprofile (bench/profile-top.ts lists its hottest functions).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { readCatalogue, startBenchApp } from './reading/app.ts';
import { buildScenarios } from './reading/scenarios.ts';
import { runWrk, writeScript } from './reading/wrk.ts';
import { KINDS, splitProfile } from './reading/profile-split.ts';
import { cpuWindow } from './reading/cpu.ts';
import pg from 'pg';

const { values: flags } = parseArgs({
  options: {
    only: { type: 'string', default: 'spread-chapter-html,spread-chapter-json,spread-browse-html,spread-browse-json,spread-search-html,spread-search-json' },
    seconds: { type: 'string', default: '15' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/chapterhouse_bench' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379/7' },
    root: { type: 'string' },
    keep: { type: 'string' },
  },
  strict: true,
});
const METRICS_TOKEN = 'bench-profile-metrics-token';
const HEADERS = { 'Accept-Encoding': 'gzip, br', Cookie: 'session_id=benchvisitor-0000000001', 'User-Agent': 'chapterhouse-bench/1' };
const log = (line: string) => console.log(line);

async function requestsServed(base: string): Promise<number> {
  const text = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((r) => r.text());
  let total = 0;
  for (const line of text.split('\n')) if (line.startsWith('chapterhouse_http_requests_total{')) total += Number(line.slice(line.lastIndexOf(' ') + 1));
  return total;
}

const catalogue = await readCatalogue(flags['database-url']!);
const { scenarios } = buildScenarios(catalogue, { pageSize: 24, paths: 2000, widePaths: 20000, searchStrings: 12000, browsePages: 50 });
const rows: string[] = [];
const watch = new pg.Client({ connectionString: flags['database-url']! });
await watch.connect();
for (const key of flags.only!.split(',')) {
  const scenario = scenarios.find((s) => s.key === key);
  if (!scenario) throw new Error(`no scenario ${key}`);
  const work = mkdtempSync(join(tmpdir(), 'chapterhouse-profile-'));
  const redis = new Redis(flags['redis-url']!, { maxRetriesPerRequest: 1 });
  await redis.flushdb();
  await redis.quit();
  const profileDir = join(work, 'profile');
  const app = await startBenchApp({ work, databaseUrl: flags['database-url']!, redisUrl: flags['redis-url']!, metricsToken: METRICS_TOKEN, profileDir, log, root: flags.root });
  try {
    const headers = { ...HEADERS, Accept: scenario.kind === 'html' ? 'text/html' : 'application/json' };
    const script = scenario.script ? scenario.script(work, headers) : writeScript(work, key, scenario.paths, headers);
    const wrk = { wrk: 'wrk', threads: 2, connections: 64, seconds: Number(flags.seconds) };
    await runWrk(wrk, app.base, scenario.warmup ? writeScript(work, `${key}-warm`, scenario.warmup, headers) : script, 3);
    const backends = async () => (await watch.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows.map((r) => r.pid);
    const window = cpuWindow({ db: await backends() });
    const served = await requestsServed(app.base);
    const result = await runWrk(wrk, app.base, script);
    const use = window.end({ db: await backends() });
    const requests = await requestsServed(app.base);
    // PostgreSQL's own CPU (its backends' processes) per request of the measured run.
    const dbMs = ((use.cores.db ?? 0) * use.seconds * 1000) / Math.max(1, requests - served);
    app.child.kill('SIGINT');
    await app.child.exited;
    const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error(`no profile written for ${key}`);
    if (flags.keep) {
      mkdirSync(flags.keep, { recursive: true });
      copyFileSync(join(profileDir, file), join(flags.keep, `${key}.cpuprofile`));
    }
    const split = splitProfile(join(profileDir, file), requests);
    const total = KINDS.reduce((sum, k) => sum + split[k], 0);
    const row = `| ${scenario.label} | ${result.rps.toFixed(0)} | ${KINDS.map((k) => split[k].toFixed(3)).join(' | ')} | ${total.toFixed(3)} | ${dbMs.toFixed(3)} |`;
    log(row);
    rows.push(row);
  } finally {
    if (app.child.exitCode === null) app.child.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  }
}
log('');
log(`| request (spread) | req/s under the profiler | ${KINDS.join(' | ')} | app total | PostgreSQL |`);
log(`|---|---:|${KINDS.map(() => '---:').join('|')}|---:|---:|`);
for (const row of rows) log(row);
await watch.end();
