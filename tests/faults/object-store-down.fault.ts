import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startS3rver, type S3rverHandle } from '../support/s3rver.ts';
import { startS3FaultProxy, type S3FaultProxy } from '../support/s3-fault-proxy.ts';
import { call, DEBUG_TOKEN, emptyDatabase, login, startApp, stopAllApps, type RunningApp } from './harness.ts';

/**
 * Fault: the object store answering 500 to everything, then accepting requests and never answering.
 * A stand-in sits between the app and s3rver. Covers, stored audio and imports answer the
 * decisions.md JSON error (503 `unavailable`, 504 `gateway_timeout` when the store timed out)
 * instead of a bare 500 or a hang: no request outlives the S3 client's limits (10 s per attempt,
 * two attempts, src/platform/objects/s3.ts). When the store answers again, all works again.
 */
const TIMEOUT_BOUND_MS = 2 * 10_000 + 8_000;

let s3: S3rverHandle;
let proxy: S3FaultProxy;
let database: Awaited<ReturnType<typeof emptyDatabase>>;
let app: RunningApp;
let admin: Record<string, string>;
let coverPath: string;
const reader = { 'x-session-id': 'fault-s3-reader' };

beforeAll(async () => {
  s3 = await startS3rver();
  proxy = startS3FaultProxy(s3.endpoint);
  database = await emptyDatabase('s3');
  app = await startApp({
    DATABASE_URL: database.url,
    S3_ENDPOINT: proxy.endpoint,
    S3_BUCKET: 'fault-tests',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    DEBUG_LOGIN_TOKEN: DEBUG_TOKEN,
    TTS_ENGINES: 'espeak',
  });
  admin = await login(app.base, 'fault-s3-admin', 'admin');
}, 90_000);

afterAll(async () => {
  await stopAllApps();
  await proxy?.stop();
  await s3?.stop();
  await database?.drop().catch(() => {});
}, 60_000);

function pdf(): FormData {
  const form = new FormData();
  const text = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  form.append('file', new File([text.repeat(50)], 'novel.pdf', { type: 'application/pdf' }));
  return form;
}

/** The three things that need the store: a cover, stored audio, an import upload. */
async function useTheStore() {
  const timed = async (path: string, init: RequestInit) => {
    const started = performance.now();
    const res = await fetch(`${app.base}${path}`, { ...init, signal: AbortSignal.timeout(60_000) });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { path, status: res.status, body, type: res.headers.get('content-type') ?? '', ms: performance.now() - started };
  };
  return Promise.all([
    timed(coverPath, { headers: { accept: 'application/json' } }),
    timed('/api/audio-stream/morning-bread/1?voice=espeak-en-us', { headers: { ...reader, accept: 'application/json' } }),
    timed('/api/admin/import', { method: 'POST', headers: { ...admin, accept: 'application/json' }, body: pdf() }),
  ]);
}

test('the object store failing or hanging: clear JSON errors within the timeout, then recovery', async () => {
  // Working: a cover, a narration stored in the bucket, an upload.
  const book = await call(app.base, '/api/book/morning-bread');
  coverPath = new URL(book.body.book.cover_url as string, app.base).pathname;
  expect(coverPath).toStartWith('/covers/');
  const asked = await call(app.base, '/api/audio', { body: { slug: 'morning-bread', chapter: 1, voice: 'espeak-en-us' }, headers: reader });
  expect(asked.status).toBe(202);
  for (let i = 0; ; i++) {
    const status = await call(app.base, '/api/audio/status/morning-bread/1?voice=espeak-en-us', { headers: reader });
    if (status.body.status === 'done') break;
    expect(i).toBeLessThan(120);
    await Bun.sleep(250);
  }
  const working = await useTheStore();
  expect(working.map((r) => r.status)).toEqual([200, 200, 202]);

  // Answering 500: 503 `unavailable` with the decisions.md body, promptly.
  proxy.mode = 'error';
  const failing = await useTheStore();
  for (const res of failing) {
    expect({ path: res.path, status: res.status }).toEqual({ path: res.path, status: 503 });
    expect(res.type).toContain('application/json');
    expect(res.body).toEqual({ error: 'unavailable', message: expect.stringContaining('storage') });
    expect(res.ms).toBeLessThan(10_000);
  }
  expect(proxy.seen.error).toBeGreaterThan(0);

  // Never answering: 504 `gateway_timeout` once the client's limits run out, never a hang.
  proxy.mode = 'hang';
  const hanging = await useTheStore();
  for (const res of hanging) {
    expect({ path: res.path, status: res.status }).toEqual({ path: res.path, status: 504 });
    expect(res.body).toEqual({ error: 'gateway_timeout', message: expect.stringContaining('storage') });
    expect(res.ms).toBeLessThan(TIMEOUT_BOUND_MS);
  }
  expect(proxy.seen.hang).toBeGreaterThan(0);

  // Back: everything works again in the same process.
  proxy.mode = 'pass';
  const again = await useTheStore();
  expect(again.map((r) => r.status)).toEqual([200, 200, 202]);
  expect(app.alive()).toBe(true);
  const lines = app.logs();
  expect(lines.some((l) => l.level === 'warn' && l.msg === 'object store unavailable')).toBe(true);
  expect(lines.filter((l) => l.msg === 'unhandled error')).toEqual([]);
}, 150_000);
