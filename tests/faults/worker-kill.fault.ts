import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import pg from 'pg';
import { mp3Info } from '../../src/integrations/tts/index.ts';
import { startSpeechServer, type SpeechServer } from '../support/tts-openai-server.ts';
import { call, emptyDatabase, startApp, stopAllApps, type RunningApp } from './harness.ts';

/**
 * Fault: `kill -9` of a worker process in the middle of an `audio.generate` job (a slow speech
 * server, so the job is caught half-way). Another worker process takes the job over once the dead
 * one's 30 s lease runs out and finishes it once: one audio_files row, one stored object, a whole
 * MP3, no pieces left behind. Web and workers are separate processes sharing PostgreSQL and a
 * data directory (the filesystem object store), as docs/operations.md describes.
 */
const SLUG = 'morning-bread';
const CHAPTER = 3;
const VOICE = 'openai-af_bella';

let database: Awaited<ReturnType<typeof emptyDatabase>>;
let speech: SpeechServer;
let client: pg.Client;
const dataDir = mkdtempSync(join(tmpdir(), 'chapterhouse-fault-kill-'));

beforeAll(async () => {
  database = await emptyDatabase('kill');
  // About 3 ms a character: the chapter (3,000 characters) takes 9 s or more to narrate.
  speech = await startSpeechServer({ msPerChar: 3 });
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
}, 60_000);

afterAll(async () => {
  await stopAllApps();
  await client?.end().catch(() => {});
  await speech?.stop();
  await database?.drop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const env = () => ({ DATABASE_URL: database.url, DATA_DIR: dataDir, TTS_ENGINES: 'openai', TTS_OPENAI_URL: speech.url, TTS_OPENAI_MODEL: 'kokoro' });

async function job(id: string) {
  const { rows } = await client.query('select status, progress, attempts, locked_by from jobs where id = $1', [id]);
  return rows[0] as { status: string; progress: number; attempts: number; locked_by: string | null };
}

async function waitForJob(id: string, ok: (j: Awaited<ReturnType<typeof job>>) => boolean, timeoutMs: number) {
  for (const end = Date.now() + timeoutMs; ; await Bun.sleep(200)) {
    const j = await job(id);
    if (j && ok(j)) return j;
    if (Date.now() > end) throw new Error(`job ${id} stuck: ${JSON.stringify(j)}`);
  }
}

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => relative(dir, join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}

test('a worker killed mid-narration: another worker finishes the job once, the audio whole', async () => {
  // The web process first (it migrates and seeds), then worker A alone.
  const web = await startApp(env(), { role: 'web' });
  const a = await startApp(env(), { role: 'worker' });

  const asked = await call(web.base, '/api/audio', { body: { slug: SLUG, chapter: CHAPTER, voice: VOICE }, headers: { 'x-session-id': 'fault-kill-reader' } });
  expect(asked.status).toBe(202);
  const id = asked.body.job_id as string;

  const half = await waitForJob(id, (j) => j.status === 'running' && j.progress >= 0.25, 60_000);
  expect(half.attempts).toBe(1);
  a.child.kill('SIGKILL');
  await a.child.exited;
  const killedAt = Date.now();

  // Worker B starts at once but may only take the job when A's lease has run out.
  const b: RunningApp = await startApp(env(), { role: 'worker' });
  const done = await waitForJob(id, (j) => j.status !== 'running' && j.status !== 'queued', 90_000);
  expect(done.status).toBe('done');
  expect(done.attempts).toBe(2);
  expect(Date.now() - killedAt).toBeGreaterThan(10_000);
  // B logs the takeover like any job it runs; nothing in its log is an error.
  expect(b.logs().filter((l) => l.level === 'error')).toEqual([]);

  // Once: one row, one object, no pieces left, no second job for the chapter.
  const rows = (await client.query('select size_bytes as size, duration_seconds as duration from audio_files where slug = $1 and chapter = $2', [SLUG, CHAPTER])).rows;
  expect(rows).toHaveLength(1);
  const jobs = (await client.query(`select id from jobs where kind = 'audio.generate' and payload->>'slug' = $1`, [SLUG])).rows;
  expect(jobs).toHaveLength(1);
  const blobs = join(dataDir, 'objects', 'blobs');
  expect(filesUnder(join(blobs, 'audio'))).toEqual([`${SLUG}/${CHAPTER}/${VOICE.replace(':', '~')}.mp3`]);
  expect(filesUnder(join(blobs, 'audio-parts'))).toEqual([]);

  // Whole: a clean MP3 as long as the row says, served as the stored file.
  const stored = readFileSync(join(blobs, 'audio', SLUG, String(CHAPTER), `${VOICE}.mp3`));
  expect(stored.length).toBe(Number(rows[0].size));
  const info = mp3Info(stored);
  expect(info.trailing).toBe(0);
  expect(info.duration).toBeGreaterThan(60);
  expect(Math.abs(info.duration - Number(rows[0].duration))).toBeLessThan(0.5);
  const served = await fetch(`${web.base}/api/audio-stream/${SLUG}/${CHAPTER}?voice=${VOICE}`, { headers: { 'x-session-id': 'fault-kill-reader' } });
  expect(served.status).toBe(200);
  expect(Buffer.from(await served.arrayBuffer()).equals(stored)).toBe(true);
}, 170_000);
