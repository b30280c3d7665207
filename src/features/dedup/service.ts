import type { Cache } from '../../platform/cache/port.ts';
import type { Db } from '../../platform/db/index.ts';
import { notFound } from '../../platform/http/errors.ts';
import { announceChapterChange } from '../catalogue/writes/announce.ts';
import { planDedup, type Removal } from './plan.ts';
import { bookExists, chaptersOf, removeChapters } from './queries.ts';

export interface DedupResult {
  removed: number;
  dry_run: boolean;
  chapters_before: number;
  plan: Removal[];
}

/** POST /api/admin/dedup/{slug}: the plan (dry run) or its removal. */
export async function dedupBook(deps: { db: Db; cache: Cache }, slug: string, dryRun: boolean): Promise<DedupResult> {
  if (!(await bookExists(deps.db, slug))) throw notFound('No such book');
  const chapters = await chaptersOf(deps.db, slug);
  const plan = planDedup(chapters);
  if (dryRun || plan.length === 0) return { removed: dryRun ? plan.length : 0, dry_run: dryRun, chapters_before: chapters.length, plan };
  const removed = await deps.db.transaction().execute((trx) => removeChapters(trx, slug, plan.map((r) => ({ from: r.number, to: r.duplicate_of }))));
  await announceChapterChange(deps.cache, slug);
  return { removed, dry_run: false, chapters_before: chapters.length, plan };
}
