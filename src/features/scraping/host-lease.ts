import type { Db } from '../../platform/db/index.ts';
import { releaseHost, takeHost } from './queries.ts';

/**
 * One book at a time per source host, across every worker process (sources.md: polite scrapers
 * use one worker per site). Waits while another task holds the host; renews while it works.
 */
export interface HostLease {
  renew(): Promise<void>;
  release(): Promise<void>;
}

export async function acquireHost(db: Db, host: string, taskId: string, options: { seconds: number; pollMs: number; signal: AbortSignal; onWait?: () => Promise<void> }): Promise<HostLease> {
  let told = false;
  while (!(await takeHost(db, host, taskId, options.seconds))) {
    if (!told) await options.onWait?.();
    told = true;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, options.pollMs);
      options.signal.addEventListener('abort', () => (clearTimeout(timer), reject(options.signal.reason)), { once: true });
    });
  }
  let renewedAt = Date.now();
  return {
    async renew() {
      // Renewing at a third of the lease keeps it ours even if a chapter takes a while.
      if (Date.now() - renewedAt < (options.seconds * 1000) / 3) return;
      renewedAt = Date.now();
      await takeHost(db, host, taskId, options.seconds);
    },
    release: () => releaseHost(db, host, taskId).then(() => undefined),
  };
}
