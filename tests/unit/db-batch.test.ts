import { describe, expect, test } from 'bun:test';
import { createBatcher } from '../../src/platform/db/batch.ts';

/** A loader whose queries finish when the test says so. */
function manualLoader() {
  const calls: { keys: number[]; finish: (values?: string[]) => void; fail: (error: Error) => void }[] = [];
  const load = (keys: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({ keys, finish: (values) => resolve(values ?? keys.map((k) => `v${k}`)), fail: reject });
    });
  return { calls, load };
}

describe('batched point reads', () => {
  test('a quiet server gives each read its own query; reads arriving while queries run share the next one', async () => {
    const { calls, load } = manualLoader();
    const batcher = createBatcher(load, { maxInFlight: 2 });
    const first = batcher.load(1);
    const second = batcher.load(2);
    expect(calls.map((c) => c.keys)).toEqual([[1], [2]]);
    const waiting = [3, 4, 5].map((k) => batcher.load(k));
    expect(calls).toHaveLength(2); // both queries busy: the three wait together
    calls[0]!.finish();
    expect(await first).toBe('v1');
    await new Promise((r) => setTimeout(r, 0));
    expect(calls[2]!.keys).toEqual([3, 4, 5]);
    calls[1]!.finish();
    calls[2]!.finish();
    expect(await second).toBe('v2');
    expect(await Promise.all(waiting)).toEqual(['v3', 'v4', 'v5']);
  });

  test('a batch is cut at maxBatch', async () => {
    const { calls, load } = manualLoader();
    const batcher = createBatcher(load, { maxInFlight: 1, maxBatch: 2 });
    const reads = [1, 2, 3, 4, 5].map((k) => batcher.load(k));
    for (let i = 0; i < 3; i++) {
      await Promise.resolve();
      calls[i]!.finish();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(calls.map((c) => c.keys)).toEqual([[1], [2, 3], [4, 5]]);
    expect(await Promise.all(reads)).toEqual(['v1', 'v2', 'v3', 'v4', 'v5']);
  });

  test('a failed query fails only the reads it carried; the next reads get a new query', async () => {
    const { calls, load } = manualLoader();
    const batcher = createBatcher(load, { maxInFlight: 1 });
    const doomed = batcher.load(1);
    const later = batcher.load(2);
    calls[0]!.fail(new Error('connection lost'));
    await expect(doomed).rejects.toThrow('connection lost');
    await new Promise((r) => setTimeout(r, 0));
    calls[1]!.finish();
    expect(await later).toBe('v2');
  });

  test('a loader answering the wrong number of values fails its reads instead of mixing them up', async () => {
    const batcher = createBatcher(async (keys: number[]) => keys.slice(1).map(String), { maxInFlight: 1 });
    await expect(Promise.all([batcher.load(1), batcher.load(2)])).rejects.toThrow('batch load answered');
  });
});
