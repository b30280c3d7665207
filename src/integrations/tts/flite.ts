import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TtsError, type Pcm, type SpeechEngine, type SynthesizeOptions, type Voice } from './port.ts';
import { locateProgram, probeProgram, runProgram } from './process.ts';
import { parseWav } from './wav.ts';

/**
 * Flite through the `flite` program. Its audio is delivered as WAV (16 kHz). The text is read
 * from stdin (`-f /dev/stdin`; flite has no SSML unless asked); the WAV goes to a temporary file
 * (to a pipe, flite writes a header and no samples).
 * Debian's voices: kal16 (diphone, fast) and the clustergen voices slt, rms, awb (better, about
 * 25× real time). kal (8 kHz) and awb_time (a talking clock) are not offered.
 */
interface FliteVoice extends Voice {
  flite: string;
}

export const FLITE_VOICES: readonly FliteVoice[] = [
  { id: 'flite-slt', name: 'SLT (US English, female)', language: 'en-US', flite: 'slt' },
  { id: 'flite-rms', name: 'RMS (US English, male)', language: 'en-US', flite: 'rms' },
  { id: 'flite-awb', name: 'AWB (Scottish English, male)', language: 'en-GB', flite: 'awb' },
  { id: 'flite-kal16', name: 'Kal (US English, male, diphone)', language: 'en-US', flite: 'kal16' },
].map((v) => ({ ...v, engine: 'flite' as const }));

export interface FliteOptions {
  /** Program name or path; default `flite`. */
  program?: string;
  timeoutMs?: number;
}

export function createFliteEngine(options: FliteOptions = {}): SpeechEngine {
  const program = options.program ?? 'flite';
  let listed: Promise<FliteVoice[]> | null = null;
  // `flite -lv` prints "Voices available: kal awb_time kal16 awb rms slt".
  const installed = (): Promise<FliteVoice[]> =>
    (listed ??= probeProgram(program, ['-lv']).then((out) => {
      const names = new Set((out ?? '').replace(/^.*?:/s, '').trim().split(/\s+/));
      return FLITE_VOICES.filter((v) => names.has(v.flite));
    }));

  return {
    id: 'flite',
    format: 'wav',
    backend: `flite (${program})`,
    async available() {
      return (await installed()).length > 0;
    },
    async voices(): Promise<Voice[]> {
      return (await installed()).map(({ id, name, engine, language }) => ({ id, name, engine, language }));
    },
    async synthesize(text: string, voiceId: string, { signal }: SynthesizeOptions = {}): Promise<Pcm> {
      const voice = (await installed()).find((v) => v.id === voiceId);
      if (!voice) throw new TtsError(`unknown Flite voice ${voiceId}`, false, 'flite');
      const path = locateProgram(program);
      if (!path) throw new TtsError(`${program} is not installed`, false, 'flite');
      // flite says nothing (and writes a header only) for an empty text; keep the rate of its voices.
      if (!/[\p{L}\p{N}]/u.test(text)) return { sampleRate: 16000, samples: new Int16Array(0) };
      const dir = await mkdtemp(join(tmpdir(), 'flite-'));
      try {
        const out = join(dir, 'speech.wav');
        await runProgram([path, '-voice', voice.flite, '-f', '/dev/stdin', '-o', out], { engine: 'flite', stdin: text, signal, timeoutMs: options.timeoutMs });
        const wav = await readFile(out).catch(() => new Uint8Array(0));
        try {
          return parseWav(wav);
        } catch (error) {
          throw new TtsError(`flite wrote no usable audio: ${(error as Error).message}`, false, 'flite');
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
