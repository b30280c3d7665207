import type { Cache } from '../../platform/cache/port.ts';
import { listenForChanges } from '../../platform/cache/change-listener.ts';
import type { Db } from '../../platform/db/index.ts';
import type { PaymentsConfig } from '../../config.ts';
import { defaultPolicy, paymentsConfigured } from './defaults.ts';
import type { PolicyInForce, PolicySource } from './model.ts';
import { storedPolicy } from './queries.ts';

/** Announced on the shared cache's pub/sub after a change is committed: every process forgets its copy. */
export const POLICY_CHANGES = 'policy:changed';

export interface PolicyReader extends PolicySource {
  /** Forgets this process's copy (after this process changed the policy, before it answers). */
  forget(): void;
  /** Resolves once changes announced by other processes are heard; until then nothing is kept. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

export interface PolicyReaderOptions {
  db: Db;
  cache: Cache;
  payments: PaymentsConfig;
  /** A safety net for a change whose announcement was lost (the cache restarting) or made in psql. */
  ttlSeconds?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/**
 * The policy in force, kept in this process: the audio stream and the chapter page ask on every
 * request, so a read costs no round trip. A change is announced on the shared cache's pub/sub
 * (Redis, or PostgreSQL channels between processes without Redis), which reaches every process
 * at once; the copy is kept only while that subscription is live, so with the cache away every
 * read goes to the database (one row by primary key), and the TTL bounds how long a lost
 * announcement can leave a process behind. A read that raced a change is not kept.
 */
export function createPolicyReader(options: PolicyReaderOptions): PolicyReader {
  const ttlMs = (options.ttlSeconds ?? 30) * 1000;
  const now = options.now ?? Date.now;
  const report = options.onError ?? (() => {});
  const defaults = defaultPolicy(options.payments);
  const payments_configured = paymentsConfigured(options.payments);
  let kept: { value: PolicyInForce; expiresAt: number } | null = null;
  let loading: { generation: number; promise: Promise<PolicyInForce> } | null = null;
  let generation = 0;

  const forget = () => {
    generation++;
    kept = null;
    loading = null;
  };

  const changes = listenForChanges(options.cache, POLICY_CHANGES, forget, report);

  async function load(started: number): Promise<PolicyInForce> {
    const row = await storedPolicy(options.db);
    const value: PolicyInForce = { ...(row ?? defaults), payments_configured };
    if (changes.live && started === generation) kept = { value, expiresAt: now() + ttlMs };
    return value;
  }

  return {
    current() {
      if (kept && kept.expiresAt > now()) return Promise.resolve(kept.value);
      // Concurrent misses share one read; a read after a change never joins one from before it.
      if (!loading || loading.generation !== generation) {
        const started = generation;
        const promise = load(started).finally(() => {
          if (loading?.promise === promise) loading = null;
        });
        loading = { generation: started, promise };
      }
      return loading.promise;
    },
    forget,
    ready: changes.ready,
    async close() {
      const stopped = changes.stop();
      forget();
      await stopped;
    },
  };
}
