import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { createFsTestStore, createS3TestStore, type TestObjectStore } from '../support/objects.ts';
import { enqueue } from '../../src/platform/queue/index.ts';
import type { JobStatus } from '../../src/platform/db/schema.ts';
import { sweepAudioParts } from '../../src/features/audio/generation/parts-sweep.ts';
import { partKey } from '../../src/features/audio/keys.ts';

/** The sweep of leftover audio pieces (src/features/audio/generation/parts-sweep.ts) on both object stores. */
const HOUR = 3600_000;
const later = (ms: number) => new Date(Date.now() + ms);
const stores: [string, () => Promise<TestObjectStore>][] = [
  ['fs', () => createFsTestStore()],
  ['s3 (s3rver)', () => createS3TestStore()],
];

describe.each(stores)('audio pieces sweep: %s store', (_name, create) => {
  let handle: TestDatabase;
  let store: TestObjectStore;
  beforeAll(async () => {
    [handle, store] = await Promise.all([createTestDatabase(), create()]);
  }, 30_000);
  afterAll(async () => {
    await store?.cleanup();
    await handle?.close();
  }, 30_000);

  const objects = () => store.store;
  const keys = async (prefix: string) => (await objects().list(prefix)).map((o) => o.key);

  async function jobIn(status: JobStatus): Promise<string> {
    const { id } = await enqueue(handle.db, { kind: 'test.sweep-owner' });
    await handle.db.updateTable('jobs').set({ status }).where('id', '=', id).execute();
    return id;
  }
  async function pieces(id: string, count: number): Promise<string[]> {
    const written = Array.from({ length: count }, (_, seq) => partKey(id, seq, 'mp3'));
    for (const key of written) await objects().put(key, new Uint8Array([seq(key)]), { contentType: 'audio/mpeg' });
    return written;
  }
  const seq = (key: string) => Number(key.slice(-9, -4));

  test('pieces of finished and vanished jobs go once idle for an hour; those of live jobs stay', async () => {
    const live = { queued: await jobIn('queued'), running: await jobIn('running') };
    const ended = { done: await jobIn('done'), failed: await jobIn('failed'), cancelled: await jobIn('cancelled'), gone: randomUUID() };
    for (const id of [...Object.values(live), ...Object.values(ended)]) await pieces(id, 2);
    // Not pieces: a chapter's stored audio, and keys under audio-parts/ that name no job directory.
    const others = ['audio/morning-bread/1/espeak-en-us.mp3', 'audio-parts/0-stray.mp3', 'audio-parts/not-a-job/00000.mp3'];
    for (const key of others) await objects().put(key, 'x');

    // Written just now: half an hour later they are still too young, whatever their job.
    expect(await sweepAudioParts(handle.db, objects(), { now: later(HOUR / 2) })).toEqual({ jobs: 0, objects: 0, more: false });
    expect(await keys('audio-parts/')).toHaveLength(12 + 2);

    expect(await sweepAudioParts(handle.db, objects(), { now: later(2 * HOUR) })).toEqual({ jobs: 4, objects: 8, more: false });
    for (const id of Object.values(ended)) expect(await keys(`audio-parts/${id}/`)).toEqual([]);
    for (const id of Object.values(live)) expect(await keys(`audio-parts/${id}/`)).toEqual([partKey(id, 0, 'mp3'), partKey(id, 1, 'mp3')]);
    for (const key of others) expect(await objects().head(key)).not.toBeNull();

    // Nothing left to do: a second run changes nothing.
    expect(await sweepAudioParts(handle.db, objects(), { now: later(2 * HOUR) })).toEqual({ jobs: 0, objects: 0, more: false });
  }, 30_000);

  test('a run deletes at most maxDeletes objects; the next runs carry on', async () => {
    const gone = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of gone) await pieces(id, 3);
    const left = async () => (await Promise.all(gone.map((id) => keys(`audio-parts/${id}/`)))).flat().length;
    const run = () => sweepAudioParts(handle.db, objects(), { now: later(2 * HOUR), maxDeletes: 4 });

    const first = await run();
    expect(first).toMatchObject({ objects: 4, more: true });
    expect(await left()).toBe(5);
    const second = await run();
    expect(second).toMatchObject({ objects: 4, more: true });
    expect(await left()).toBe(1);
    const third = await run();
    expect(third).toMatchObject({ objects: 1, more: false });
    expect(await left()).toBe(0);
    expect(first.jobs + second.jobs + third.jobs).toBe(3);
  }, 30_000);

  test('an aborted sweep stops before deleting anything more', async () => {
    const id = randomUUID();
    await pieces(id, 2);
    const controller = new AbortController();
    controller.abort(new Error('shutting down'));
    await expect(sweepAudioParts(handle.db, objects(), { now: later(2 * HOUR), signal: controller.signal })).rejects.toThrow('shutting down');
    expect(await keys(`audio-parts/${id}/`)).toHaveLength(2);
  });
});
