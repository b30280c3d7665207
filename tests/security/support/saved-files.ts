import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Files written to a temporary folder of their own, for code that reads a path; `remove` deletes them all. */
export function savedFiles(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    saved(name: string, bytes: Uint8Array): string {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      return path;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
