/** One contract, both adapters: files (with routes.ts serving its links) and S3 (on s3rver). */
import { afterAll, beforeAll, describe, expect, setSystemTime, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../src/platform/http/errors.ts';
import type { ObjectStore } from '../../src/platform/objects/port.ts';
import { createFsTestStore, createS3TestStore, type TestObjectStore } from '../support/objects.ts';

const bytes = (n: number, seed = 1) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed * 7 + (i >> 8)) & 0xff);
const read = async (body: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(body).arrayBuffer());
const text = async (store: ObjectStore, key: string) => {
  const o = await store.get(key);
  return o && new TextDecoder().decode(await read(o.body));
};
const streamOf = (data: Uint8Array, chunk = 64 * 1024) => {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(c) {
      if (at >= data.length) return c.close();
      c.enqueue(data.subarray(at, (at += chunk)));
    },
  });
};
async function* iterableOf(...parts: string[]) {
  for (const p of parts) yield new TextEncoder().encode(p);
}
async function expect400(p: Promise<unknown>) {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).status).toBe(400);
}
/** Signs as if an hour ago, so the link has already expired. */
async function signedInThePast<T>(fn: () => Promise<T>): Promise<T> {
  setSystemTime(new Date(Date.now() - 3600_000));
  try {
    return await fn();
  } finally {
    setSystemTime();
  }
}

const backends: [string, () => Promise<TestObjectStore>][] = [
  ['fs', () => createFsTestStore()],
  ['s3', createS3TestStore],
];

describe.each(backends)('%s object store', (kind, create) => {
  let t: TestObjectStore;
  let store: ObjectStore;
  beforeAll(async () => {
    t = await create();
    store = t.store;
  });
  afterAll(() => t.cleanup());

  test('kind and ping', async () => {
    expect(store.kind).toBe(kind as 'fs' | 's3');
    await store.ping();
  });

  test('bytes, ArrayBuffer, string, stream and async iterable come back identical', async () => {
    const all = bytes(256);
    await store.put('put/bytes', all);
    await store.put('put/buffer', all.slice().buffer);
    await store.put('put/string', 'héllo, wörld ✓');
    await store.put('put/stream', streamOf(bytes(200_000, 3), 7000));
    await store.put('put/iterable', iterableOf('one ', 'two ', 'three'));
    await store.put('put/empty', new Uint8Array());
    expect(await read((await store.get('put/bytes'))!.body)).toEqual(all);
    expect(await read((await store.get('put/buffer'))!.body)).toEqual(all);
    expect(await text(store, 'put/string')).toBe('héllo, wörld ✓');
    expect(await read((await store.get('put/stream'))!.body)).toEqual(bytes(200_000, 3));
    expect(await text(store, 'put/iterable')).toBe('one two three');
    expect(await text(store, 'put/empty')).toBe('');
  });

  test('content type and metadata round-trip through head and get; a put replaces both', async () => {
    const before = Date.now() - 2000;
    await store.put('meta/a.mp3', 'abc', { contentType: 'audio/mpeg', metadata: { Duration: '12.5', voice: 'kal' } });
    const head = await store.head('meta/a.mp3');
    expect(head).toMatchObject({ key: 'meta/a.mp3', size: 3, contentType: 'audio/mpeg', metadata: { duration: '12.5', voice: 'kal' } });
    expect(head!.lastModified.getTime()).toBeGreaterThan(before);
    const got = await store.get('meta/a.mp3');
    expect(got).toMatchObject({ size: 3, contentType: 'audio/mpeg', metadata: { duration: '12.5', voice: 'kal' } });
    await read(got!.body);
    await store.put('meta/a.mp3', 'abcdef');
    expect(await store.head('meta/a.mp3')).toMatchObject({ size: 6, contentType: 'application/octet-stream', metadata: {} });
  });

  test('ranges: start-end, open-ended, clamped, unsatisfiable', async () => {
    await store.put('range/x', '0123456789');
    const part = await store.get('range/x', { start: 2, end: 5 });
    expect(part).toMatchObject({ size: 10, range: { start: 2, end: 5 } });
    expect(new TextDecoder().decode(await read(part!.body))).toBe('2345');
    const tail = await store.get('range/x', { start: 7 });
    expect(tail!.range).toEqual({ start: 7, end: 9 });
    expect(new TextDecoder().decode(await read(tail!.body))).toBe('789');
    const clamped = await store.get('range/x', { start: 8, end: 100 });
    expect(new TextDecoder().decode(await read(clamped!.body))).toBe('89');
    const err = await store.get('range/x', { start: 10 }).catch((e: unknown) => e);
    expect((err as AppError).status).toBe(416);
  });

  test('missing objects: head and get are null, delete is fine', async () => {
    expect(await store.head('missing/x')).toBeNull();
    expect(await store.get('missing/x')).toBeNull();
    expect(await store.get('missing/x', { start: 0 })).toBeNull();
    await store.delete('missing/x');
  });

  test('delete removes the object', async () => {
    await store.put('del/x', 'x');
    await store.delete('del/x');
    expect(await store.head('del/x')).toBeNull();
    expect(await store.list('del/')).toEqual([]);
  });

  test('list by prefix: recursive, sorted, nothing outside the prefix', async () => {
    for (const k of ['l/b', 'l/a', 'l/c/d', 'l/c/a', 'lx/a', 'm/l/a']) await store.put(k, k);
    expect((await store.list('l/')).map((o) => o.key)).toEqual(['l/a', 'l/b', 'l/c/a', 'l/c/d']);
    expect((await store.list('l')).map((o) => o.key)).toEqual(['l/a', 'l/b', 'l/c/a', 'l/c/d', 'lx/a']);
    expect((await store.list('l/c/')).map((o) => o.key)).toEqual(['l/c/a', 'l/c/d']);
    expect(await store.list('nothing/')).toEqual([]);
    const [first] = await store.list('l/a');
    expect(first).toMatchObject({ key: 'l/a', size: 3 });
    expect(first!.lastModified).toBeInstanceOf(Date);
    expect((await store.list('')).map((o) => o.key)).toContain('m/l/a');
  });

  test('presignGet: fetchable, keys with escaped characters, useless once expired', async () => {
    const key = 'signed/b@1,x=2+y~z.txt';
    await store.put(key, 'signed body', { contentType: 'text/plain' });
    const res = await t.fetch(await store.presignGet(key, 60));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toStartWith('text/plain');
    expect(await res.text()).toBe('signed body');
    const expired = await signedInThePast(() => store.presignGet(key, 60));
    const denied = await t.fetch(expired);
    expect(denied.status).toBe(403);
    await denied.arrayBuffer();
  });

  test('presignPut: accepts a PUT, with and without a content type', async () => {
    const res = await t.fetch(await store.presignPut('upload/a.bin', 60), { method: 'PUT', body: bytes(1000) });
    expect(res.status).toBe(200);
    expect(await read((await store.get('upload/a.bin'))!.body)).toEqual(bytes(1000));
    const typed = await store.presignPut('upload/b.webp', 60, 'image/webp');
    const ok = await t.fetch(typed, { method: 'PUT', body: 'webp!', headers: { 'Content-Type': 'image/webp' } });
    expect(ok.status).toBe(200);
    expect(await store.head('upload/b.webp')).toMatchObject({ size: 5, contentType: 'image/webp' });
  });

  test('invalid keys are a 400 on every method', async () => {
    for (const key of ['../x', '/abs', 'a//b', 'a\\b', 'a/../b', '']) {
      await expect400(store.put(key, 'x'));
      await expect400(store.get(key));
      await expect400(store.head(key));
      await expect400(store.delete(key));
      await expect400(store.presignGet(key, 60));
      await expect400(store.presignPut(key, 60));
    }
    for (const prefix of ['../', '/abs', 'a//']) await expect400(store.list(prefix));
  });

  test('a 5 MB streamed put', async () => {
    const big = bytes(5 * 1024 * 1024 + 123, 9);
    await store.put('big/blob', streamOf(big), { contentType: 'application/x-test' });
    const got = await store.get('big/blob');
    expect(got!.size).toBe(big.length);
    const back = await read(got!.body);
    expect(createHash('sha256').update(back).digest('hex')).toBe(createHash('sha256').update(big).digest('hex'));
  }, 30_000);

  test('a body that fails part-way fails the put with its error, stores nothing and leaves no uncaught error', async () => {
    const uncaught: unknown[] = [];
    const onError = (error: unknown) => void uncaught.push(error);
    process.on('uncaughtException', onError);
    process.on('unhandledRejection', onError);
    try {
      async function* failing() {
        yield bytes(6 * 1024 * 1024, 3);
        await Bun.sleep(20);
        throw new Error('the source of the body went away');
      }
      const refused = await store.put('broken/blob', failing()).then(() => null, (error: unknown) => error);
      expect(refused).toBeInstanceOf(Error);
      await Bun.sleep(100);
      expect(await store.head('broken/blob')).toBeNull();
    } finally {
      process.off('uncaughtException', onError);
      process.off('unhandledRejection', onError);
    }
    expect(uncaught.map(String)).toEqual([]);
  }, 30_000);
});

describe('fs store links (routes.ts)', () => {
  let t: Awaited<ReturnType<typeof createFsTestStore>>;
  beforeAll(async () => {
    t = await createFsTestStore({ maxUploadBytes: 1000 });
    await t.store.put('f/x.txt', '0123456789', { contentType: 'text/plain' });
  });
  afterAll(() => t.cleanup());

  const errorOf = async (res: Response) => {
    expect(res.headers.get('content-type')).toStartWith('application/json');
    return { status: res.status, body: await res.json() };
  };
  const forbidden = { status: 403, body: { error: 'forbidden', message: 'Invalid or expired link' } };

  test('a tampered, re-targeted, expired or wrong-method link is a 403', async () => {
    const url = await t.store.presignGet('f/x.txt', 60);
    const sig = new URL(url).searchParams.get('sig')!;
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    expect(await errorOf(await t.fetch(url.replace(sig, flipped)))).toEqual(forbidden);
    expect(await errorOf(await t.fetch(url.replace('f/x.txt', 'f/y.txt')))).toEqual(forbidden);
    expect(await errorOf(await t.fetch(url.replace(/expires=\d+/, 'expires=9999999999')))).toEqual(forbidden);
    expect(await errorOf(await t.fetch(url.replace(/&sig=[^&]+/, '')))).toEqual(forbidden);
    expect(await errorOf(await t.fetch(url, { method: 'PUT', body: 'evil' }))).toEqual(forbidden);
    expect(await errorOf(await t.fetch(await signedInThePast(() => t.store.presignGet('f/x.txt', 60))))).toEqual(forbidden);
    expect(await text(t.store, 'f/x.txt')).toBe('0123456789');
  });

  test('a signed link to a missing object is a 404', async () => {
    const res = await t.fetch(await t.store.presignGet('f/none', 60));
    expect(await errorOf(res)).toEqual({ status: 404, body: { error: 'not_found', message: 'Not found' } });
  });

  test('headers of a whole object', async () => {
    const res = await t.fetch(await t.store.presignGet('f/x.txt', 60));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('10');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toMatch(/^".+"$/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    await res.text();
  });

  test('Range: 206 with Content-Range, suffix ranges, 416 when unsatisfiable, multi-range ignored', async () => {
    const url = await t.store.presignGet('f/x.txt', 60);
    const get = (range: string) => t.fetch(url, { headers: { Range: range } });
    const mid = await get('bytes=2-5');
    expect([mid.status, mid.headers.get('content-range'), mid.headers.get('content-length'), await mid.text()]).toEqual([206, 'bytes 2-5/10', '4', '2345']);
    const open = await get('bytes=7-');
    expect([open.status, open.headers.get('content-range'), await open.text()]).toEqual([206, 'bytes 7-9/10', '789']);
    const suffix = await get('bytes=-3');
    expect([suffix.status, suffix.headers.get('content-range'), await suffix.text()]).toEqual([206, 'bytes 7-9/10', '789']);
    const bad = await get('bytes=10-20');
    expect(bad.headers.get('content-range')).toBe('bytes */10');
    expect((await errorOf(bad)).status).toBe(416);
    const multi = await get('bytes=0-1,4-5');
    expect([multi.status, await multi.text()]).toEqual([200, '0123456789']);
  });

  test('uploads over the limit are a 413, declared or streamed, and leave nothing', async () => {
    const url = await t.store.presignPut('f/big', 60);
    const declared = await errorOf(await t.fetch(url, { method: 'PUT', body: bytes(1001) }));
    expect([declared.status, declared.body.error]).toEqual([413, 'too_large']);
    const streamed = await errorOf(await t.fetch(url, { method: 'PUT', body: streamOf(bytes(5000), 300) }));
    expect([streamed.status, streamed.body.error]).toEqual([413, 'too_large']);
    expect(await t.store.head('f/big')).toBeNull();
    expect(await readdir(join(t.root, 'tmp'))).toEqual([]);
    expect((await t.fetch(url, { method: 'PUT', body: bytes(1000) })).status).toBe(200);
  });

  test('a link signed for a content type requires it', async () => {
    const url = await t.store.presignPut('f/avatar', 60, 'image/png');
    const res = await t.fetch(url, { method: 'PUT', body: '<script>', headers: { 'Content-Type': 'text/html' } });
    expect((await errorOf(res)).status).toBe(415);
    expect(await t.store.head('f/avatar')).toBeNull();
  });

  test('a failed write leaves the old object whole and no temp files', async () => {
    await t.store.put('f/atomic', 'old');
    const failing = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('new, but'));
        c.error(new Error('connection lost'));
      },
    });
    await expect(t.store.put('f/atomic', failing, { contentType: 'text/plain' })).rejects.toThrow('connection lost');
    expect(await text(t.store, 'f/atomic')).toBe('old');
    expect(await t.store.head('f/atomic')).toMatchObject({ contentType: 'application/octet-stream' });
    expect(await readdir(join(t.root, 'tmp'))).toEqual([]);
    expect((await t.store.list('')).map((o) => o.key)).not.toContain('f/atomic.json');
  });
});
