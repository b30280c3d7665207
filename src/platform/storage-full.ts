/**
 * Did a write fail because the disk is full (the embedded database's or the filesystem object
 * store's)? ENOSPC/EDQUOT from the filesystem, SQLSTATE 53100 (disk_full) or PostgreSQL's
 * "No space left on device" from the database. Answered 503 with a plain message and logged as an
 * error: it needs the operator, and retrying will not help until space is freed.
 */
export function isStorageFull(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === 'ENOSPC' || e.code === 'EDQUOT' || e.code === '53100') return true;
    if (typeof e.message === 'string' && /No space left on device|disk quota exceeded/i.test(e.message)) return true;
  }
  return false;
}
