import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Subprocess } from 'bun';

/**
 * A benchmark's scratch directory and the processes it starts: `cleanup()` stops them and removes
 * the directory (unless `keep`), on the way out and on Ctrl-C or SIGTERM alike.
 */
export function benchWorkspace(prefix: string, keep: boolean) {
  const work = mkdtempSync(join(tmpdir(), prefix));
  const children: Subprocess[] = [];
  const cleanup = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    if (!keep) rmSync(work, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => (cleanup(), process.exit(130)));
  return { work, children, cleanup };
}
