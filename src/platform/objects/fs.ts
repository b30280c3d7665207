import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { mkdir, open, readFile, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { AppError, conflict } from '../http/errors.ts';
import { validateKey, validatePrefix } from './keys.ts';
import { signObjectUrl } from './signed-url.ts';
import { linkBase } from '../http/public-origin.ts';
import type { ByteRange, ObjectInfo, ObjectStore, PutBody, PutOptions } from './port.ts';

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** Bytes stay bytes; streams become one async iterable (Bun's web streams are read through a reader). */
export function asChunks(body: PutBody): Uint8Array | AsyncIterable<Uint8Array> {
  if (typeof body === 'string') return new TextEncoder().encode(body);
  if (body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (body instanceof ReadableStream) return readChunks(body);
  return body;
}

export async function* readChunks(stream: ReadableStream<Uint8Array>): AsyncIterable<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** The inclusive byte span of range within size bytes, or a 416 error. Shared by both adapters. */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } {
  const { start } = range;
  const end = Math.min(range.end ?? size - 1, size - 1);
  if (!Number.isSafeInteger(start) || start < 0 || start >= size || end < start) {
    throw new AppError(416, 'range_not_satisfiable', 'Range not satisfiable');
  }
  return { start, end };
}

export const lowerKeys = (m: Record<string, string> = {}) =>
  Object.fromEntries(Object.entries(m).map(([k, v]) => [k.toLowerCase(), v]));

/** unlink, where a missing file, a directory or a file in place of a parent all mean "no such object". */
async function removeFile(path: string): Promise<void> {
  await unlink(path).catch((err: NodeJS.ErrnoException) => {
    if (!['ENOENT', 'ENOTDIR', 'EISDIR', 'EPERM'].includes(err.code ?? '')) throw err;
  });
}

interface Sidecar {
  contentType: string;
  metadata: Record<string, string>;
}

const STALE_TEMP_MS = 60 * 60 * 1000;

/**
 * Objects live in `root/blobs/<key>`, their content type and metadata in `root/meta/<key>.json`
 * (a separate tree, so no key can collide with a sidecar), uploads in progress in `root/tmp`
 * (same filesystem, so the final rename is atomic).
 */
export function createFsObjectStore(opts: { root: string; baseUrl: string; secret: string }): ObjectStore {
  const blobs = join(opts.root, 'blobs');
  const metas = join(opts.root, 'meta');
  const tmp = join(opts.root, 'tmp');
  for (const dir of [blobs, metas, tmp]) mkdirSync(dir, { recursive: true });
  // Temp files of a crashed process; young ones may belong to a live writer in another process.
  for (const name of readdirSync(tmp)) {
    const path = join(tmp, name);
    if (Date.now() - statSync(path).mtimeMs > STALE_TEMP_MS) rmSync(path, { force: true });
  }

  const blobPath = (key: string) => join(blobs, key);
  const metaPath = (key: string) => join(metas, `${key}.json`);

  async function info(key: string): Promise<ObjectInfo | null> {
    const st = await stat(blobPath(key)).catch(() => null);
    if (!st?.isFile()) return null;
    const side = await readFile(metaPath(key), 'utf8').then((t) => JSON.parse(t) as Sidecar, () => null);
    return {
      key,
      size: st.size,
      contentType: side?.contentType ?? DEFAULT_CONTENT_TYPE,
      lastModified: st.mtime,
      metadata: side?.metadata ?? {},
    };
  }

  /**
   * The body goes through Bun's file sink, not a fs/promises FileHandle: a body that stops arriving
   * and is forgotten leaves this write waiting forever, and a FileHandle reclaimed by the collector
   * is an uncaught error in Bun (it would stop the server); the sink is let go quietly. The data
   * reaches the disk (datasync) before the caller renames the file into place.
   */
  async function writeTemp(path: string, body: PutBody): Promise<void> {
    const chunks = asChunks(body);
    if (chunks instanceof Uint8Array) {
      await writeFile(path, chunks, { flag: 'wx' });
    } else {
      const sink = Bun.file(path).writer();
      try {
        for await (const chunk of chunks) {
          sink.write(chunk);
          await sink.flush();
        }
      } finally {
        await sink.end();
      }
    }
    const file = await open(path, 'r+');
    try {
      await file.datasync();
    } finally {
      await file.close();
    }
  }

  async function walk(dir: string, rel: string, out: string[]): Promise<void> {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      const key = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(join(dir, e.name), key, out);
      else if (e.isFile()) out.push(key);
    }
  }

  const expiresAt = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

  return {
    kind: 'fs',
    async put(key, body, options: PutOptions = {}) {
      validateKey(key);
      const tmpBlob = join(tmp, randomUUID());
      const tmpMeta = `${tmpBlob}.json`;
      const side: Sidecar = { contentType: options.contentType || DEFAULT_CONTENT_TYPE, metadata: lowerKeys(options.metadata) };
      try {
        await writeTemp(tmpBlob, body);
        await writeFile(tmpMeta, JSON.stringify(side));
        await mkdir(dirname(blobPath(key)), { recursive: true });
        await mkdir(dirname(metaPath(key)), { recursive: true });
        await rename(tmpMeta, metaPath(key));
        await rename(tmpBlob, blobPath(key));
      } catch (err) {
        await Promise.all([rm(tmpBlob, { force: true }), rm(tmpMeta, { force: true })]);
        const code = (err as NodeJS.ErrnoException).code;
        // "a" and "a/b" cannot both exist as files; S3 would allow it.
        if (code === 'ENOTDIR' || code === 'EEXIST' || code === 'EISDIR') throw conflict('Object key conflicts with an existing key');
        throw err;
      }
    },
    async get(key, range) {
      const found = await info(validateKey(key));
      if (!found) return null;
      const file = Bun.file(blobPath(key));
      if (!range) return { ...found, body: file.stream() };
      const span = resolveRange(range, found.size);
      return { ...found, body: file.slice(span.start, span.end + 1).stream(), range: span };
    },
    head: async (key) => info(validateKey(key)),
    async delete(key) {
      validateKey(key);
      await removeFile(blobPath(key));
      await removeFile(metaPath(key));
    },
    async list(prefix) {
      validatePrefix(prefix);
      // Only walk the directory the prefix points into.
      const dir = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      const keys: string[] = [];
      await walk(join(blobs, dir), dir, keys);
      const matching = keys.filter((k) => k.startsWith(prefix)).sort();
      const infos = await Promise.all(matching.map(info));
      return infos.filter((i): i is ObjectInfo => i !== null);
    },
    presignGet: async (key, seconds) =>
      signObjectUrl({ baseUrl: linkBase(opts.baseUrl), secret: opts.secret, method: 'GET', key, expiresAt: expiresAt(seconds) }),
    presignPut: async (key, seconds, contentType) =>
      signObjectUrl({ baseUrl: linkBase(opts.baseUrl), secret: opts.secret, method: 'PUT', key, expiresAt: expiresAt(seconds), contentType }),
    async ping() {
      await stat(blobs);
    },
    async close() {},
  };
}
