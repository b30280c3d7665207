import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importKind } from '../../src/features/imports/kind.ts';
import { importLimits } from '../../src/features/imports/limits.ts';
import { scratchRoot } from '../../src/features/imports/scratch.ts';
import { jobKind, type JobKindSpec, type JobRunner } from '../../src/platform/queue/index.ts';
import { startTestRunner } from './runner.ts';
import { startTestApp, type TestApp } from './app.ts';
import { DEBUG_TOKEN } from './auth.ts';
import { workerObjectsOf } from './objects-in-worker.ts';

/** The app plus a runner running the real `import.book` job in worker threads, on the test's own object store, DATA_DIR and IMPORT_MAX_* limits. */
export interface ImportTestApp extends TestApp {
  kind: JobKindSpec;
}

export async function startImportApp(env: Record<string, string> = {}): Promise<ImportTestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'chapterhouse-import-'));
  const app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, ...env } });
  const workerFile = join(dir, 'import.worker.ts');
  const url = (path: string) => JSON.stringify(new URL(path, import.meta.url).pathname);
  writeFileSync(
    workerFile,
    [
      `import { defineJob } from ${url('../../src/platform/queue/runtime.ts')};`,
      `import { createImportJob } from ${url('../../src/features/imports/job.ts')};`,
      `import { openWorkerObjects } from ${url('./objects-in-worker.ts')};`,
      `const objects = openWorkerObjects(${JSON.stringify(workerObjectsOf(app.objectStore))});`,
      `defineJob(createImportJob({ objects: async () => objects, scratchDir: ${JSON.stringify(scratchRoot(app.platform.config.dataDir))}, limits: ${JSON.stringify(importLimits(app.platform.config.content.importLimits))} }));`,
    ].join('\n'),
  );
  const kind = jobKind({ ...importKind, workerFile });
  const runner: JobRunner = startTestRunner(app, [kind]);
  return {
    ...app,
    kind,
    async close() {
      await runner.stop();
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
