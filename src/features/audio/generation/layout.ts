import { WAV_HEADER_BYTES, type AudioFormat } from '../../../integrations/tts/index.ts';
import type { AudioChunk } from '../../../platform/db/schema.ts';

/**
 * Where each chunk lands in the stored file, which is every piece in chunk order whatever order
 * they were made in (a WAV keeps one header, in front). A run (chunks made one after another with
 * one encoder) lasts its encoded length (MP3: with its encoder's start-up and padding), so a chunk's
 * speech starts where its run starts plus the speech of the run's chunks before it: with one run,
 * simply the speech before it, as a plain narration always had.
 *
 * The file's chunk map (audio_files.chunks) pairs each chunk's first byte with the moment of the
 * file at that byte: a WAV's samples are its speech; an MP3 encoder's output lags its input, so
 * a piece may begin before its chunk's speech does, and the moment is the run's start plus the
 * share of the run's frames before that byte (constant bit rate). Either way a player can be sent
 * the file from any moment by finding the last chunk before it and counting bytes from there.
 */
export interface MadeChunk {
  /** Bytes of the piece as stored under audio-parts/ (a WAV piece with its own header). */
  size: number;
  seconds: number;
  opensRun: boolean;
  runSeconds: number | null;
}

export interface FileLayout {
  chunks: AudioChunk[];
  /** Seconds: where the last chunk's speech ends. */
  duration: number;
  /** Bytes of the stored file. */
  size: number;
  /** Seconds of speech of each chunk and where it starts (for sentenceTimings). */
  seconds: number[];
  starts: number[];
}

export function fileLayout(made: readonly MadeChunk[], format: AudioFormat): FileLayout {
  const header = format === 'wav' ? WAV_HEADER_BYTES : 0;
  const runs = runsOf(made);
  const chunks: AudioChunk[] = [];
  const starts: number[] = [];
  let byte = header;
  let runStart = 0;
  let duration = 0;
  for (const run of runs) {
    const runBytes = run.reduce((sum, c) => sum + c.size - header, 0);
    let inRun = 0;
    let runByte = 0;
    for (const chunk of run) {
      const start = runStart + inRun;
      const atByte = format === 'wav' || !runBytes ? start : runStart + (runByte / runBytes) * (run.at(-1)!.runSeconds ?? 0);
      starts.push(start);
      chunks.push({ byte, start: Math.round(atByte * 1000) / 1000 });
      byte += chunk.size - header;
      runByte += chunk.size - header;
      inRun += chunk.seconds;
      duration = Math.max(duration, start + chunk.seconds);
    }
    runStart += run.at(-1)!.runSeconds ?? inRun;
  }
  return { chunks, starts, duration, size: byte, seconds: made.map((c) => c.seconds) };
}

/** The chunks in runs: a run opens where a chunk says so and ends with the chunk that carries its length. */
function runsOf(made: readonly MadeChunk[]): MadeChunk[][] {
  const runs: MadeChunk[][] = [];
  made.forEach((chunk, i) => {
    const last = runs.at(-1);
    if (i === 0 || chunk.opensRun || !last || last.at(-1)!.runSeconds !== null) runs.push([chunk]);
    else last.push(chunk);
  });
  return runs;
}
