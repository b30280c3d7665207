/**
 * Speech engine figures: for each engine (and both MP3 encoders where it matters), narrate a
 * ~2,000-word chapter of real prose through the whole path (chunks → engine → encoder), in a Bun
 * Worker inside a fresh process, as an audio job runs. Prints per scenario: audio length, wall
 * time, real-time factor (audio seconds per wall second), time to the first encoded bytes, the
 * engine alone (no encoding), and the process's peak RSS (VmHWM) with how much the job added.
 *
 *   node_modules/.bin/bun bench/audio.ts [--words 2000] [--only espeak,mespeak,flite,openai] [--json FILE]
 *
 * Targets (docs/operations.md, "Speech engines"): eSpeak at least 20× real time; first audio byte
 * under 1.5 s for an uncached 2,000-word chapter.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { proseWords } from '../tests/support/tts-audio.ts';
import type { Scenario, ScenarioResult } from './audio/worker.ts';

const ROOT = resolve(import.meta.dir, '..');
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
  options: { words: { type: 'string', default: '2000' }, only: { type: 'string' }, json: { type: 'string' } },
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
  { label: 'openai stand-in + lame', engine: 'openai', voice: 'openai-af_bella', mp3: 'lame' },
];
const only = flags.only?.split(',').map((s) => s.trim());
const scenarios = all.filter((s) => !only || only.some((o) => s.label.startsWith(o) || s.engine.startsWith(o)));

// The stand-in server runs in its own process, so its work is not counted in the worker's memory.
let server: ReturnType<typeof Bun.spawn> | null = null;
let openaiUrl: string | undefined;
if (scenarios.some((s) => s.engine === 'openai')) {
  const child = Bun.spawn([process.execPath, 'tests/support/tts-openai-server.ts'], { cwd: ROOT, stdin: 'pipe', stdout: 'pipe', stderr: 'inherit' });
  server = child;
  const reader = child.stdout.getReader();
  openaiUrl = new TextDecoder().decode((await reader.read()).value).trim();
}

console.log(`${wordCount} words, ${markdown.length} characters of demo prose; ${navigator.hardwareConcurrency} CPUs; Bun ${Bun.version}\n`);
const head = ['scenario', 'audio', 'wall', '× real time', 'first bytes', 'engine alone ×', 'peak RSS', 'job added'];
console.log(head.map((h, i) => (i ? h.padStart(16) : h.padEnd(24))).join(''));
const rows: Record<string, unknown>[] = [];
try {
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
    console.log(scenario.label.padEnd(24) + cells.map((c) => c.padStart(16)).join(''));
  }
} finally {
  server?.kill();
}
const first = rows[0] as { chunks?: number; firstChunkChars?: number } | undefined;
if (first) console.log(`\n${first.chunks} chunks; the first is ${first.firstChunkChars} characters.`);
if (flags.json) writeFileSync(flags.json, JSON.stringify({ words: wordCount, rows }, null, 2));
