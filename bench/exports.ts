/**
 * Narrated export figures (features/exports), on the real app (`bun src/main.ts`, one process,
 * embedded stores, a fresh DATA_DIR, eSpeak NG when installed, else its in-process build):
 *
 * 1. a 50-chapter narrated EPUB with all its narration still to make: wall time on this machine,
 *    from POST /api/exports to "done" (the narration runs as the ordinary audio jobs);
 * 2. the same 50 chapters again from the narration now made (the pronunciation list gets an
 *    entry for a word the book does not hold, so the file is new but no chapter is narrated
 *    again): wall time and the app's peak memory over its idle size;
 * 3. audiobooks of 30, 300 and 1,000 chapters from stored narration (written to the store before the app
 *    starts: a minute of tone per chapter, as the narration job stores it): time and peak memory,
 *    which should stay flat as the book grows.
 * Peak memory is VmHWM of the app process (its job worker threads included), reset before each run.
 *
 *   node_modules/.bin/bun bench/exports.ts [--words 1000] [--chapters 50] [--audiobooks 30,300,1000] [--keep]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.ts';
import { bootPlatform } from '../src/platform/boot.ts';
import { silentLogger } from '../src/platform/log.ts';
import { audioKey } from '../src/features/audio/keys.ts';
import { createMp3Encoder } from '../src/integrations/tts/mp3.ts';
import { proseWords } from '../tests/support/tts-audio.ts';
import { freePort, spawnApp } from '../tests/support/processes.ts';
import { benchWorkspace } from './support/workspace.ts';

const { values: flags } = parseArgs({ options: { words: { type: 'string', default: '1000' }, chapters: { type: 'string', default: '50' }, audiobooks: { type: 'string', default: '30,300,1000' }, keep: { type: 'boolean', default: false } }, strict: true });
const WORDS = Number(flags.words);
const CHAPTERS = Number(flags.chapters);
const AUDIOBOOKS = flags.audiobooks.split(',').map(Number);
const AUTH_SECRET = 'bench-exports-secret-long-enough-0123456789abcdef';
const DEBUG_TOKEN = 'exports-bench-debug-login-token-0123';
const VOICE = 'espeak-en-us';
const TONE_SECONDS = 60;

const { work, children, cleanup } = benchWorkspace('chapterhouse-bench-exports-', flags.keep);
const procStatus = (pid: number, field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const env = { DATA_DIR: work, AUTH_SECRET, SEED_DEMO: '0', LOG_LEVEL: 'error', DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, TTS_ENGINES: 'espeak', ROLE: 'all' };

/** A minute of a quiet tone, encoded as the narration job encodes (22,050 Hz mono, 48 kbit/s CBR). */
async function toneMp3(): Promise<Uint8Array> {
  const rate = 22_050;
  const samples = new Int16Array(rate * TONE_SECONDS);
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(2000 * Math.sin((2 * Math.PI * 196 * i) / rate));
  const encoder = await createMp3Encoder({ sampleRate: rate });
  const parts = [await encoder.encode(samples), await encoder.finish()];
  encoder.close();
  return new Uint8Array(Buffer.concat(parts));
}

/** The books, written through the app's own platform before it starts; the audiobooks' narration stored as the job stores it. */
async function seed(): Promise<void> {
  const platform = await bootPlatform(loadConfig(env), silentLogger);
  try {
    const text = proseWords(WORDS);
    const tone = await toneMp3();
    const book = async (slug: string, chapters: number, narrated: boolean) => {
      await platform.db.insertInto('books').values({ slug, title: `Bench ${slug}`, author: 'Bench', chapter_count: chapters }).execute();
      for (let from = 1; from <= chapters; from += 100) {
        const rows = Array.from({ length: Math.min(100, chapters - from + 1) }, (_, i) => ({ book_slug: slug, number: from + i, title: `Chapter ${from + i}: The Long Night`, text, word_count: WORDS }));
        await platform.db.insertInto('chapters').values(rows).execute();
      }
      if (!narrated) return;
      for (let n = 1; n <= chapters; n++) {
        const key = audioKey(slug, n, VOICE, 'mp3');
        await platform.objects.put(key, tone, { contentType: 'audio/mpeg', metadata: { duration: String(TONE_SECONDS), voice: VOICE, engine: 'espeak' } });
        await platform.db.insertInto('audio_files').values({ slug, chapter: n, voice: VOICE, object_key: key, format: 'mp3', size_bytes: tone.length, duration_seconds: TONE_SECONDS, sentences: JSON.stringify([{ start: 0, end: TONE_SECONDS, text: `Chapter ${n}: The Long Night` }]), chunks: JSON.stringify([]) }).execute();
      }
    };
    await book('narrated-epub', CHAPTERS, false);
    for (const n of AUDIOBOOKS) await book(`audiobook-${n}`, n, true);
  } finally {
    await platform.shutdown();
  }
}

async function login(base: string, username: string, role: 'pro' | 'admin'): Promise<string> {
  const res = await fetch(`${base}/api/auth/debug-login`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ token: DEBUG_TOKEN, username, role }) });
  if (res.status !== 200) throw new Error(`debug login answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

interface Run {
  seconds: number;
  peakMb: number;
  idleMb: number;
  sizeMb: number;
}

/** One export from the request to "done", with the app's peak memory meanwhile. */
async function exportRun(base: string, pid: number, token: string, body: object): Promise<Run> {
  const idleMb = procStatus(pid, 'VmRSS');
  writeFileSync(`/proc/${pid}/clear_refs`, '5'); // VmHWM := VmRSS now
  const started = performance.now();
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' };
  const posted = await fetch(`${base}/api/exports`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (posted.status !== 202) throw new Error(`POST /api/exports answered ${posted.status}: ${await posted.text()}`);
  const { job_id } = (await posted.json()) as { job_id: string };
  for (;;) {
    await Bun.sleep(200);
    const job = (await (await fetch(`${base}/api/exports/${job_id}`, { headers })).json()) as { status: string; size?: number; error?: string };
    if (job.status === 'failed') throw new Error(`the export failed: ${job.error}`);
    if (job.status === 'done') return { seconds: (performance.now() - started) / 1000, peakMb: procStatus(pid, 'VmHWM'), idleMb, sizeMb: (job.size ?? 0) / 1e6 };
  }
}

const line = (label: string, run: Run) =>
  console.log(`${label.padEnd(58)} ${run.seconds.toFixed(1).padStart(7)} s   peak ${run.peakMb.toFixed(0).padStart(5)} MB (+${(run.peakMb - run.idleMb).toFixed(0)} over idle)   file ${run.sizeMb.toFixed(1)} MB`);

try {
  await seed();
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const app = spawnApp({ ...env, PORT: String(port) });
  children.push(app.child);
  const announced = await app.announced;
  if (!announced.includes('ready')) throw new Error(`the app did not start: ${announced}`);
  const pid = app.child.pid;
  const engine = Bun.which('espeak-ng') ? 'espeak-ng' : 'mespeak (in-process)';
  console.log(`narrated exports, ${CHAPTERS} chapters of ${WORDS} words, voice ${VOICE} (${engine}), ${navigator.hardwareConcurrency} cores`);
  const pro = await login(base, 'bench-exports-pro', 'pro');
  const admin = await login(base, 'bench-exports-admin', 'admin');
  const epub = { slug: 'narrated-epub', from: 1, to: CHAPTERS, format: 'epub-narrated', voice: VOICE };
  line(`narrated EPUB, ${CHAPTERS} chapters, all narration to make`, await exportRun(base, pid, pro, epub));
  // A new pronunciation (of a word the book does not hold) makes a new file from the same narration.
  const put = await fetch(`${base}/api/books/narrated-epub/pronunciations`, {
    method: 'PUT', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify({ entries: [{ word: 'Zyxwvut', say: 'zix', case_sensitive: false }] }),
  });
  if (put.status !== 200) throw new Error(`pronunciations answered ${put.status}`);
  line(`narrated EPUB, ${CHAPTERS} chapters, from made narration`, await exportRun(base, pid, pro, epub));
  for (const n of AUDIOBOOKS) line(`audiobook MP3, ${n} chapters of ${TONE_SECONDS} s, from stored narration`, await exportRun(base, pid, pro, { slug: `audiobook-${n}`, from: 1, to: n, format: 'audiobook', voice: VOICE }));
  await app.stop();
} finally {
  cleanup();
}
