import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../../platform/db/index.ts';
import type { ImportFormat } from './parse/index.ts';
import { statusesOf } from './queries.ts';

/**
 * The upload copied to disk while it is read (the parsers read a file, and an upload may be far
 * larger than memory should hold): `DATA_DIR/tmp/imports/<task id>/`, on the instance's own
 * volume and in sight of its operator, never in the system's temp folder (backups leave tmp/ out).
 * The copy goes when the parse ends; one left by a thread that was stopped hard (or a process that
 * died) goes at the next import's start in any process sharing DATA_DIR, once its task no longer runs.
 */
export const scratchRoot = (dataDir: string) => join(dataDir, 'tmp', 'imports');

const TASK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function withScratchCopy<T>(root: string, taskId: string, format: ImportFormat, body: ReadableStream<Uint8Array>, read: (path: string) => Promise<T>): Promise<T> {
  const dir = join(root, taskId);
  await mkdir(dir, { recursive: true });
  try {
    const path = join(dir, `book.${format}`);
    await pipeline(Readable.fromWeb(body as never), createWriteStream(path));
    return await read(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Removes the copies of tasks that are not running (cancelled, failed, finished or gone); returns how many. */
export async function sweepScratch(db: Db, root: string): Promise<number> {
  const names = await readdir(root).catch(() => [] as string[]);
  const ids = names.filter((name) => TASK_ID.test(name));
  if (ids.length === 0) return 0;
  const statuses = await statusesOf(db, ids);
  const stale = ids.filter((id) => statuses.get(id) !== 'running');
  await Promise.all(stale.map((id) => rm(join(root, id), { recursive: true, force: true })));
  return stale.length;
}
