/**
 * Politeness per host: a token bucket with a burst of one, so requests to a host are spaced
 * exactly 1/rate apart and a long run's average equals the configured rate. Rate 0: no limit.
 * Clock and sleep are inputs (tests do not wait).
 */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const abort = () => (clearTimeout(timer), reject(signal!.reason));
    // A scrape passes one signal to thousands of sleeps: do not leave a listener behind each.
    const timer = setTimeout(() => (signal?.removeEventListener('abort', abort), resolve()), ms);
    signal?.addEventListener('abort', abort, { once: true });
  });

export class HostBuckets {
  readonly #next = new Map<string, number>();
  /** Pauses a source asked for (Retry-After, backoff): honoured even without a rate limit. */
  readonly #pausedUntil = new Map<string, number>();

  constructor(
    private readonly ratePerSecond: number,
    private readonly now: () => number,
    private readonly sleep: Sleep,
  ) {}

  /** Waits for this host's next slot. */
  async take(host: string, signal?: AbortSignal): Promise<void> {
    const paused = (this.#pausedUntil.get(host) ?? 0) - this.now();
    if (paused > 0) await this.sleep(paused, signal);
    if (!(this.ratePerSecond > 0)) return;
    const gap = 1000 / this.ratePerSecond;
    const now = this.now();
    const slot = Math.max(now, this.#next.get(host) ?? now);
    this.#next.set(host, slot + gap);
    if (slot > now) await this.sleep(slot - now, signal);
  }

  /** After a 429 or a "rate limited" page: nothing goes to the host before `ms` from now. */
  pause(host: string, ms: number): void {
    this.#pausedUntil.set(host, Math.max(this.#pausedUntil.get(host) ?? 0, this.now() + ms));
  }
}
