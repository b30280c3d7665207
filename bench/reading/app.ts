/**
 * The reading benchmark's app (the real one, `bun src/main.ts`, started as a child process against
 * the benchmark database) and the facts of the seeded catalogue the scenarios are made from.
 */
import { openSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { Subprocess } from 'bun';
import { freePort, webProcessesOf } from '../../tests/support/processes.ts';
import type { Catalogue } from './scenarios.ts';

const ROOT = resolve(import.meta.dir, '../..');

export interface StartedApp {
  base: string;
  logFile: string;
  /** The app's process (with the jobs); `pids` adds the web processes it started (WEB_PROCESSES). */
  pid: number;
  child: Subprocess;
  pids: number[];
  children: Subprocess[];
}

export interface BenchAppOptions {
  work: string;
  databaseUrl: string;
  redisUrl: string | null;
  metricsToken: string;
  /** Runs the app under Bun's sampling CPU profiler, written to this directory when it stops. */
  profileDir?: string;
  /** Another checkout of the app to run (to compare a version before a change); this one by default. */
  root?: string;
  /** WEB_PROCESSES of the app: web processes serving the port together. */
  webProcesses?: number;
  log: (line: string) => void;
}

/** `ROLE=all`, `SEED_DEMO=0`, `LOG_LEVEL=error`, a free port and a data directory in `work`. */
export async function startBenchApp(options: BenchAppOptions): Promise<StartedApp> {
  const port = await freePort();
  const logFile = join(options.work, 'app.log');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? options.work,
    PORT: String(port),
    DATA_DIR: join(options.work, 'data'),
    DATABASE_URL: options.databaseUrl,
    ROLE: 'all',
    SEED_DEMO: '0',
    LOG_LEVEL: 'error',
    METRICS_TOKEN: options.metricsToken,
  };
  if (options.redisUrl) env.REDIS_URL = options.redisUrl;
  const processes = options.webProcesses ?? 1;
  if (processes > 1) env.WEB_PROCESSES = String(processes);
  const profile = options.profileDir ? ['--cpu-prof', '--cpu-prof-md', `--cpu-prof-dir=${options.profileDir}`] : [];
  const base = `http://127.0.0.1:${port}`;
  const out = openSync(logFile, 'w');
  const child = Bun.spawn([process.execPath, ...profile, 'src/main.ts'], { cwd: options.root ?? ROOT, env, stdin: 'ignore', stdout: out, stderr: out });
  // Every web process announces itself on the same output once it listens.
  const announced = () => (readFileSync(logFile, 'utf8').match(/is ready at/g) ?? []).length;
  await whenReady(child, logFile, async () => announced() >= processes && (await fetch(`${base}/readyz`).then((r) => r.status === 200, () => false)), options.log, base);
  const pids = [child.pid, ...webProcessesOf(child.pid)];
  return { base, logFile, pid: child.pid, child, pids, children: [child] };
}

async function whenReady(child: Subprocess, logFile: string, ready: () => Promise<boolean>, log: (line: string) => void, base: string): Promise<void> {
  const started = performance.now();
  while (performance.now() - started < 120_000) {
    if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}:\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
    if (await ready()) {
      log(`app ready on ${base} in ${((performance.now() - started) / 1000).toFixed(1)} s (pid ${child.pid})`);
      return;
    }
    await Bun.sleep(100);
  }
  child.kill('SIGTERM');
  throw new Error(`app not ready after 120 s:\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
}

/** What the scenarios are made from: every book with its chapters (numbered 1..n), genres, statuses, titles and authors. */
export async function readCatalogue(databaseUrl: string): Promise<Catalogue> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const books = (await client.query<{ slug: string; chapter_count: number; low: number; high: number }>(
      `select b.slug, count(c.number)::int as chapter_count, min(c.number) as low, max(c.number) as high
       from books b join chapters c on c.book_slug = b.slug group by b.slug order by b.slug`,
    )).rows;
    const gaps = books.filter((b) => b.low !== 1 || b.high !== b.chapter_count);
    if (gaps.length) throw new Error(`chapters must be numbered 1..n for the uniform draw; ${gaps[0]!.slug} has ${gaps[0]!.low}..${gaps[0]!.high} for ${gaps[0]!.chapter_count}`);
    const genreCounts = (await client.query<{ slug: string; count: string }>('select genre_slug as slug, count(*) from book_genres group by 1 order by 2 desc, 1')).rows.map((r) => ({ slug: r.slug, count: Number(r.count) }));
    const statuses = (await client.query<{ status: string; count: string }>('select status, count(*) from books group by 1 order by 2 desc')).rows.map((r) => ({ status: r.status, count: Number(r.count) }));
    const named = (await client.query<{ title: string; author: string }>('select title, author from books order by slug')).rows;
    const surnames = (await client.query<{ s: string }>("select split_part(author, ' ', 2) as s from books group by 1 order by count(*) desc limit 3")).rows.map((r) => r.s);
    return {
      books: books.map(({ slug, chapter_count }) => ({ slug, chapter_count })),
      genreCounts,
      genres: (await client.query<{ slug: string }>('select slug from genres order by slug')).rows.map((r) => r.slug),
      statuses,
      titles: named.map((r) => r.title),
      authors: named.map((r) => r.author),
      surnames,
    };
  } finally {
    await client.end();
  }
}

