import { TtsError, type SpeechEngine } from '../../integrations/tts/index.ts';

/**
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
