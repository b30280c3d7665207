import { HostBuckets, realSleep, type Sleep } from './bucket.ts';
import { classify } from './classify.ts';
import type { UrlGuard } from './guard.ts';
import { SourceError, type SourceLimits } from './types.ts';

/**
 * Every request to a source goes through here: the URL guard (each redirect hop too), the host's
 * token bucket, a time-out, a size cap read as a stream, a browser's headers, and retries with
 * exponential backoff and jitter (up to maxBackoffMs) for answers that may pass.
 */
export interface FetcherDeps {
  config: SourceLimits;
  guard: UrlGuard;
  fetch?: typeof fetch;
  sleep?: Sleep;
  now?: () => number;
  random?: () => number;
  log?: { warn(msg: string, fields?: object): void };
}

export interface Fetched {
  url: string;
  status: number;
  body: Uint8Array;
  contentType: string;
  text(): string;
}

const HEADERS = {
  'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
};
const MAX_REDIRECTS = 5;

export class PoliteFetcher {
  readonly buckets: HostBuckets;
  readonly #fetch: typeof fetch;
  readonly #sleep: Sleep;
  readonly #now: () => number;
  readonly #random: () => number;

  constructor(private readonly deps: FetcherDeps) {
    this.#fetch = deps.fetch ?? fetch;
    this.#sleep = deps.sleep ?? realSleep;
    this.#now = deps.now ?? Date.now;
    this.#random = deps.random ?? Math.random;
    this.buckets = new HostBuckets(deps.config.ratePerSecond, this.#now, this.#sleep);
  }

  /** A page (HTML); `checkBody` false for binary files (covers). */
  async get(raw: string, signal?: AbortSignal, checkBody = true): Promise<Fetched> {
    const { maxRetries, maxBackoffMs } = this.deps.config;
    for (let attempt = 0; ; attempt++) {
      let failure: { error: SourceError; retry: boolean; waitMs?: number };
      try {
        const fetched = await this.#once(raw, signal);
        const verdict = checkBody ? classify(fetched.status, fetched.text(), fetched.retryAfter, this.#now()) : fetched.status < 400 ? ({ ok: true } as const) : classify(fetched.status, '', fetched.retryAfter, this.#now());
        if (verdict.ok) return fetched;
        failure = verdict;
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (!(error instanceof SourceError)) throw error;
        failure = { error, retry: error.kind === 'timeout' || error.kind === 'http' };
      }
      if (!failure.retry || attempt >= maxRetries) throw failure.error;
      const backoff = Math.min(maxBackoffMs, 1000 * 2 ** attempt) * (0.5 + this.#random() / 2);
      const wait = Math.min(Math.max(failure.waitMs ?? 0, backoff), Math.max(maxBackoffMs, failure.waitMs ?? 0));
      this.deps.log?.warn('source request retried', { url: raw, kind: failure.error.kind, attempt: attempt + 1, waitMs: Math.round(wait) });
      this.buckets.pause(new URL(raw).host, wait);
    }
  }

  async #once(raw: string, signal?: AbortSignal): Promise<Fetched & { retryAfter: string | null }> {
    let url = this.deps.guard.allowedUrl(raw);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      await this.deps.guard.checkAddress(url);
      await this.buckets.take(url.host, signal);
      const timeout = AbortSignal.timeout(this.deps.config.timeoutMs);
      const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
      let response: Response;
      try {
        response = await this.#fetch(url, { headers: HEADERS, redirect: 'manual', signal: combined });
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (timeout.aborted) throw new SourceError('timeout', `No answer from ${url.host} within ${this.deps.config.timeoutMs / 1000} s`);
        throw new SourceError('http', `Could not connect to ${url.host}: ${(error as Error).message}`);
      }
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel().catch(() => {});
        url = this.deps.guard.allowedUrl(new URL(location, url).toString());
        continue;
      }
      const body = await this.#read(response, url, signal, timeout);
      const contentType = response.headers.get('content-type') ?? '';
      return { url: url.toString(), status: response.status, body, contentType, retryAfter: response.headers.get('retry-after'), text: () => new TextDecoder().decode(body) };
    }
    throw new SourceError('http', 'Too many redirects');
  }

  async #read(response: Response, url: URL, signal: AbortSignal | undefined, timeout: AbortSignal): Promise<Uint8Array> {
    const { maxBytes } = this.deps.config;
    const declared = Number(response.headers.get('content-length'));
    if (declared > maxBytes) {
      await response.body?.cancel().catch(() => {});
      throw new SourceError('too_large', `The page is larger than ${Math.round(maxBytes / 1024)} KB`);
    }
    const reader = response.body?.getReader();
    if (!reader) return new Uint8Array();
    const parts: Uint8Array[] = [];
    let size = 0;
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        size += value.length;
        if (size > maxBytes) {
          await reader.cancel().catch(() => {});
          throw new SourceError('too_large', `The page is larger than ${Math.round(maxBytes / 1024)} KB`);
        }
        parts.push(value);
      }
    } catch (error) {
      if (error instanceof SourceError) throw error;
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted) throw new SourceError('timeout', `${url.host} stopped sending within ${this.deps.config.timeoutMs / 1000} s`);
      throw new SourceError('http', `The answer from ${url.host} broke off`);
    }
    return new Uint8Array(Buffer.concat(parts));
  }
}
