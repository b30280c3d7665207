import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFsObjectStore } from '../../src/platform/objects/fs.ts';

/**
 * An upload whose body stops arriving and is then forgotten (a client gone quiet, a request
 * dropped) leaves the store's write waiting forever. When the collector reclaims it, no file handle
 * may be left for it to close: Bun treats that as an error, which would take the server down.
 */
const root = mkdtempSync(join(tmpdir(), 'objects-abandoned-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

test('a put whose body never ends and is forgotten is collected without an error', async () => {
  const store = createFsObjectStore({ root, baseUrl: 'http://localhost:3000', secret: 'test-object-signing-key-0123456789' });
  const errors: unknown[] = [];
  const onError = (error: unknown) => void errors.push(error);
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  try {
    for (let i = 0; i < 20; i++) {
      let sent = false;
      const silent = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (!sent) {
            sent = true;
            controller.enqueue(new Uint8Array(1024));
            return;
          }
          return new Promise(() => {});
        },
      });
      void store.put(`stuck/object-${i}`, silent);
    }
    await Bun.sleep(100);
    for (let round = 0; round < 5; round++) {
      Bun.gc(true);
      await Bun.sleep(20);
    }
  } finally {
    process.off('uncaughtException', onError);
    process.off('unhandledRejection', onError);
  }
  expect(errors.map(String)).toEqual([]);
  // Nothing half-written became an object.
  expect(await store.list('stuck/')).toEqual([]);
});
