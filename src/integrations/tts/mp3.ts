import { Mp3Encoder as LameJs } from '@breezystack/lamejs';
import { locateProgram, parts, probeProgram } from './process.ts';
import { pcmBytes } from './wav.ts';

/**
 * An incremental MP3 encoder: push PCM as each chunk is synthesised, take the MP3 bytes that are
 * ready, finish at the end. Two backends giving the same kind of stream (CBR, mono, no tag frame):
 *
 * - `lame`, the program, fed on stdin: about 145× real time here, and it runs on another core while
 *   the worker synthesises the next chunk;
 * - `lamejs` (@breezystack/lamejs), in-process: about 65× real time, no system package needed.
 *
 * `auto` takes the program when it is installed (bench/audio.ts prints both). Either way LAME picks
 * the output rate from the input rate and re-samples when they differ: 8–24 kHz MP3 rates are
 * kept, 44.1/48 kHz become 32 kHz at this bit rate, an odd rate (19 kHz) goes to the nearest one.
 */
export type Mp3Backend = 'lame' | 'lamejs';

export interface Mp3Encoder {
  readonly backend: Mp3Backend;
  /** Encodes samples at the input rate; resolves with the MP3 bytes ready so far (may be empty). */
  encode(samples: Int16Array): Promise<Uint8Array>;
  /** Ends the stream and resolves with the last frames. */
  finish(): Promise<Uint8Array>;
  /** Abandons the stream (kills the program). Safe to call at any time, also after finish. */
  close(): void;
}

export interface Mp3Options {
  sampleRate: number;
  /** Constant bit rate; 48 kbit/s mono is plenty for speech (about 360 KB a minute). */
  kbps?: number;
  backend?: Mp3Backend | 'auto';
  lamePath?: string;
}

export const MP3_KBPS = 48;
/** Longer than any chunk can take (the slowest engine's timeout is 120 s). */
const IDLE_KILL_MS = 10 * 60_000;

export async function createMp3Encoder(options: Mp3Options): Promise<Mp3Encoder> {
  const { sampleRate, kbps = MP3_KBPS, backend = 'auto', lamePath = 'lame' } = options;
  const useProgram = backend === 'lame' || (backend === 'auto' && (await probeProgram(lamePath, ['--version'])) !== null);
  if (!useProgram) return lameJsEncoder(sampleRate, kbps);
  const path = locateProgram(lamePath);
  if (!path) throw new Error(`MP3 encoder: ${lamePath} not found`);
  return lameProgramEncoder(path, sampleRate, kbps);
}

const asBytes = (data: Int8Array | Uint8Array): Uint8Array => new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice();
// lamejs sizes its output buffer by the largest input it has seen: feed it bounded slices.
const LAMEJS_SLICE = 1152 * 32;

function lameJsEncoder(sampleRate: number, kbps: number): Mp3Encoder {
  const encoder = new LameJs(1, sampleRate, kbps);
  return {
    backend: 'lamejs',
    async encode(samples) {
      const parts: Uint8Array[] = [];
      for (let i = 0; i < samples.length; i += LAMEJS_SLICE) parts.push(asBytes(encoder.encodeBuffer(samples.subarray(i, i + LAMEJS_SLICE))));
      return Buffer.concat(parts);
    },
    async finish() {
      return asBytes(encoder.flush());
    },
    close() {},
  };
}

function lameProgramEncoder(path: string, sampleRate: number, kbps: number): Mp3Encoder {
  const khz = String(sampleRate / 1000);
  // -r: raw PCM on stdin; -t: no tag frame (it could not be patched on a pipe anyway); --flush: write frames as soon as they exist.
  const argv = [path, '--quiet', '-r', '-s', khz, '--bitwidth', '16', '--signed', '--little-endian', '-m', 'm', '--cbr', '-b', String(kbps), '-t', '--flush', '-', '-'];
  const child = Bun.spawn(argv, { stdin: 'pipe', stdout: 'pipe', stderr: 'pipe' });
  let ready: Uint8Array[] = [];
  let failed: Error | null = null;
  const take = () => {
    if (failed) throw failed;
    const out = Buffer.concat(ready);
    ready = [];
    return out;
  };
  const drained = (async () => {
    for await (const part of parts(child.stdout)) ready.push(part);
  })().catch((error: Error) => {
    failed = error;
  });
  const stderr = new Response(child.stderr).text();
  // A safety net for a caller that drops the encoder without close(): lame would wait on stdin forever.
  let idle = setTimeout(() => child.kill('SIGKILL'), IDLE_KILL_MS);
  idle.unref();
  const touch = () => {
    clearTimeout(idle);
    idle = setTimeout(() => child.kill('SIGKILL'), IDLE_KILL_MS);
    idle.unref();
  };
  void child.exited.then(() => clearTimeout(idle));
  return {
    backend: 'lame',
    async encode(samples) {
      if (failed) throw failed;
      touch();
      child.stdin.write(pcmBytes(samples));
      await child.stdin.flush();
      return take();
    },
    async finish() {
      await child.stdin.end();
      const [code] = await Promise.all([child.exited, drained]);
      if (code !== 0) failed ??= new Error(`lame exited with ${child.signalCode ?? code}: ${(await stderr).trim().slice(-500)}`);
      return take();
    },
    close() {
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

