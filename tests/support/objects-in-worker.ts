import type { S3Config } from '../../src/config.ts';
import { createFsObjectStore } from '../../src/platform/objects/fs.ts';
import { createS3ObjectStore } from '../../src/platform/objects/s3.ts';
import type { ObjectStore } from '../../src/platform/objects/port.ts';
import type { TestObjectStore } from './objects.ts';

/** Where a test's objects live, in a form a job worker thread can be given (it shares nothing else). */
export type WorkerObjects = { kind: 'fs'; root: string } | { kind: 's3'; config: S3Config };

export function workerObjectsOf(store: TestObjectStore): WorkerObjects {
  const located = store as TestObjectStore & { root?: string; config?: S3Config };
  return located.config ? { kind: 's3', config: located.config } : { kind: 'fs', root: located.root! };
}

export function openWorkerObjects(spec: WorkerObjects): ObjectStore {
  return spec.kind === 'fs' ? createFsObjectStore({ root: spec.root, baseUrl: 'http://localhost:3000', secret: 'unused-by-jobs' }) : createS3ObjectStore(spec.config);
}
