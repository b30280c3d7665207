import type { SourceClientOptions } from '../../integrations/sources/index.ts';
import type { WaitingFor } from './model.ts';

type Sleep = NonNullable<SourceClientOptions['sleep']>;
type Log = NonNullable<SourceClientOptions['log']>;

/** Told when the source client starts waiting (with why) and when it stops (null). */
export type WaitListener = (wait: WaitingFor | null) => void;

export interface SourceWatchOptions {
  /** A request unanswered this long is "the source is slow". */
  slowAfterMs: number;
  /** Shorter waits for the rate limit are the normal pace, not worth a word. */
  minWaitMs: number;
}

/**
 * What the source client is waiting for, seen from outside it: its sleeps (the host's pacing, or
 * the pause before a retry, which its "source request retried" log line announces) and its
 * requests (slow when unanswered past `slowAfterMs`). The worker builds one client for every task
 * it runs, so the task currently running follows the watch and leaves it at its end.
 */
export class SourceWatch {
  #listener: WaitListener | null = null;
  #retry: { attempt: number } | null = null;
  #shown = false;

  constructor(private readonly options: SourceWatchOptions) {}

  follow(listener: WaitListener): () => void {
    this.#listener = listener;
    return () => {
      if (this.#listener === listener) this.#listener = null;
    };
  }

  sleep(inner: Sleep): Sleep {
    return async (ms, signal) => {
      const retry = this.#retry;
      this.#retry = null;
      const seconds = Math.max(1, Math.ceil(ms / 1000));
      if (retry) this.#emit({ reason: 'retry', attempt: retry.attempt, seconds });
      else if (ms >= this.options.minWaitMs) this.#emit({ reason: 'rate_limit', seconds });
      try {
        await inner(ms, signal);
      } finally {
        this.#clear();
      }
    };
  }

  fetch(inner: typeof fetch): typeof fetch {
    const watched = async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
      // A retry whose pause had already run out by the next request never slept: it is over.
      this.#retry = null;
      const timer = setTimeout(() => this.#emit({ reason: 'slow_source' }), this.options.slowAfterMs);
      try {
        return await inner(input, init);
      } finally {
        clearTimeout(timer);
        this.#clear();
      }
    };
    return Object.assign(watched, { preconnect: inner.preconnect }) as typeof fetch;
  }

  /** The client's log, read for the retries it announces. */
  log(inner?: Log): Log {
    return {
      warn: (msg, fields) => {
        // The line counts failed tries; the request after the pause is the next attempt.
        if (msg === 'source request retried') this.#retry = { attempt: Number((fields as { attempt?: number } | undefined)?.attempt ?? 1) + 1 };
        inner?.warn(msg, fields);
      },
      info: (msg, fields) => inner?.info?.(msg, fields),
      debug: (msg, fields) => inner?.debug?.(msg, fields),
    };
  }

  #emit(wait: WaitingFor): void {
    this.#shown = true;
    this.#listener?.(wait);
  }

  #clear(): void {
    if (!this.#shown) return;
    this.#shown = false;
    this.#listener?.(null);
  }
}
