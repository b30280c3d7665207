import { jobKind } from '../../../src/platform/queue/registry.ts';

/** Test-only job kinds. Several kinds share the scripted worker to get different concurrency and leases. */
const scriptedFile = new URL('./scripted.worker.ts', import.meta.url).pathname;

export const scripted = jobKind({ kind: 'test.scripted', workerFile: scriptedFile, concurrency: 4, leaseSeconds: 1.5, maxAttempts: 3 });
export const pair = jobKind({ kind: 'test.pair', workerFile: scriptedFile, concurrency: 2, leaseSeconds: 5, maxAttempts: 1 });

/** Short lease so a killed process's job is reclaimed quickly (queue-kill.test.ts). */
export const slowEffect = jobKind({
  kind: 'test.slow-effect',
  workerFile: new URL('./slow-effect.worker.ts', import.meta.url).pathname,
  concurrency: 1,
  leaseSeconds: 2,
  maxAttempts: 3,
});
