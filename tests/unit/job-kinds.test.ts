import { describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { JOB_KINDS } from '../../src/jobs.ts';

/**
 * Every job kind names its worker entry file by a path built from a string (a Bun worker loads it
 * only when a job runs): a file moved without updating that string would fail at run time alone.
 */
describe('job kinds', () => {
  const jobsDir = join(import.meta.dir, '..', '..', 'jobs');

  test.each(JOB_KINDS.map((kind) => [kind.kind, kind.workerFile] as const))('%s has its worker entry file', (kind, workerFile) => {
    expect(existsSync(workerFile)).toBe(true);
    expect(dirname(workerFile)).toBe(jobsDir);
    expect(basename(workerFile)).toBe(`${kind}.worker.ts`);
  });
});
