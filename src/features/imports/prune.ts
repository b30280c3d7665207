import type { Db } from '../../platform/db/index.ts';
import type { ObjectStore } from '../../platform/objects/port.ts';
import { removeImportFiles } from './files.ts';
import * as q from './queries.ts';

/**
 * Run by the daily maintenance job: the upload and parsed book of every import that ended
 * (cancelled, failed or published) more than `days` ago are deleted, and the task stops pointing at
 * them; the task row stays, as the admin's history. Mostly these are failed imports kept for a
 * re-run, and files a cancel or a publish could not delete because the store was down then.
 */
export const IMPORT_FILES_RETENTION_DAYS = 14;

export interface ImportFilesPruneResult {
  /** Tasks whose files were deleted. */
  tasks: number;
  /** The run's budget ran out: more is left for tomorrow. */
  more: boolean;
}

export async function pruneImportFiles(db: Db, objects: ObjectStore, options: { days?: number; maxTasks?: number; signal?: AbortSignal } = {}): Promise<ImportFilesPruneResult> {
  const maxTasks = options.maxTasks ?? 500;
  const rows = await q.endedWithFiles(db, options.days ?? IMPORT_FILES_RETENTION_DAYS, maxTasks + 1);
  const cleared: string[] = [];
  try {
    for (const row of rows.slice(0, maxTasks)) {
      options.signal?.throwIfAborted();
      await removeImportFiles(objects, row);
      cleared.push(row.id);
    }
  } finally {
    await q.forgetFiles(db, cleared);
  }
  return { tasks: cleared.length, more: rows.length > maxTasks };
}
