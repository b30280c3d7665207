/**
 * Reading benchmark: seeds a large catalogue into real PostgreSQL, starts the app against it and
 * measures requests/sec and p50/p99 latency with wrk on loopback for the chapter page (HTML and
 * JSON), browse pages 1 and 50 with filters, and search — next to the machine's ceiling, Bun.serve
 * answering with the same chapter page bytes from a static file.
 *
 *   node_modules/.bin/bun bench/reading.ts [--books 2000] [--chapters 100] [--connections 64]
 *     [--duration 10] [--threads 2] [--warmup 3] [--paths 2000] [--wide-paths 20000] [--fresh] [--embedded-cache]
 *     [--only chapter,browse,search] [--quiet 0.3] [--quiet-wait 60] [--retries 2] [--json results.json]
 *     [--seed-only] [--keep] [--profile DIR]
 *
 * See docs/operations.md ("Benchmarks") for what each figure means and the targets.
 */
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, openSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort } from '../tests/support/processes.ts';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Redis } from 'ioredis';
import type { Subprocess } from 'bun';
import { ensureSeeded } from './reading/seed.ts';
import { TITLE_NOUNS, rng, pick } from './reading/prose.ts';
import { decodedText, eachLimited, rawGet, type RawResponse } from './reading/http.ts';
import { runWrk, writeScript, type WrkResult, type WrkSettings } from './reading/wrk.ts';
import { startCeiling } from './reading/ceiling.ts';
import { cpuWindow, waitForQuiet } from './reading/cpu.ts';

const ROOT = resolve(import.meta.dir, '..');
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
    fresh: { type: 'boolean', default: false },
    'embedded-cache': { type: 'boolean', default: false },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/chapterhouse_bench' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379/7' },
    wrk: { type: 'string', default: 'wrk' },
    only: { type: 'string' },
    json: { type: 'string' },
    'seed-only': { type: 'boolean', default: false },
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
const PATHS = num('paths');
const WIDE_PATHS = num('wide-paths');
const DATABASE_URL = flags['database-url']!;
const REDIS_URL = flags['embedded-cache'] ? null : flags['redis-url']!;
const QUIET_CORES = Number(flags.quiet);
const QUIET_WAIT = Number(flags['quiet-wait']);
const RETRIES = Number(flags.retries);
const PAGE_SIZE = 24; // decisions.md: 24 books a page

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
// Scenarios

type Kind = 'html' | 'json';
interface Target {
  /** req/s ÷ ceiling req/s at least this */
  ratio?: number;
  /** p99 below this many ms */
  p99?: number;
}
interface Scenario {
  key: string;
  label: string;
  kind: Kind;
  paths: string[];
  target: Target | null;
  /** Warm every path before measuring (default); off where the list is meant to exceed the caches. */
  warmAll?: boolean;
  /** Checks a sample response; returns a problem or null. */
  check?: (path: string, body: unknown) => string | null;
  note?: string;
}
interface Row {
  key: string;
  label: string;
  result: WrkResult | null;
  ratio: number | null;
  target: Target | null;
  verdict: string;
  load1: number;
  /** CPU milliseconds per request in the server process, its PostgreSQL backends and wrk */
  cpuMs: { server: number; db: number; wrk: number } | null;
  /** cores used by the benchmark's processes together, and by everything else, during the run */
  ownCores: number | null;
  othersCores: number | null;
  bytes: number | null;
  note?: string;
}

interface Catalogue {
  books: { slug: string; chapter_count: number }[];
  genres: { slug: string; count: number }[];
  statuses: { status: string; count: number }[];
  titles: string[];
  surnames: string[];
}

async function readCatalogue(): Promise<Catalogue> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const books = (await client.query<{ slug: string; chapter_count: number }>('select slug, chapter_count from books where chapter_count > 0 order by slug')).rows;
    const genres = (await client.query<{ slug: string; count: string }>('select genre_slug as slug, count(*) from book_genres group by 1 order by 2 desc, 1')).rows.map((r) => ({ slug: r.slug, count: Number(r.count) }));
    const statuses = (await client.query<{ status: string; count: string }>('select status, count(*) from books group by 1 order by 2 desc')).rows.map((r) => ({ status: r.status, count: Number(r.count) }));
    const titles = (await client.query<{ title: string }>('select title from books order by slug')).rows.map((r) => r.title);
    const surnames = (await client.query<{ s: string }>("select split_part(author, ' ', 2) as s from books group by 1 order by count(*) desc limit 3")).rows.map((r) => r.s);
    return { books, genres, statuses, titles, surnames };
  } finally {
    await client.end();
  }
}

const qs = (params: Record<string, string | number | undefined>) =>
  Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

function buildScenarios(cat: Catalogue): { scenarios: Scenario[]; notes: string[] } {
  const rand = rng(42);
  const notes: string[] = [];
  // Random chapters of random books: every request a different page, as readers spread over a catalogue.
  const randomChapters = (count: number) =>
    Array.from({ length: count }, () => {
      const book = pick(rand, cat.books);
      return { slug: book.slug, n: 1 + Math.floor(rand() * book.chapter_count) };
    });
  const chapters = randomChapters(PATHS);
  // More distinct chapters than the app's in-process caches hold: the path of a reader off the beaten track.
  const wide = randomChapters(WIDE_PATHS);
  const chapterCheck = (path: string, body: unknown): string | null => {
    const [, , , slug, n] = path.split('/');
    const b = body as { book?: { slug?: string }; chapter?: { number?: number; text?: string } };
    return b.book?.slug === slug && b.chapter?.number === Number(n) && (b.chapter?.text?.length ?? 0) > 500 ? null : `unexpected chapter JSON for ${path}`;
  };

  // Browse page 1: every genre × status, most popular first.
  const page1 = cat.genres.flatMap((g) => ['ongoing', 'completed'].map((status) => qs({ genre: g.slug, status, sort: 'popular', page: 1 })));
  // Browse page 50 needs ≥ 50 pages of results: filters whose count is ≥ 50 × 24.
  const need = 50 * PAGE_SIZE;
  const page50Sets: { query: string; count: number }[] = [{ query: qs({ sort: 'updated', page: 50 }), count: cat.books.length }];
  const bigGenre = cat.genres[0];
  if (bigGenre && bigGenre.count >= need) page50Sets.push({ query: qs({ genre: bigGenre.slug, sort: 'popular', page: 50 }), count: bigGenre.count });
  const bigStatus = cat.statuses[0];
  if (bigStatus && bigStatus.count >= need) page50Sets.push({ query: qs({ status: bigStatus.status, sort: 'new', page: 50 }), count: bigStatus.count });
  const page50 = page50Sets.filter((s) => s.count >= need);
  notes.push(`browse page 50 uses ${page50.map((s) => `"${s.query}" (${s.count} books)`).join(', ')}; page 1 uses all ${page1.length} genre × status pairs, sort=popular`);
  const nonEmpty = (path: string, body: unknown) => ((body as { books?: unknown[] }).books?.length ? null : `no books on ${path}`);

  // Search: a frequent title word, a whole title, an author's surname, a misspelling, a partial word.
  const lower = cat.titles.map((t) => t.toLowerCase());
  const nouns = [...TITLE_NOUNS].map((w) => ({ w, n: lower.filter((t) => t.split(/\W+/).includes(w)).length })).sort((a, b) => b.n - a.n);
  const word = nouns[0]?.w ?? 'lantern';
  // The typo swaps the two letters before the last, like "mountain" → "mountian".
  const second = nouns.find((n, i) => i > 0 && n.w.length >= 6)?.w ?? 'harbour';
  const third = nouns[2]?.w ?? 'library';
  const misspelt = second.slice(0, -3) + second.at(-2) + second.at(-3) + second.at(-1);
  const queries = [word, cat.titles[Math.floor(cat.titles.length / 3)] ?? word, cat.surnames[0] ?? 'Chen', misspelt, third.slice(0, 4)];
  notes.push(`search queries: ${queries.map((q) => JSON.stringify(q)).join(', ')} (frequent word, a whole title, a surname, a misspelling of "${second}", a partial word)`);

  const search = queries.map((q) => qs({ q }));
  const browseTarget: Target = { p99: 100 };
  return {
    notes,
    scenarios: [
      { key: 'chapter-html', label: 'chapter page HTML', kind: 'html', paths: chapters.map((c) => `/book/${c.slug}/${c.n}`), target: { ratio: 0.5, p99: 50 } },
      {
        key: 'chapter-wide-html',
        label: `chapter page HTML, ${WIDE_PATHS / 1000}k ch.`,
        kind: 'html',
        paths: wide.map((c) => `/book/${c.slug}/${c.n}`),
        target: null,
        warmAll: false,
        note: `${WIDE_PATHS} random chapters, not warmed one by one: measures the page when the app's caches mostly miss`,
      },
      {
        key: 'chapter-wide-warm-html',
        label: `chapter page HTML, ${WIDE_PATHS / 1000}k ch., read before`,
        kind: 'html',
        paths: wide.map((c) => `/book/${c.slug}/${c.n}`),
        target: { ratio: 0.25, p99: 50 },
        note: `the same ${WIDE_PATHS} chapters once each has been read (warmed one by one): a server that has been up a while, with a working set its caches hold`,
      },
      { key: 'chapter-json', label: 'chapter JSON', kind: 'json', paths: chapters.map((c) => `/api/chapter/${c.slug}/${c.n}`), target: null, check: chapterCheck },
      { key: 'browse-p1-html', label: 'browse p1 HTML (filters)', kind: 'html', paths: page1.map((q) => `/browse?${q}`), target: browseTarget },
      { key: 'browse-p1-json', label: 'browse p1 JSON (filters)', kind: 'json', paths: page1.map((q) => `/api/browse?${q}`), target: browseTarget },
      { key: 'browse-p50-html', label: 'browse p50 HTML (filters)', kind: 'html', paths: page50.map((s) => `/browse?${s.query}`), target: browseTarget },
      { key: 'browse-p50-json', label: 'browse p50 JSON (filters)', kind: 'json', paths: page50.map((s) => `/api/browse?${s.query}`), target: browseTarget, check: nonEmpty },
      { key: 'search-html', label: 'search HTML', kind: 'html', paths: search.map((q) => `/search?${q}`), target: browseTarget },
      { key: 'search-json', label: 'search JSON', kind: 'json', paths: search.map((q) => `/api/search?${q}`), target: browseTarget },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Processes

async function startApp(): Promise<{ base: string; logFile: string; pid: number }> {
  const port = await freePort();
  const dataDir = join(work, 'data');
  const logFile = join(work, 'app.log');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? work,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL,
    ROLE: 'all',
    SEED_DEMO: '0',
    LOG_LEVEL: 'error',
  };
  if (REDIS_URL) env.REDIS_URL = REDIS_URL;
  const out = openSync(logFile, 'w');
  // --profile: Bun's sampling CPU profiler, written (also as markdown) when the app stops.
  const profile = flags.profile ? ['--cpu-prof', '--cpu-prof-md', `--cpu-prof-dir=${resolve(flags.profile)}`] : [];
  const child = Bun.spawn([process.execPath, ...profile, 'src/main.ts'], { cwd: ROOT, env, stdin: 'ignore', stdout: out, stderr: out });
  appChild = child;
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  while (performance.now() - started < 120_000) {
    if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}:\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
    const ready = await fetch(`${base}/readyz`).then((r) => r.status === 200, () => false);
    if (ready) {
      log(`app ready on ${base} in ${((performance.now() - started) / 1000).toFixed(1)} s (pid ${child.pid})`);
      return { base, logFile, pid: child.pid };
    }
    await Bun.sleep(100);
  }
  throw new Error(`app not ready after 120 s:\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
}

// ---------------------------------------------------------------------------------------------
// Measuring

/** GETs a sample of the paths (all of them when `all`); returns the first problem, if any. */
async function preflight(base: string, scenario: Scenario, all: boolean): Promise<{ problem: string | null; bytes: number | null }> {
  const headers = scenario.kind === 'html' ? HTML_HEADERS : JSON_HEADERS;
  const sample = all ? scenario.paths : scenario.paths.slice(0, 12);
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

function verdict(result: WrkResult, ratio: number | null, target: Target | null): string {
  if (result.errorLine) return `FAILED (${result.errorLine})`;
  if (!target) return '—';
  const misses: string[] = [];
  if (target.ratio !== undefined && ratio !== null && ratio < target.ratio) misses.push(`ratio ${(ratio * 100).toFixed(0)} % < ${target.ratio * 100} %`);
  if (target.p99 !== undefined && result.p99 >= target.p99) misses.push(`p99 ${result.p99.toFixed(1)} ≥ ${target.p99} ms`);
  return misses.length ? `MISS (${misses.join(', ')})` : 'PASS';
}

const targetText = (t: Target | null) => (t ? [t.ratio !== undefined ? `≥${t.ratio * 100}% ceiling` : '', t.p99 !== undefined ? `p99<${t.p99}ms` : ''].filter(Boolean).join(', ') : '—');

function printTable(rows: Row[]) {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'vs ceiling', 'target', 'result', 'bytes', 'cpu ms/req srv+db+wrk', 'others cores'];
  const lines = rows.map((r) => [
    r.label,
    r.result ? r.result.rps.toFixed(0) : '—',
    r.result ? r.result.p50.toFixed(2) : '—',
    r.result ? r.result.p99.toFixed(2) : '—',
    r.ratio !== null ? `${(r.ratio * 100).toFixed(1)} %` : '—',
    targetText(r.target),
    r.verdict,
    r.bytes !== null ? String(r.bytes) : '—',
    r.cpuMs ? `${r.cpuMs.server.toFixed(2)}+${r.cpuMs.db.toFixed(2)}+${r.cpuMs.wrk.toFixed(2)}` : '—',
    r.othersCores !== null ? r.othersCores.toFixed(2) : '—',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i >= 1 && i <= 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  log('');
  log(fmt(header));
  log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) log(fmt(l));
  for (const r of rows) if (r.note) log(`  ${r.label}: ${r.note}`);
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

async function main() {
  const cpuList = cpus();
  log(`machine: ${cpuList.length} CPUs (${cpuList[0]?.model.trim() ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  log(`bun ${Bun.version}; ${await versionOf([WRK.wrk, '--version'])}`);
  log(`settings: ${BOOKS} books × ${CHAPTERS} chapters; wrk -t${WRK.threads} -c${WRK.connections} -d${WRK.seconds}s (warm-up ${WARMUP}s); cache: ${REDIS_URL ?? 'embedded (in-process)'}; session_id=${SESSION_ID}`);

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
  const pgWatch = new pg.Client({ connectionString: DATABASE_URL });
  await pgWatch.connect();
  const backends = async () =>
    (await pgWatch.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows.map((r) => r.pid);
  const catalogue = await readCatalogue();
  const { scenarios, notes } = buildScenarios(catalogue);
  for (const n of notes) log(n);
  const only = flags.only?.split(',').map((s) => s.trim()).filter(Boolean);
  const chosen = only ? scenarios.filter((s) => only.some((o) => s.key.startsWith(o))) : scenarios;

  // How many books each search query finds (page 1 of the JSON), so an empty result is visible.
  const searchJson = scenarios.find((s) => s.key === 'search-json')!;
  const hits: string[] = [];
  for (const path of searchJson.paths) {
    const r = await rawGet(base + path, JSON_HEADERS).catch(() => null);
    const q = new URL(path, base).searchParams.get('q');
    if (r?.status !== 200) hits.push(`${JSON.stringify(q)} → ${r?.status ?? 'error'}`);
    else {
      const body = JSON.parse(decodedText(r)) as { books?: unknown[]; has_more?: boolean };
      hits.push(`${JSON.stringify(q)} → ${body.books?.length ?? 0}${body.has_more ? '+' : ''}`);
    }
  }
  log(`search results on page 1: ${hits.join(', ')}`);
  notes.push(`search results on page 1: ${hits.join(', ')}`);

  // Which endpoints answer yet (others are reported, not measured).
  const available = new Map<string, { problem: string | null; bytes: number | null }>();
  for (const s of scenarios) available.set(s.key, await preflight(base, s, false));

  // The ceiling serves the bytes of a chapter page exactly as the app sent them (same compression).
  const chapterScenario = scenarios[0]!;
  const chapterOk = !available.get(chapterScenario.key)!.problem;
  const samplePath = chapterOk ? chapterScenario.paths[0]! : '/';
  const sample = await rawGet(base + samplePath, HTML_HEADERS);
  if (sample.status !== 200) throw new Error(`ceiling sample ${samplePath} answered ${sample.status}`);
  const ceilingServer = await startCeiling(work, sample, children);
  const ceilingBase = ceilingServer.base;
  const ceilingLabel = chapterOk ? 'static ceiling (Bun.serve)' : 'static ceiling (stand-in: "/")';
  log(`ceiling: ${ceilingBase} serves ${samplePath} (${sample.body.byteLength} bytes, ${sample.headers['content-encoding'] ?? 'identity'}, ${sample.headers['content-type']})${chapterOk ? '' : ' — the chapter page is not available yet'}`);

  const rows: Row[] = [];
  /**
   * Quiet wait, warm-up, measured run. When other processes took more than 2 × --quiet cores during
   * the run, it is repeated (up to --retries times) and the least disturbed attempt is kept.
   */
  const measure = async (label: string, key: string, baseUrl: string, scenario: Scenario, bytes: number | null) => {
    const script = writeScript(work, key, scenario.paths, scenario.kind === 'html' ? HTML_HEADERS : JSON_HEADERS);
    let best: { result: WrkResult; load1: number; cpuMs: Row['cpuMs']; ownCores: number | null; othersCores: number | null; busyBefore: number | null } | null = null;
    for (let attempt = 0; attempt <= RETRIES; attempt++) {
      const quiet = QUIET_WAIT > 0 ? await waitForQuiet(QUIET_CORES, QUIET_WAIT) : { busy: null, waited: 0 };
      if (WARMUP > 0) await runWrk(WRK, baseUrl, script, WARMUP);
      const load1 = loadavg()[0]!;
      const server = [baseUrl === ceilingBase ? ceilingServer.pid : app.pid];
      const window = cpuWindow({ server, db: await backends() });
      const result = await runWrk(WRK, baseUrl, script);
      const use = window.end({ server, db: await backends() }, { wrk: result.cpuSeconds });
      const perRequest = (cores: number | undefined) => ((cores ?? 0) * use.seconds * 1000) / Math.max(1, result.requests);
      const cpuMs = { server: perRequest(use.cores.server), db: perRequest(use.cores.db), wrk: perRequest(use.cores.wrk) };
      const cpu = { ownCores: Object.values(use.cores).reduce((a, b) => a + b, 0), othersCores: use.othersCores };
      const cores = `  cpu ms/req: server ${cpuMs.server.toFixed(2)}, db ${cpuMs.db.toFixed(2)}, wrk ${cpuMs.wrk.toFixed(2)}; cores: own ${cpu.ownCores.toFixed(2)}, others ${cpu.othersCores?.toFixed(2) ?? '?'}`;
      log(`  ${label.padEnd(28)} ${result.rps.toFixed(0).padStart(7)} req/s  p50 ${result.p50.toFixed(2).padStart(7)} ms  p99 ${result.p99.toFixed(2).padStart(7)} ms${cores}${attempt ? `  (attempt ${attempt + 1})` : ''}`);
      if (!best || (cpu.othersCores ?? 0) < (best.othersCores ?? 0)) best = { result, load1, cpuMs, ownCores: cpu.ownCores, othersCores: cpu.othersCores, busyBefore: quiet.busy };
      if (cpu.othersCores === null || cpu.othersCores <= 2 * QUIET_CORES) break;
    }
    const { result, load1, cpuMs, ownCores, othersCores, busyBefore } = best!;
    const noisy = othersCores !== null && othersCores > 2 * QUIET_CORES ? `other processes used ${othersCores.toFixed(2)} cores during the run${busyBefore !== null ? ` (${busyBefore.toFixed(2)} just before it)` : ''}: figures are pessimistic` : undefined;
    rows.push({ key, label, result, ratio: null, target: scenario.target, verdict: '', load1, cpuMs, ownCores, othersCores, bytes, note: [scenario.note, noisy].filter(Boolean).join('; ') || undefined });
    return result;
  };

  log('');
  log(`measuring (each: wait for others to use ≤ ${QUIET_CORES} cores, ${WARMUP} s warm-up, ${WRK.seconds} s measured; repeated up to ${RETRIES} times when others used > ${2 * QUIET_CORES} cores)`);
  const ceilingScenario: Scenario = { key: 'ceiling', label: ceilingLabel, kind: 'html', paths: chapterOk ? chapterScenario.paths : ['/'], target: null };
  await measure(`${ceilingLabel}, 1`, 'ceiling', ceilingBase, ceilingScenario, sample.body.byteLength);
  if (!chapterOk) {
    // Verifies the harness end to end against a page that exists: the home page, same settings.
    await measure('home page "/" (harness check)', 'home', base, { ...ceilingScenario, key: 'home' }, sample.body.byteLength);
  }
  for (const scenario of chosen) {
    const status = available.get(scenario.key)!;
    if (status.problem) {
      rows.push({ key: scenario.key, label: scenario.label, result: null, ratio: null, target: scenario.target, verdict: 'NOT MEASURED', load1: loadavg()[0]!, cpuMs: null, ownCores: null, othersCores: null, bytes: null, note: status.problem });
      log(`  ${scenario.label.padEnd(28)} not measured: ${status.problem}`);
      continue;
    }
    // Warm every URL once (and check them all), then measure.
    const full = await preflight(base, scenario, scenario.warmAll !== false);
    if (full.problem) {
      rows.push({ key: scenario.key, label: scenario.label, result: null, ratio: null, target: scenario.target, verdict: 'NOT MEASURED', load1: loadavg()[0]!, cpuMs: null, ownCores: null, othersCores: null, bytes: null, note: full.problem });
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
  if (appChild) {
    appChild.kill('SIGTERM');
    await appChild.exited;
    if (flags.profile) log(`CPU profile of the app written to ${resolve(flags.profile)}`);
  }
  printTable(rows);
  log(`"vs ceiling" divides by the mean of the ${ceilings.length} ceiling run(s): ${ceilingRps.toFixed(0)} req/s`);
  log(`\nload average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}; seed ${seed.reused ? 'reused' : `took ${seed.seconds.toFixed(1)} s`}`);
  if (flags.json) {
    writeFileSync(
      flags.json,
      JSON.stringify(
        {
          when: new Date().toISOString(),
          machine: { cpus: cpuList.length, model: cpuList[0]?.model, loadavg: loadavg() },
          settings: { books: BOOKS, chapters: CHAPTERS, ...WRK, warmup: WARMUP, cache: REDIS_URL ? 'redis' : 'embedded' },
          notes,
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
