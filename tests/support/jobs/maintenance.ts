import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pruneJobsKind } from '../../../src/features/maintenance/kinds.ts';
import { jobKind, type JobKindSpec } from '../../../src/platform/queue/registry.ts';
import { ROOT } from '../processes.ts';

/** `unreachable`: opening the store fails, as when S3 is down. */
export type TestObjects = { kind: 'fs'; root: string } | { kind: 'unreachable' };

const src = (path: string) => JSON.stringify(join(ROOT, 'src', path));

/** The worker file's import of the store adapter, and the expression that opens it. */
function storeSource(objects: TestObjects): { imports: string; open: string } {
  switch (objects.kind) {
    case 'fs':
      return {
        imports: `import { createFsObjectStore } from ${src('platform/objects/fs.ts')};`,
        open: `createFsObjectStore({ root: ${JSON.stringify(objects.root)}, baseUrl: 'http://localhost', secret: 'unused' })`,
      };
    case 'unreachable':
      return { imports: '', open: `Promise.reject(new Error('object store unreachable'))` };
  }
}

/**
 * The real maintenance kind and body, but with the test's object store instead of one opened from
 * the environment (which would be ./data): a worker file written for it, like the audio tests do.
 * Returns the kind and the directory to remove afterwards.
 */
export function testMaintenanceKind(objects: TestObjects): { kind: JobKindSpec; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'chapterhouse-maintenance-'));
  const store = storeSource(objects);
  const workerFile = join(dir, 'maintenance.worker.ts');
  writeFileSync(
    workerFile,
    [
      `import { defineJob } from ${src('platform/queue/runtime.ts')};`,
      `import { maintenanceJob } from ${src('features/maintenance/job.ts')};`,
      store.imports,
      `export default defineJob(maintenanceJob({ openObjects: async () => ${store.open} }));`,
      '',
    ].join('\n'),
  );
  return { kind: jobKind({ ...pruneJobsKind, workerFile }), dir };
}
