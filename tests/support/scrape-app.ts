import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scrapeKind } from '../../src/features/scraping/kind.ts';
import { jobKind, type JobKindSpec, type JobRunner } from '../../src/platform/queue/index.ts';
import { startTestRunner } from './runner.ts';
import type { SourcesConfig } from '../../src/integrations/sources/index.ts';
import { startTestApp, type TestApp } from './app.ts';
import { DEBUG_TOKEN } from './auth.ts';
import { workerObjectsOf } from './objects-in-worker.ts';

/**
 * The app pointed at a local source site, plus a job runner running the real `scrape.book` job in
 * real worker threads, with the same source settings (tests may make time-outs and waits short).
 */
export interface ScrapeTestApp extends TestApp {
  kind: JobKindSpec;
  startRunner(): JobRunner;
  stopRunner(): Promise<void>;
}

export interface ScrapeAppOptions {
  siteUrl: string;
  royalroadUrl?: string;
  rate?: number;
  runner?: boolean;
  leaseSeconds?: number;
  /** The sources' settings, and when the task says the source is slow or its pace worth a word (source-watch.ts). */
  sources?: Partial<SourcesConfig> & { slowAfterMs?: number; minWaitMs?: number };
  env?: Record<string, string>;
  /** Other kinds the runner runs too (e.g. the new-chapters schedule). */
  extraKinds?: JobKindSpec[];
}

export async function startScrapeApp(options: ScrapeAppOptions): Promise<ScrapeTestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'chapterhouse-scrape-'));
  const env: Record<string, string> = {
    SOURCE_BASE_URL: options.siteUrl,
    ...(options.royalroadUrl ? { SOURCE_ROYALROAD_URL: options.royalroadUrl } : {}),
    SCRAPE_RATE: String(options.rate ?? 0),
    ...options.env,
  };
  const app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, ...env } });
  const overrides = { maxBackoffMs: 300, timeoutMs: 2000, hostPollMs: 50, ...options.sources };
  const workerFile = join(dir, 'scrape.worker.ts');
  const modules = { runtime: new URL('../../src/platform/queue/runtime.ts', import.meta.url).pathname, job: new URL('../../src/features/scraping/job.ts', import.meta.url).pathname, deps: new URL('../../src/features/scraping/worker-deps.ts', import.meta.url).pathname, objects: new URL('./objects-in-worker.ts', import.meta.url).pathname };
  writeFileSync(
    workerFile,
    [
      `import { defineJob } from ${JSON.stringify(modules.runtime)};`,
      `import { createScrapeJob } from ${JSON.stringify(modules.job)};`,
      `import { scrapeJobDeps } from ${JSON.stringify(modules.deps)};`,
      `import { openWorkerObjects } from ${JSON.stringify(modules.objects)};`,
      `const objects = openWorkerObjects(${JSON.stringify(workerObjectsOf(app.objectStore))});`,
      `defineJob(createScrapeJob(scrapeJobDeps(${JSON.stringify(env)}, ${JSON.stringify(overrides)}, () => objects)));`,
    ].join('\n'),
  );
  const kind = jobKind({ ...scrapeKind, workerFile, leaseSeconds: options.leaseSeconds ?? scrapeKind.leaseSeconds });
  let runner: JobRunner | null = null;
  const startRunner = () => (runner ??= startTestRunner(app, [kind, ...(options.extraKinds ?? [])], { abortGraceMs: 3000 }));
  const stopRunner = async () => {
    await runner?.stop();
    runner = null;
  };
  if (options.runner !== false) startRunner();
  return {
    ...app,
    kind,
    startRunner,
    stopRunner,
    async close() {
      await stopRunner();
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
