import type { Db } from '../../../platform/db/index.ts';
import type { ObjectInfo, ObjectStore } from '../../../platform/objects/port.ts';
import { jobStatuses } from '../../../platform/queue/queue.ts';
import { PARTS_PREFIX } from '../keys.ts';

/**
 * Pieces left behind under `audio-parts/<job id>/` (../keys.ts). A job deletes its pieces when it
 * ends, but not when its process died on the last attempt or it was cancelled: those stay until
 * this sweep, run by the daily maintenance job, deletes every piece directory whose job is no
 * longer queued or running (done, failed, cancelled, or pruned away) and that nobody has written
 * to for `minAgeMs`, so listeners still reading a just-finished job's pieces are left alone.
 *
 * Bounded: the listing goes one shard at a time (the job id's first hex digit, so a shard is about
 * a sixteenth of the pieces), and at most `maxDeletes` objects go per run; the rest wait a day.
 */
export interface PartsSweepOptions {
  /** Default one hour. */
  minAgeMs?: number;
  /** Default 2,000 objects. */
  maxDeletes?: number;
  /** The sweep's clock (tests move it forward instead of ageing objects). */
  now?: Date;
  signal?: AbortSignal;
}

export interface PartsSweepResult {
  /** Piece directories removed completely. */
  jobs: number;
  objects: number;
  /** The delete budget ran out: more is left for the next run. */
  more: boolean;
}

const SHARDS = [...'0123456789abcdef'];
const STATUS_BATCH = 500;
const DELETES_AT_ONCE = 8;
const ACTIVE = new Set(['queued', 'running']);

/** A shard's pieces by job id; keys that are not `audio-parts/<id>/<piece>` are not pieces. */
function byJob(objects: ObjectInfo[]): Map<string, ObjectInfo[]> {
  const jobs = new Map<string, ObjectInfo[]>();
  for (const object of objects) {
    const rest = object.key.slice(PARTS_PREFIX.length);
    const slash = rest.indexOf('/');
    if (slash <= 0) continue;
    const id = rest.slice(0, slash);
    const pieces = jobs.get(id);
    if (pieces) pieces.push(object);
    else jobs.set(id, [object]);
  }
  return jobs;
}

async function removable(db: Db, jobs: Map<string, ObjectInfo[]>, cutoff: number): Promise<string[]> {
  const idle = [...jobs].filter(([, pieces]) => pieces.every((p) => p.lastModified.getTime() < cutoff)).map(([id]) => id);
  const out: string[] = [];
  for (let i = 0; i < idle.length; i += STATUS_BATCH) {
    const batch = idle.slice(i, i + STATUS_BATCH);
    const statuses = await jobStatuses(db, batch);
    out.push(...batch.filter((id) => !ACTIVE.has(statuses.get(id) ?? 'gone')));
  }
  return out;
}

async function deleteAll(objects: ObjectStore, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += DELETES_AT_ONCE) {
    await Promise.all(keys.slice(i, i + DELETES_AT_ONCE).map((key) => objects.delete(key)));
  }
}

export async function sweepAudioParts(db: Db, objects: ObjectStore, options: PartsSweepOptions = {}): Promise<PartsSweepResult> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.minAgeMs ?? 60 * 60 * 1000);
  let budget = options.maxDeletes ?? 2000;
  const result: PartsSweepResult = { jobs: 0, objects: 0, more: false };
  for (const shard of SHARDS) {
    options.signal?.throwIfAborted();
    const jobs = byJob(await objects.list(`${PARTS_PREFIX}${shard}`));
    for (const id of await removable(db, jobs, cutoff)) {
      options.signal?.throwIfAborted();
      const keys = jobs.get(id)!.map((piece) => piece.key);
      if (budget <= 0) return { ...result, more: true };
      const batch = keys.slice(0, budget);
      await deleteAll(objects, batch);
      budget -= batch.length;
      result.objects += batch.length;
      if (batch.length < keys.length) return { ...result, more: true };
      result.jobs += 1;
    }
  }
  return result;
}
