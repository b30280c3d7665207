import { createSourceClient, DEFAULT_LIMITS, type SourceClient, type SourceClientOptions, type SourcesConfig } from '../../../src/integrations/sources/index.ts';
import type { SourceSite } from './index.ts';

/**
 * A virtual clock for the client: `sleep` returns at once and moves the clock on, so a test of
 * Retry-After or backoff takes no real time and can read every wait the client made.
 */
export interface FakeTime {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Every sleep the client asked for, in ms. */
  slept: number[];
}

export function fakeTime(start = 1_000_000): FakeTime {
  let now = start;
  const slept: number[] = [];
  return {
    now: () => now,
    async sleep(ms, signal) {
      signal?.throwIfAborted();
      slept.push(ms);
      now += ms;
    },
    slept,
  };
}

/** A client of the local site: both sources pointed at it, no rate limit, virtual time, no jitter. */
export function siteClient(site: SourceSite, config: Partial<SourcesConfig> = {}, options: SourceClientOptions = {}): { client: SourceClient; time: FakeTime } {
  const time = fakeTime();
  const client = createSourceClient(
    { ...DEFAULT_LIMITS, novelfireBaseUrl: site.novelfireUrl, royalroadBaseUrl: site.royalroadUrl, ratePerSecond: 0, ...config },
    { now: time.now, sleep: time.sleep, random: () => 0.5, ...options },
  );
  return { client, time };
}

/** The SourceError kind a promise rejects with (or "resolved"). */
export async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return (error as { kind?: string }).kind ?? String(error);
  }
}
