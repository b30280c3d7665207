/**
 * One audio benchmark scenario inside a Bun Worker, as the job runner runs an audio job: narrate
 * the text chunk by chunk, timing the first encoded bytes and the whole run, then time the
 * engine alone (no encoding) over the same chunks. Posts one result message.
 */
import { readFileSync } from 'node:fs';
import { prepareScript } from '../../src/integrations/tts/chunk.ts';
import { createEspeakEngine } from '../../src/integrations/tts/espeak.ts';
import { createFliteEngine } from '../../src/integrations/tts/flite.ts';
import { createFliteWasiEngine } from '../../src/integrations/tts/flite-wasi.ts';
import { createMespeakEngine } from '../../src/integrations/tts/mespeak.ts';
import { narrate } from '../../src/integrations/tts/narrate.ts';
import { createOpenAiEngine } from '../../src/integrations/tts/openai.ts';
import type { SpeechEngine } from '../../src/integrations/tts/port.ts';

export interface Scenario {
  label: string;
  engine: 'espeak-ng' | 'mespeak' | 'flite' | 'flite-wasi' | 'openai';
  voice: string;
  mp3: 'lame' | 'lamejs';
  markdown: string;
  openaiUrl?: string;
}

export interface ScenarioResult {
  audioSeconds: number;
  wallMs: number;
  firstByteMs: number;
  synthesisOnlyMs: number;
  bytes: number;
  chunks: number;
  firstChunkChars: number;
  /** The process's peak RSS when the narration ended (before the engine-alone pass). */
  narratePeakMb: number;
}

declare const self: Worker;

self.onmessage = async (event: MessageEvent<Scenario>) => {
  const scenario = event.data;
  const engines: Record<Scenario['engine'], () => SpeechEngine> = {
    'espeak-ng': () => createEspeakEngine(),
    mespeak: () => createMespeakEngine(),
    flite: () => createFliteEngine(),
    'flite-wasi': () => createFliteWasiEngine(),
    openai: () => createOpenAiEngine({ url: scenario.openaiUrl! }),
  };
  const engine = engines[scenario.engine]();
  const started = performance.now();
  const script = prepareScript(scenario.markdown);
  let firstByteMs = NaN;
  let bytes = 0;
  const run = narrate(engine, scenario.voice, script, { mp3Backend: scenario.mp3 });
  let step = await run.next();
  for (; !step.done; step = await run.next()) {
    if (Number.isNaN(firstByteMs) && step.value.bytes.length) firstByteMs = performance.now() - started;
    bytes += step.value.bytes.length;
  }
  const wallMs = performance.now() - started;
  const narratePeakMb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
  const synthStart = performance.now();
  for (const chunk of script.chunks) await engine.synthesize(chunk.text, scenario.voice);
  const result: ScenarioResult = {
    audioSeconds: step.value.duration,
    wallMs,
    firstByteMs,
    synthesisOnlyMs: performance.now() - synthStart,
    bytes,
    chunks: script.chunks.length,
    firstChunkChars: script.chunks[0]!.text.length,
    narratePeakMb,
  };
  postMessage(result);
};
