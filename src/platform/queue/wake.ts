import type { Kysely, Transaction } from 'kysely';
import type { Cache } from '../cache/port.ts';
import type { Database } from '../db/schema.ts';
import type { Logger } from '../log.ts';

/** The queue's database (queue.ts names it QueueDb; named here too, so neither file needs the other's types). */
type QueueDb = Kysely<Database>;

/**
 * Wake-ups: a job enqueued for now is announced on the cache channel `queue:wake` (message: its
 * kind), so runners in every process sharing the cache claim it at once instead of at their next
 * poll. Only a hint: a lost message costs one poll interval, never a job.
 *
 * An announcement must follow the commit that makes the job claimable. enqueue() on a database
 * announces right away (the insert has committed); on a transaction it announces only when the
 * transaction was opened by transactionWithJobs(), after it commits. Other transactions announce
 * nothing and their jobs are found by the poll (or call announceJobs() after committing).
 */
export const WAKE_CHANNEL = 'queue:wake';

type Publisher = Pick<Cache, 'publish'>;
interface Binding {
  log: Logger | undefined;
  refs: number;
}

// Keyed by the database object: in tests several databases and caches share one process.
const bindings = new WeakMap<QueueDb, Map<Publisher, Binding>>();
// Runners of this process without a cache: woken directly.
const local = new Set<(kind: string) => void>();
// Open transactions of transactionWithJobs: the kinds they enqueued, announced after commit.
const pending = new WeakMap<QueueDb, Set<string>>();

/**
 * Enqueues on `db` are announced on `cache` from now on (boot does it for the process's database
 * and cache; a runner for its own). Returns the undo; bindings of the same pair are counted.
 */
export function announceEnqueuesOn(db: QueueDb, cache: Publisher, log?: Logger): () => void {
  let caches = bindings.get(db);
  if (!caches) bindings.set(db, (caches = new Map()));
  const binding = caches.get(cache) ?? { log, refs: 0 };
  binding.refs += 1;
  caches.set(cache, binding);
  let undone = false;
  return () => {
    if (undone) return;
    undone = true;
    if (--binding.refs === 0) caches.delete(cache);
  };
}

/** Runners without a cache hear about enqueues made in this process only. */
export function onLocalEnqueue(wake: (kind: string) => void): () => void {
  local.add(wake);
  return () => void local.delete(wake);
}

/** Tells runners that jobs of these kinds are claimable now. Call it only after they committed. */
export function announceJobs(db: QueueDb, kinds: Iterable<string>): void {
  for (const kind of new Set(kinds)) {
    for (const wake of local) wake(kind);
    for (const [cache, { log }] of bindings.get(db) ?? []) {
      // A cache outage must not fail the enqueue: the poll still finds the job.
      cache.publish(WAKE_CHANNEL, kind).catch((error) => log?.warn('job wake-up not published', { kind, error }));
    }
  }
}

/** enqueue() calls this for a job that is claimable from now on. */
export function jobAdded(db: QueueDb, kind: string): void {
  if (!db.isTransaction) return announceJobs(db, [kind]);
  pending.get(db)?.add(kind);
}

/** Runs `work` in a transaction; the jobs it enqueues through `trx` are announced once it commits. */
export async function transactionWithJobs<T>(db: QueueDb, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const kinds = new Set<string>();
  const result = await db.transaction().execute((trx) => {
    pending.set(trx, kinds);
    return work(trx);
  });
  announceJobs(db, kinds);
  return result;
}
