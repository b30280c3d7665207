import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestDatabase, realBackends, type TestDatabase } from '../support/db.ts';
import { cancel, enqueue, type Job } from '../../src/platform/queue/index.ts';
import type { ChapterJobRows, ChapterJobTable, ChapterTarget } from '../../src/platform/queue/chapter-job-rows.ts';
import * as audio from '../../src/features/audio/generation/queries.ts';
import * as translation from '../../src/features/translation/queries.ts';

/**
 * The per-chapter job rows (platform/queue/chapter-job-rows.ts) as both features use them: the
 * same life (pending → running → done | failed) over audio_jobs and translation_jobs, each with
 * its own key column, running state and words for a job that can no longer run.
 */
let handle: TestDatabase;
beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.insertInto('books').values({ slug: 'rows-book', title: 'Rows' }).execute();
}, 30_000);
afterAll(async () => {
  await handle?.close();
}, 30_000);

/** A queue job in the given end state, its row pending: what the runner leaves behind when a worker dies. */
async function queueJob(status: 'queued' | 'done' | 'failed' | 'cancelled', error: string | null = null): Promise<Job> {
  const job = await enqueue(handle.db, { kind: 'test.chapter-rows' });
  if (status === 'cancelled') await cancel(handle.db, job.id);
  else if (status !== 'queued') await handle.db.updateTable('jobs').set({ status, error }).where('id', '=', job.id).execute();
  return job;
}

interface Feature<T extends ChapterJobTable, K extends string> {
  table: T;
  rows: ChapterJobRows<T, K>;
  running: string;
  target(chapter: number): ChapterTarget<K>;
  orphaned: { lost: string; cancelled: string; ended: string };
}

describeRows({
  table: 'audio_jobs',
  rows: { ...audio, markRunning: audio.markGenerating },
  running: 'generating',
  target: (chapter) => ({ slug: 'rows-book', chapter, voice: 'espeak-en' }),
  orphaned: { lost: 'generation was lost: its job no longer exists', cancelled: 'generation was cancelled', ended: 'generation ended without storing audio' },
});
describeRows({
  table: 'translation_jobs',
  rows: translation,
  running: 'running',
  target: (chapter) => ({ slug: 'rows-book', chapter, locale: 'fr' }),
  orphaned: { lost: 'the translation was lost: its job no longer exists', cancelled: 'the translation was cancelled', ended: 'the translation ended without a result' },
});

function describeRows<T extends ChapterJobTable, K extends string>({ table, rows, running, target, orphaned }: Feature<T, K>): void {
  const { activeJob, failOrphans, insertPending, jobById, latestJob, markDone, markFailed, markRunning } = rows;
  describe(`chapter job rows: ${table} (${realBackends ? 'PostgreSQL' : 'PGlite'})`, () => {
    test('pending, running, done; a duplicate insert and a late first write change nothing', async () => {
      const t = target(1);
      const job = await queueJob('queued');
      await insertPending(handle.db, job.id, t, null);
      await insertPending(handle.db, (await queueJob('queued')).id, t, null); // the same chapter is already active
      expect(await activeJob(handle.db, t)).toMatchObject({ id: job.id, status: 'pending' });

      expect(await markRunning(handle.db, job.id, t, null)).toBe(true);
      expect(await jobById(handle.db, job.id)).toMatchObject({ status: running });
      expect(await markDone(handle.db, job.id)).toMatchObject({ id: job.id, status: 'done', error: null });
      expect(await markFailed(handle.db, job.id, 'too late')).toBeUndefined();
      expect(await markRunning(handle.db, job.id, t, null)).toBe(false);
      expect(await activeJob(handle.db, t)).toBeUndefined();
      expect(await latestJob(handle.db, t)).toMatchObject({ id: job.id, status: 'done' });
    });

    test('the worker may write first: markRunning creates the row', async () => {
      const t = target(2);
      const job = await queueJob('queued');
      expect(await markRunning(handle.db, job.id, t, null)).toBe(true);
      expect(await markFailed(handle.db, job.id, 'engine down')).toMatchObject({ status: 'failed', error: 'engine down' });
    });

    test('failOrphans ends active rows whose queue job can no longer run them, within the target or everywhere', async () => {
      const cases = [
        { chapter: 10, job: await queueJob('queued'), after: 'pending', error: null },
        { chapter: 11, job: await queueJob('failed', 'worker lost'), after: 'failed', error: 'worker lost' },
        { chapter: 12, job: await queueJob('cancelled'), after: 'failed', error: orphaned.cancelled },
        { chapter: 13, job: await queueJob('done'), after: 'failed', error: orphaned.ended },
      ];
      for (const c of cases) await insertPending(handle.db, c.job.id, target(c.chapter), null);
      const pruned = await queueJob('queued');
      await insertPending(handle.db, pruned.id, target(14), null);
      await handle.db.deleteFrom('jobs').where('id', '=', pruned.id).execute();

      expect(await failOrphans(handle.db, target(12))).toEqual([expect.objectContaining({ id: cases[2]!.job.id, error: orphaned.cancelled })]);
      const rest = await failOrphans(handle.db);
      expect(rest).toHaveLength(3);
      expect(rest).toEqual(expect.arrayContaining([cases[1]!.job.id, cases[3]!.job.id, pruned.id].map((id) => expect.objectContaining({ id }))));
      expect(await jobById(handle.db, pruned.id)).toMatchObject({ status: 'failed', error: orphaned.lost });
      for (const c of cases) expect(await jobById(handle.db, c.job.id)).toMatchObject({ status: c.after, error: c.error });
    });
  });
}
