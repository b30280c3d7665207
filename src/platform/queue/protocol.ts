/**
 * Messages between the runner (main thread, slot.ts) and a job worker thread (runtime.ts).
 *
 *   worker                         main
 *   ready            ──────────▶   (after the worker file called defineJob)
 *                    ◀──────────   init {db}        once
 *                    ◀──────────   run {job}        one job at a time
 *   progress / log   ──────────▶
 *   publish          ──────────▶   a message for the shared cache's pub/sub (e.g. "chapters changed")
 *   db {op, …}       ──────────▶   PGlite only: main runs the query on its own Kysely
 *                    ◀──────────   db:reply
 *   clock            ──────────▶   "now" by the runner's clock (ctx.now(), booking a recurring run)
 *                    ◀──────────   clock:reply
 *                    ◀──────────   abort            cancel, shutdown or lost lease
 *   done | failed    ──────────▶
 *   fatal            ──────────▶   uncaught error: the thread exits right after
 *                    ◀──────────   shutdown         worker closes its pool and exits
 */
import type { IsolationLevel, AccessMode } from 'kysely';
import type { Level, Fields } from '../log.ts';
import type { NextRun } from './recurrence.ts';

/** pg: the worker opens its own small pool. bridge: queries travel to the main thread. */
export type WorkerDbConfig = { kind: 'pg'; url: string } | { kind: 'bridge' };

export interface JobAssignment {
  id: string;
  kind: string;
  payload: unknown;
  attempt: number;
  maxAttempts: number;
  /** The job's locked_by: the fencing token of this attempt. */
  owner: string;
  /** A recurring kind's next run, booked in the commit that completes this one (recurrence.ts). */
  next: NextRun | null;
}

export type AbortReason = 'cancelled' | 'shutdown' | 'lease-lost';

export type DbRequest =
  | { op: 'query'; txId: number | null; sql: string; parameters: readonly unknown[] }
  | { op: 'begin'; isolationLevel?: IsolationLevel; accessMode?: AccessMode }
  | { op: 'commit' | 'rollback'; txId: number };

/** What survives the thread boundary of a database error (pg's fields, so `code` checks work). */
export interface WireError {
  message: string;
  code?: string;
  detail?: string;
  constraint?: string;
  table?: string;
  column?: string;
}

export type ToWorker =
  | { type: 'init'; db: WorkerDbConfig }
  | { type: 'run'; job: JobAssignment }
  | { type: 'abort'; jobId: string; reason: AbortReason }
  | { type: 'db:reply'; reqId: number; ok: true; value: unknown }
  | { type: 'db:reply'; reqId: number; ok: false; error: WireError }
  | { type: 'clock:reply'; reqId: number; now: number }
  | { type: 'shutdown' };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'progress'; jobId: string; fraction: number; message?: string }
  | { type: 'log'; level: Level; msg: string; fields?: Fields }
  | { type: 'publish'; channel: string; message: string }
  | { type: 'db'; reqId: number; request: DbRequest }
  | { type: 'clock'; reqId: number }
  | { type: 'done'; jobId: string; result: unknown }
  | { type: 'failed'; jobId: string; message: string; permanent: boolean }
  /** Sent just before the thread exits on an uncaught error, so job.error names it. */
  | { type: 'fatal'; message: string };

export function toWireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { message: String(error) };
  const e = error as Error & Partial<WireError>;
  const wire: WireError = { message: e.message };
  for (const key of ['code', 'detail', 'constraint', 'table', 'column'] as const) {
    if (typeof e[key] === 'string') wire[key] = e[key];
  }
  return wire;
}

export function fromWireError(wire: WireError): Error {
  return Object.assign(new Error(wire.message), wire);
}
