import { afterAll, beforeAll, expect, test } from 'bun:test';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, DEBUG_TOKEN, login, startApp, stopAllApps, type RunningApp } from './harness.ts';

/**
 * Fault: the disk of the embedded stores full. The app runs with DATA_DIR on a small tmpfs (this
 * needs root, like `npm run test:faults` as a whole); once it is up, a file fills the rest. Writes
 * then answer 503 with a plain message (never a 500 or a hang), the log says "storage full", and
 * after space is freed the app starts again on the same directory with every acknowledged write.
 */
const TMPFS_SIZE = '160m';
const mountPoint = mkdtempSync(join(tmpdir(), 'chapterhouse-fault-disk-'));
let mounted = false;
let mountError = '';
const filler = join(mountPoint, 'filler');
const env = () => ({ DATA_DIR: join(mountPoint, 'data'), DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, TTS_ENGINES: 'espeak', SEED_DEMO: '1' });

beforeAll(() => {
  const mount = Bun.spawnSync(['mount', '-t', 'tmpfs', '-o', `size=${TMPFS_SIZE}`, 'tmpfs', mountPoint]);
  mounted = mount.exitCode === 0;
  mountError = mount.stderr.toString().trim();
});

afterAll(async () => {
  await stopAllApps();
  if (mounted) Bun.spawnSync(['umount', '-l', mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
}, 60_000);

function fillDisk(): number {
  const fd = openSync(filler, 'w');
  const chunk = Buffer.alloc(1 << 20, 7);
  let written = 0;
  try {
    for (;;) written += writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  // The last partial megabyte too.
  const fd2 = openSync(filler, 'a');
  try {
    for (;;) written += writeSync(fd2, Buffer.alloc(4096, 7));
  } catch {}
  closeSync(fd2);
  return written;
}

test('a full disk: 503 with a clear message, no crash or hang; restarted, the data reads back', async () => {
  if (!mounted) {
    // Only root may mount; the reason shows in the test output rather than a silent pass.
    console.warn(`disk-full fault skipped: cannot mount a tmpfs (${mountError})`);
    expect(process.getuid?.()).not.toBe(0);
    return;
  }
  let app: RunningApp = await startApp(env(), { readyTimeoutMs: 90_000 });
  const auth = await login(app.base, 'fault-disk-reader');
  expect((await call(app.base, '/api/progress', { body: { slug: 'morning-bread', chapter: 2 }, headers: auth })).status).toBe(200);
  const acknowledged: number[] = [];
  const first = await call(app.base, '/api/comments/morning-bread', { body: { text: 'written before the disk filled' }, headers: auth });
  expect(first.status).toBe(201);
  acknowledged.push(first.body.comment.id);

  fillDisk();

  // Writes until some are refused (the database may still have some WAL space it took earlier).
  // Each by a new reader (a login is a write too): comments are rate-limited per author.
  const text = 'x'.repeat(9_000);
  const refused: { status: number; body: unknown; ms: number }[] = [];
  for (let i = 0; i < 400 && refused.length < 3; i++) {
    const signIn = await call(app.base, '/api/auth/debug-login', { body: { token: DEBUG_TOKEN, username: `fault-disk-${i}` }, timeoutMs: 20_000 });
    if (signIn.status !== 200) {
      refused.push(signIn);
      continue;
    }
    const token = signIn.headers.getSetCookie().find((c) => c.startsWith('auth_token='))!.split(';')[0]!.slice('auth_token='.length);
    const res = await call(app.base, '/api/comments/morning-bread', { body: { text: `${i} ${text}` }, headers: { authorization: `Bearer ${decodeURIComponent(token)}` }, timeoutMs: 20_000 });
    if (res.status === 201) acknowledged.push(res.body.comment.id);
    else refused.push(res);
  }
  const upload = new FormData();
  upload.append('file', new File(['%PDF-1.4\n' + 'y'.repeat(200_000)], 'novel.pdf', { type: 'application/pdf' }));
  const admin = await login(app.base, 'fault-disk-admin', 'admin').catch(() => null);
  const imported = admin
    ? await fetch(`${app.base}/api/admin/import`, { method: 'POST', headers: { ...admin, accept: 'application/json' }, body: upload, signal: AbortSignal.timeout(20_000) })
    : null;

  expect(refused.length).toBeGreaterThan(0);
  for (const res of refused) {
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: 'unavailable', message: 'The server is out of storage space; try again later' });
    expect(res.ms).toBeLessThan(10_000);
  }
  if (imported) {
    expect(imported.status).toBe(503);
    expect(await imported.json()).toEqual({ error: 'unavailable', message: 'The server is out of storage space; try again later' });
  }
  expect(app.logs().some((l) => l.level === 'error' && l.msg === 'storage full')).toBe(true);
  expect(app.logs().filter((l) => l.msg === 'unhandled error')).toEqual([]);

  // The operator frees space and restarts: the app starts on the same directory, nothing is lost.
  rmSync(filler);
  await app.stop();
  app = await startApp(env(), { readyTimeoutMs: 90_000 });
  const again = await login(app.base, 'fault-disk-reader');
  const ids = new Set<number>();
  for (let after: string | null = ''; after !== null; ) {
    const page = await call(app.base, `/api/comments/morning-bread?sort=new&limit=50${after ? `&after=${encodeURIComponent(after)}` : ''}`, { headers: again });
    expect(page.status).toBe(200);
    for (const c of page.body.comments as { id: number }[]) ids.add(c.id);
    after = page.body.next as string | null;
  }
  expect(acknowledged.length).toBeGreaterThan(1);
  const missing = acknowledged.filter((id) => !ids.has(id));
  expect(missing).toEqual([]);
  const home = await call(app.base, '/api/home', { headers: again });
  expect(home.body.continue_reading).toEqual([expect.objectContaining({ chapter: 2 })]);
  // And it writes again.
  expect((await call(app.base, '/api/comments/morning-bread', { body: { text: 'after the restart' }, headers: again })).status).toBe(201);
}, 170_000);
