import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { audioCall, startAudioApp, type AudioTestApp, type Who } from '../support/audio-app.ts';
import { loginAs } from '../support/auth.ts';

/**
 * Narrated EPUBs made by the app end to end (the export job, the narration jobs, the packing; the
 * speech engines are the test's tones, one of them WAV) against the reference validator: zero
 * errors and warnings. The jar is run as in export-epubcheck.check.ts; `npm run test:validators`.
 */
const EPUBCHECK = '/usr/share/java/epubcheck.jar';
let app: AudioTestApp;
let who: Who;
let dir: string;

beforeAll(async () => {
  app = await startAudioApp({ exports: true });
  who = { cookie: (await loginAs(app, 'exports-epubcheck', { role: 'pro' })).cookie };
  dir = mkdtempSync(join(tmpdir(), 'exports-epubcheck-'));
}, 30_000);
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}, 30_000);

async function made(body: object): Promise<string> {
  const posted = await audioCall(app, 'POST', '/api/exports', who, body);
  expect(posted.status).toBe(202);
  const { job_id } = (await posted.json()) as { job_id: string };
  for (const end = Date.now() + 90_000; Date.now() < end; await Bun.sleep(100)) {
    const job = (await (await audioCall(app, 'GET', `/api/exports/${job_id}`, who)).json()) as { status: string; url?: string; error?: string };
    if (job.status === 'failed') throw new Error(job.error);
    if (job.status !== 'done') continue;
    const file = join(dir, `${job_id}.epub`);
    writeFileSync(file, new Uint8Array(await (await audioCall(app, 'GET', job.url!, who)).arrayBuffer()));
    return file;
  }
  throw new Error('the export never ended');
}

function epubcheck(file: string): void {
  const p = Bun.spawnSync(['java', '-jar', EPUBCHECK, file], { stdout: 'pipe', stderr: 'pipe' });
  const out = `${p.stdout.toString()}\n${p.stderr.toString()}`;
  expect(out).toMatch(/Messages: 0 fatals \/ 0 errors \/ 0 warnings/);
  expect(p.exitCode).toBe(0);
}

test('a narrated EPUB of a demo book with its cover (MP3 narration): zero epubcheck errors and warnings', async () => {
  epubcheck(await made({ slug: 'ink-and-alibis', from: 1, to: 3, format: 'epub-narrated', voice: 'espeak-en-us' }));
}, 120_000);

test('a narrated EPUB from a WAV voice (encoded to MP3 when packed) of a book without a cover: zero errors and warnings', async () => {
  await app.platform.db.updateTable('books').set({ cover_key: null }).where('slug', '=', 'morning-bread').execute();
  epubcheck(await made({ slug: 'morning-bread', from: 2, to: 3, format: 'epub-narrated', voice: 'flite-kal' }));
}, 120_000);
