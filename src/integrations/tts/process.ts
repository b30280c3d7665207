import { accessSync, constants } from 'node:fs';
import { basename } from 'node:path';
import { TtsError, type EngineId } from './port.ts';

/**
 * Running speech programs (espeak-ng, flite, lame). The text always travels on stdin, never in
 * argv, so nothing a chapter says can become an option. Every run is bounded: killed on abort
 * or timeout, stdout capped, the tail of stderr kept for the error message.
 */
export interface RunOptions {
  engine: EngineId;
  stdin?: Uint8Array | string;
  signal?: AbortSignal;
  /** Default 120 s: a 400-character chunk takes well under 2 s on every engine here. */
  timeoutMs?: number;
  /** Default 64 MiB (about 25 minutes of 22 kHz audio for one chunk, far beyond any real one). */
  maxOutputBytes?: number;
}

const STDERR_KEEP = 2000;

/** A byte stream's parts (the DOM typings lack ReadableStream's async iterator). */
export async function* parts(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      yield value;
    }
  } finally {
    // Left early (a cap was reached): stop the producer instead of leaving it blocked.
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

export async function runProgram(argv: string[], options: RunOptions): Promise<Uint8Array> {
  const { engine, signal, timeoutMs = 120_000, maxOutputBytes = 64 * 1024 * 1024 } = options;
  signal?.throwIfAborted();
  let child;
  try {
    child = Bun.spawn(argv, {
      stdin: options.stdin === undefined ? 'ignore' : typeof options.stdin === 'string' ? new TextEncoder().encode(options.stdin) : options.stdin,
      stdout: 'pipe',
      stderr: 'pipe',
    });
  } catch (error) {
    // ENOENT and friends: the program is not there (any more); retrying will not bring it back.
    throw new TtsError(`${argv[0]} could not start: ${(error as Error).message}`, false, engine);
  }
  let stopped: 'abort' | 'timeout' | 'output' | null = null;
  const stop = (why: typeof stopped) => {
    stopped ??= why;
    child.kill('SIGKILL');
  };
  const onAbort = () => stop('abort');
  signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => stop('timeout'), timeoutMs);
  try {
    const [stdout, stderr, code] = await Promise.all([
      readCapped(child.stdout, maxOutputBytes, () => stop('output')),
      tail(child.stderr),
      child.exited,
    ]);
    if (stopped === 'abort') signal!.throwIfAborted();
    const name = basename(argv[0]!);
    if (stopped === 'timeout') throw new TtsError(`${name} timed out after ${timeoutMs} ms`, true, engine);
    if (stopped === 'output') throw new TtsError(`${name} wrote more than ${maxOutputBytes} bytes`, false, engine);
    if (code !== 0) {
      // Killed by the system (out of memory, a signal): the next attempt may well succeed.
      const transient = child.signalCode !== null;
      throw new TtsError(`${name} exited with ${child.signalCode ?? code}${stderr ? `: ${stderr}` : ''}`, transient, engine);
    }
    return stdout;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** A stream's bytes, stopping (and calling `overflow`) past `max`. */
export async function readCapped(stream: ReadableStream<Uint8Array>, max: number, overflow: () => void): Promise<Uint8Array> {
  const kept: Uint8Array[] = [];
  let length = 0;
  for await (const part of parts(stream)) {
    length += part.length;
    if (length > max) {
      overflow();
      break;
    }
    kept.push(part);
  }
  return Buffer.concat(kept);
}

async function tail(stream: ReadableStream<Uint8Array>): Promise<string> {
  let text = '';
  const decoder = new TextDecoder();
  for await (const part of parts(stream)) text = (text + decoder.decode(part, { stream: true })).slice(-STDERR_KEEP);
  return text.trim();
}

/**
 * Where a program lives: an explicit path must be an executable file; a bare name is looked up on
 * the PATH. null when absent.
 */
export function locateProgram(program: string): string | null {
  if (program.includes('/')) {
    try {
      accessSync(program, constants.X_OK);
      return program;
    } catch {
      return null;
    }
  }
  return Bun.which(program);
}

const probes = new Map<string, Promise<string | null>>();

/**
 * Runs `program ...args` once per process (cached) and resolves with its stdout, or null when the
 * program is missing, fails or hangs: the engine (or encoder) is then unavailable.
 */
export function probeProgram(program: string, args: string[]): Promise<string | null> {
  const key = [program, ...args].join('\0');
  let probe = probes.get(key);
  if (!probe) {
    const path = locateProgram(program);
    probe = path ? probeOnce([path, ...args]) : Promise.resolve(null);
    probes.set(key, probe);
  }
  return probe;
}

async function probeOnce(argv: string[]): Promise<string | null> {
  try {
    const child = Bun.spawn(argv, { stdin: 'ignore', stdout: 'pipe', stderr: 'ignore', timeout: 10_000, killSignal: 'SIGKILL' });
    const [out, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
    return code === 0 ? out : null;
  } catch {
    return null;
  }
}
