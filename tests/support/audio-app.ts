import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateAudioKind } from '../../src/features/audio/generation/kind.ts';
import { voiceSamplesKind } from '../../src/features/audio/samples/kind.ts';
import { exportBuildKind } from '../../src/features/exports/kind.ts';
import { jobKind, startJobRunner, type JobKindSpec, type JobRunner } from '../../src/platform/queue/index.ts';
import { startTestApp, type TestApp } from './app.ts';
import { DEBUG_TOKEN, TEST_ORIGIN } from './auth.ts';
import { fakeSpeech } from './audio-engines.ts';
import type { TestDatabase } from './db.ts';
import type { FakeWorkerConfig } from './audio-worker.ts';
import type { TestObjectStore } from './objects.ts';
import type { S3Config } from '../../src/config.ts';
import type { Clock } from '../../src/platform/clock.ts';

/**
 * The app with fake speech engines, plus a job runner (started when the test says) that runs the
 * real `audio.generate` kind with those engines in real worker threads.
 */
export interface AudioTestApp extends TestApp {
  kind: JobKindSpec;
  /** audio.voice-samples with the fake engines; the runner runs it only when started with `samples: true`. */
  samplesKind: JobKindSpec;
  /** exports.build on the same store; the runner runs it only when started with `exports: true`. */
  exportsKind: JobKindSpec;
  startRunner(): JobRunner;
  stopRunner(): Promise<void>;
}

/** `env`: more configuration, e.g. PAYMENTS_CONFIGURED_ENV (tests/support/payments.ts) for the contract's daily limit. */
export async function startAudioApp(options: { runner?: boolean; leaseSeconds?: number; samples?: boolean; exports?: boolean; env?: Record<string, string>; clock?: Clock } = {}): Promise<AudioTestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'chapterhouse-audio-'));
  const app = await startTestApp({
    env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, ...options.env },
    clock: options.clock,
    audio: { speech: fakeSpeech(dir), follow: { firstBytesTimeoutMs: 15_000, stallTimeoutMs: 20_000, pollMs: 100 } },
  });
  // The two test stores (tests/support/objects.ts) carry their location beside the store.
  const store = app.objectStore as TestObjectStore & { root?: string; config?: S3Config };
  const config: FakeWorkerConfig = { objects: store.config ? { kind: 's3', config: store.config } : { kind: 'fs', root: store.root! }, markerDir: dir };
  const workerFile = join(dir, 'audio.worker.ts');
  const support = new URL('./audio-worker.ts', import.meta.url).pathname;
  writeFileSync(workerFile, `import { startFakeAudioWorker } from ${JSON.stringify(support)};\nstartFakeAudioWorker(${JSON.stringify(config)});\n`);
  const kind = jobKind({ ...generateAudioKind, workerFile, leaseSeconds: options.leaseSeconds ?? generateAudioKind.leaseSeconds });
  const samplesWorkerFile = join(dir, 'voice-samples.worker.ts');
  writeFileSync(samplesWorkerFile, `import { startFakeVoiceSamplesWorker } from ${JSON.stringify(support)};\nstartFakeVoiceSamplesWorker(${JSON.stringify(config)});\n`);
  const samplesKind = jobKind({ ...voiceSamplesKind, workerFile: samplesWorkerFile, leaseSeconds: options.leaseSeconds ?? voiceSamplesKind.leaseSeconds });
  const exportsWorkerFile = join(dir, 'exports.worker.ts');
  writeFileSync(exportsWorkerFile, `import { startFakeExportWorker } from ${JSON.stringify(support)};\nstartFakeExportWorker(${JSON.stringify(config)});\n`);
  const exportsKind = jobKind({ ...exportBuildKind, workerFile: exportsWorkerFile });

  let runner: JobRunner | null = null;
  const startRunner = () =>
    (runner ??= startJobRunner({
      database: app.platform.database,
      databaseUrl: (app.platform.database as TestDatabase).url,
      cache: app.platform.cache,
      log: app.platform.log,
      kinds: [kind, ...(options.samples ? [samplesKind] : []), ...(options.exports ? [exportsKind] : [])],
      pollIntervalMs: 50,
      backoffBaseMs: 50,
      progressIntervalMs: 50,
      abortGraceMs: 2000,
      stopTimeoutMs: 3000,
    }));
  const stopRunner = async () => {
    await runner?.stop();
    runner = null;
  };
  if (options.runner !== false) startRunner();
  return {
    ...app,
    kind,
    samplesKind,
    exportsKind,
    startRunner,
    stopRunner,
    async close() {
      await stopRunner();
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Who calls: an anonymous reader (X-Session-Id) or a signed-in session's cookie. */
export type Who = { sessionId: string } | { cookie: string };

export const anon = (name: string): Who => ({ sessionId: `audio-${name}-0123456789abcdef` });

export function audioCall(app: TestApp, method: string, path: string, who: Who, body?: unknown, headers: Record<string, string> = {}) {
  const all: Record<string, string> = { accept: 'application/json', origin: TEST_ORIGIN, ...headers };
  if ('sessionId' in who) all['x-session-id'] = who.sessionId;
  else all.cookie = who.cookie;
  if (body !== undefined) all['content-type'] = 'application/json';
  return app.fetch(path, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body) });
}

export type StatusBody = { job_id: string; status: 'pending' | 'generating' | 'done' | 'failed'; error: string | null };

/** Polls the status endpoint until `until` holds; returns every status seen, in order, without repeats. */
export async function pollStatus(app: TestApp, path: string, who: Who, until: (s: StatusBody) => boolean, timeoutMs = 20_000, everyMs = 25) {
  const seen: string[] = [];
  for (const end = Date.now() + timeoutMs; ; await Bun.sleep(everyMs)) {
    const res = await audioCall(app, 'GET', path, who);
    if (res.status !== 200) throw new Error(`status ${res.status}: ${await res.text()}`);
    const body = (await res.json()) as StatusBody;
    if (seen.at(-1) !== body.status) seen.push(body.status);
    if (until(body)) return { body, seen };
    if (Date.now() > end) throw new Error(`status stuck: ${JSON.stringify(body)} after ${seen.join(' → ')}`);
  }
}

export const ended = (s: StatusBody) => s.status === 'done' || s.status === 'failed';

/** Every byte of a response body, with when the first one arrived (ms after `since`). */
export async function readAll(res: Response, since = performance.now()): Promise<{ bytes: Uint8Array<ArrayBuffer>; firstByteMs: number | null; chunks: number }> {
  const reader = res.body!.getReader();
  const parts: Uint8Array[] = [];
  let firstByteMs: number | null = null;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    if (firstByteMs === null && read.value.length) firstByteMs = performance.now() - since;
    parts.push(read.value);
  }
  return { bytes: new Uint8Array(Buffer.concat(parts)), firstByteMs, chunks: parts.length };
}
