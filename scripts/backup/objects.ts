import { existsSync, readdirSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../src/config.ts';
import { createFsObjectStore } from '../../src/platform/objects/fs.ts';
import { createS3ObjectStore, ensureBucket } from '../../src/platform/objects/s3.ts';
import type { ObjectStore } from '../../src/platform/objects/port.ts';

/**
 * A backup's objects are always in the filesystem store's layout (blobs/ and meta/ sidecars), so
 * a backup of either store restores into either. The filesystem store is copied as files; S3 is
 * copied object by object through the app's own S3 adapter (content type and metadata kept).
 */
const FS_TREES = ['blobs', 'meta'];
const PARALLEL = 4;

/** Signing is never used here: these stores only read, write and list. */
const dirStore = (root: string) => createFsObjectStore({ root, baseUrl: 'http://localhost', secret: 'unused-by-backups' });

async function copyTrees(from: string, to: string): Promise<void> {
  for (const tree of FS_TREES) {
    if (existsSync(join(from, tree))) await cp(join(from, tree), join(to, tree), { recursive: true, preserveTimestamps: true });
  }
}

async function copyEach(from: ObjectStore, to: ObjectStore): Promise<void> {
  const queue = await from.list('');
  const worker = async () => {
    for (let info = queue.shift(); info; info = queue.shift()) {
      const object = await from.get(info.key);
      if (!object) continue; // deleted since it was listed
      await to.put(info.key, object.body, { contentType: object.contentType, metadata: object.metadata });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

export async function backupObjects(config: Readonly<Config>, dest: string): Promise<'fs' | 's3'> {
  if (!config.s3) {
    await copyTrees(join(config.dataDir, 'objects'), dest);
    return 'fs';
  }
  const source = createS3ObjectStore(config.s3);
  const target = dirStore(dest);
  try {
    await copyEach(source, target);
  } finally {
    await Promise.all([source.close(), target.close()]);
  }
  await rm(join(dest, 'tmp'), { recursive: true, force: true });
  return 's3';
}

/** A restore goes into an empty store only (a new bucket or DATA_DIR): restoring over objects would mix two histories. */
export async function assertObjectStoreEmpty(config: Readonly<Config>): Promise<void> {
  if (!config.s3) {
    const root = join(config.dataDir, 'objects');
    if (FS_TREES.some((tree) => existsSync(join(root, tree)) && readdirSync(join(root, tree)).length > 0)) throw new Error(`${root} is not empty: restore into a new DATA_DIR`);
    return;
  }
  await ensureBucket(config.s3);
  const target = createS3ObjectStore(config.s3);
  try {
    if ((await target.list('')).length > 0) throw new Error(`bucket ${config.s3.bucket} is not empty: restore into a new bucket`);
  } finally {
    await target.close();
  }
}

/** Copies the backup's objects into the configured store; answers how many the store then holds. */
export async function restoreObjects(config: Readonly<Config>, source: string): Promise<number> {
  if (!config.s3) {
    const root = join(config.dataDir, 'objects');
    await copyTrees(source, root);
    return (await summarizeObjects(root)).count;
  }
  const target = createS3ObjectStore(config.s3);
  const from = dirStore(source);
  try {
    await copyEach(from, target);
    return (await target.list('')).length;
  } finally {
    await Promise.all([target.close(), from.close()]);
    await rm(join(source, 'tmp'), { recursive: true, force: true });
  }
}

/** Objects and bytes in a directory in the filesystem store's layout. */
export async function summarizeObjects(root: string): Promise<{ count: number; bytes: number }> {
  const store = dirStore(root);
  try {
    const all = await store.list('');
    return { count: all.length, bytes: all.reduce((sum, o) => sum + o.size, 0) };
  } finally {
    await store.close();
    await rm(join(root, 'tmp'), { recursive: true, force: true });
  }
}
