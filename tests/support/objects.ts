import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Elysia } from 'elysia';
import { DeleteBucketCommand } from '@aws-sdk/client-s3';
import type { S3Config } from '../../src/config.ts';
import { createFsObjectStore } from '../../src/platform/objects/fs.ts';
import { createS3ObjectStore, ensureBucket, s3Client } from '../../src/platform/objects/s3.ts';
import { objectRoutes } from '../../src/platform/objects/routes.ts';
import type { ObjectStore } from '../../src/platform/objects/port.ts';
import { startS3rver, type S3rverHandle } from './s3rver.ts';

export interface TestObjectStore {
  store: ObjectStore;
  /** Fetches a URL the store signed: through the app's routes for fs, over the network for S3. */
  fetch(url: string, init?: RequestInit): Promise<Response>;
  cleanup(): Promise<void>;
}

export const TEST_MAX_UPLOAD_BYTES = 8 * 1024 * 1024;

export async function createFsTestStore(
  opts: { maxUploadBytes?: number; baseUrl?: string; secret?: string } = {},
): Promise<TestObjectStore & { root: string }> {
  const root = await mkdtemp(join(tmpdir(), 'objects-'));
  const secret = opts.secret ?? randomBytes(32).toString('hex');
  // A real-looking host: Elysia's routing breaks on one-letter hosts (stack-notes.md).
  const store = createFsObjectStore({ root, baseUrl: opts.baseUrl ?? 'http://localhost', secret });
  const app = new Elysia().use(objectRoutes(store, { secret, maxUploadBytes: opts.maxUploadBytes ?? TEST_MAX_UPLOAD_BYTES }));
  return {
    store,
    root,
    fetch: (url, init) => app.handle(new Request(url, init)),
    async cleanup() {
      await store.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

let shared: Promise<S3rverHandle> | null = null;

/** One s3rver per test process, started on first use; it exits with the process (stdin closes). */
export const sharedS3rver = () => (shared ??= startS3rver());

export async function createS3TestStore(): Promise<TestObjectStore & { config: S3Config }> {
  const { endpoint } = await sharedS3rver();
  const config: S3Config = {
    endpoint,
    bucket: `test-${randomBytes(6).toString('hex')}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    publicUrl: endpoint,
  };
  await ensureBucket(config);
  const store = createS3ObjectStore(config);
  return {
    store,
    config,
    fetch: (url, init) => fetch(url, init),
    async cleanup() {
      await Promise.all((await store.list('')).map((o) => store.delete(o.key)));
      await store.close();
      const client = s3Client(config);
      await client.send(new DeleteBucketCommand({ Bucket: config.bucket })).finally(() => client.destroy());
    },
  };
}

/** The store other tests use: files in a fresh temp dir, or S3 (s3rver) when TEST_BACKENDS=real. */
export function createTestObjectStore(app?: { baseUrl: string; secret: string }): Promise<TestObjectStore> {
  // For a whole app, the filesystem store must sign with the app's address and key (its routes verify).
  return process.env.TEST_BACKENDS === 'real' ? createS3TestStore() : createFsTestStore(app ?? {});
}
