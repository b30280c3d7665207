import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { startImportApp, type ImportTestApp } from '../support/import-app.ts';
import { loginAs } from '../support/auth.ts';
import { importClient } from './support/import-client.ts';
import { parsedKey } from '../../src/features/imports/files.ts';
import { pruneImportFiles } from '../../src/features/imports/prune.ts';
import type { ImportTaskStatus } from '../../src/platform/db/schema.ts';

/**
 * Finding 9 (imports): a cancelled import in review kept its parsed.json, and nothing pruned old
 * imports. Cancelling now deletes the upload and the parsed book; the daily maintenance job deletes
 * the files of imports that ended (cancelled, failed, published) more than 14 days ago.
 */
let app: ImportTestApp;
let client: ReturnType<typeof importClient>;
const novel = () => new Uint8Array(readFileSync(new URL('../fixtures/imports/novel-epub3.epub', import.meta.url).pathname));

beforeAll(async () => {
  app = await startImportApp();
  client = importClient(app, await loginAs(app, 'retention-admin', { role: 'admin' }));
});
afterAll(() => app.close());

const taskRow = (id: string) => app.platform.db.selectFrom('import_tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const stored = async (key: string) => (await app.platform.objects.head(key)) !== null;

describe('cancelling an import in review', () => {
  test('deletes its parsed book and its upload', async () => {
    const id = await client.upload('novel-epub3.epub', novel(), { review: '1' });
    expect(await client.waitFor(id)).toMatchObject({ status: 'review' });
    const { object_key: upload } = await taskRow(id);
    expect(await stored(parsedKey(id))).toBe(true);
    expect(await stored(upload!)).toBe(true);

    const res = await client.post(`/api/admin/import-tasks/${id}/cancel`);
    expect(((await res.json()) as { status: string }).status).toBe('cancelled');
    expect(await stored(parsedKey(id))).toBe(false);
    expect(await stored(upload!)).toBe(false);
  });
});

describe('the daily pruning of ended imports', () => {
  /** An ended task with both files stored, as a store outage at its end would leave it. */
  async function endedTask(status: ImportTaskStatus, daysAgo: number): Promise<{ id: string; keys: string[] }> {
    const db = app.platform.db;
    const row = await db
      .insertInto('import_tasks')
      .values({ file_name: `${status}.epub`, object_key: `imports/${crypto.randomUUID()}/upload`, format: 'epub', status, finished_at: sql<Date>`now() - make_interval(days => ${daysAgo})` })
      .returning(['id', 'object_key'])
      .executeTakeFirstOrThrow();
    const keys = [row.object_key!, parsedKey(row.id)];
    for (const key of keys) await app.platform.objects.put(key, 'bytes');
    return { id: row.id, keys };
  }

  test('deletes the files of imports cancelled, failed or published over 14 days ago, and keeps recent ones', async () => {
    const old = await Promise.all((['cancelled', 'failed', 'done'] as const).map((status) => endedTask(status, 15)));
    const recent = await endedTask('failed', 3);

    expect(await pruneImportFiles(app.platform.db, app.platform.objects)).toEqual({ tasks: 3, more: false });
    for (const task of old) {
      for (const key of task.keys) expect(await stored(key)).toBe(false);
      expect((await taskRow(task.id)).object_key).toBeNull();
    }
    for (const key of recent.keys) expect(await stored(key)).toBe(true);
    // The next day finds nothing more to do.
    expect(await pruneImportFiles(app.platform.db, app.platform.objects)).toEqual({ tasks: 0, more: false });
  });

  test('a run deletes at most its budget; the rest waits for the next day', async () => {
    await Promise.all([1, 2, 3].map(() => endedTask('failed', 20)));
    expect(await pruneImportFiles(app.platform.db, app.platform.objects, { maxTasks: 2 })).toEqual({ tasks: 2, more: true });
    expect(await pruneImportFiles(app.platform.db, app.platform.objects, { maxTasks: 2 })).toEqual({ tasks: 1, more: false });
  });
});
