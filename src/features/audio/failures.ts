import { TtsError, type SpeechEngine } from '../../integrations/tts/index.ts';

/**
 * Speech engine failures, for both narrating jobs (a chapter's: generation/job.ts; the voice
 * samples': samples/job.ts) and for what readers are told of them.
 *
 * An engine whose transient failures (a busy server, a time-out, a 5xx) are retried for the same
 * chunk after a short backoff, so one hiccup does not throw away the chapter's audio so far. What
 * still fails goes to the queue, which retries the whole job with its own, longer backoff.
 */
export const CHUNK_RETRY_DELAYS_MS = [250, 1000];

export function withChunkRetries(engine: SpeechEngine, delaysMs: readonly number[] = CHUNK_RETRY_DELAYS_MS): SpeechEngine {
  return {
    id: engine.id,
    format: engine.format,
    backend: engine.backend,
    available: () => engine.available(),
    voices: () => engine.voices(),
    async synthesize(text, voiceId, options = {}) {
      for (let attempt = 0; ; attempt++) {
        try {
          return await engine.synthesize(text, voiceId, options);
        } catch (error) {
          const transient = error instanceof TtsError && error.transient;
          if (!transient || attempt >= delaysMs.length || options.signal?.aborted) throw error;
          await sleep(delaysMs[attempt]!, options.signal);
        }
      }
    },
  };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

const MAX_ERROR = 500;

/** What is kept on a failed row: the engine and its message, one line, bounded. */
export function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const text = error instanceof TtsError ? `speech engine ${error.engine}: ${message}` : message;
  const line = text.replace(/\s+/g, ' ').trim() || 'unknown error';
  return line.length > MAX_ERROR ? `${line.slice(0, MAX_ERROR - 1)}…` : line;
}

/**
 * The reason as an API answer shows it: file paths (a program's location in an engine's message)
 * never reach a response body (decisions.md "Errors").
 */
export function publicError(error: string | null): string | null {
  return error === null ? null : error.replace(/(?:\/[\w.@~+-]+){2,}\/?/g, '…');
}
