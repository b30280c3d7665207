import { ESPEAK_VOICES, ESPEAK_WPM, publicVoice, type EspeakVoice } from './espeak-voices.ts';
import { TtsError, type Pcm, type SpeechEngine, type SynthesizeOptions, type Voice } from './port.ts';
import { locateProgram, probeProgram, runProgram } from './process.ts';
import { parseWav } from './wav.ts';

/**
 * eSpeak NG through the `espeak-ng` program: about 1,000× real time at 22,050 Hz. The text goes
 * in on stdin without `-m`, so markup in a chapter is read as text and nothing in it can become
 * an option; `--stdout` streams a WAV whose size fields are placeholders (parseWav copes).
 */
export interface EspeakOptions {
  /** Program name or path; default `espeak-ng`. */
  program?: string;
  timeoutMs?: number;
}

export function createEspeakEngine(options: EspeakOptions = {}): SpeechEngine {
  const program = options.program ?? 'espeak-ng';
  let listed: Promise<EspeakVoice[]> | null = null;
  const installed = (): Promise<EspeakVoice[]> =>
    (listed ??= probeProgram(program, ['--voices']).then((out) => {
      if (out === null) return [];
      const languages = new Set<string>();
      // Columns: Pty Language Age/Gender VoiceName File (Other languages...)
      for (const line of out.split('\n').slice(1)) {
        const [, language] = line.trim().split(/\s+/);
        if (language) languages.add(language.toLowerCase());
        for (const [, other] of line.matchAll(/\(([a-z0-9-]+) \d+\)/gi)) languages.add(other!.toLowerCase());
      }
      return ESPEAK_VOICES.filter((v) => languages.has(v.espeak));
    }));

  return {
    id: 'espeak',
    format: 'mp3',
    backend: `espeak-ng (${program})`,
    async available() {
      return (await probeProgram(program, ['--version'])) !== null && (await installed()).length > 0;
    },
    async voices(): Promise<Voice[]> {
      return (await installed()).map(publicVoice);
    },
    async synthesize(text: string, voiceId: string, { signal }: SynthesizeOptions = {}): Promise<Pcm> {
      const voice = (await installed()).find((v) => v.id === voiceId);
      if (!voice) throw new TtsError(`unknown eSpeak voice ${voiceId}`, false, 'espeak');
      const path = locateProgram(program);
      if (!path) throw new TtsError(`${program} is not installed`, false, 'espeak');
      const wav = await runProgram([path, '-v', voice.espeak, '-s', String(ESPEAK_WPM), '-b', '1', '--stdout'], {
        engine: 'espeak',
        stdin: text,
        signal,
        timeoutMs: options.timeoutMs,
      });
      try {
        return parseWav(wav);
      } catch (error) {
        throw new TtsError(`espeak-ng wrote no usable audio: ${(error as Error).message}`, false, 'espeak');
      }
    },
  };
}
