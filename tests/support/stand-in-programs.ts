import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The speech programs the tests need, or stand-ins for those this machine lacks (a fresh machine
 * with only Node.js has none): the tests then run everywhere, against the real program where it
 * is installed. A stand-in is an executable script named like the program (its process name is
 * the program's), run by this Bun. They live in one directory per checkout and Bun, rewritten
 * atomically on use, so runs neither pile up directories nor see a half-written script.
 */
const PROGRAMS = resolve(import.meta.dir, 'programs');
const DIR = join(tmpdir(), `chapterhouse-stand-ins-${createHash('sha256').update(`${process.execPath}\0${PROGRAMS}`).digest('hex').slice(0, 12)}`);

export function programOrStandIn(name: 'espeak-ng' | 'flite' | 'lame' | 'sox' | 'soxi'): string {
  const installed = Bun.which(name);
  if (installed) return installed;
  mkdirSync(DIR, { recursive: true });
  const path = join(DIR, name);
  const draft = `${path}.${process.pid}`;
  writeFileSync(draft, `#!${process.execPath}\nawait import(${JSON.stringify(join(PROGRAMS, `${name}.ts`))});\n`);
  chmodSync(draft, 0o755);
  renameSync(draft, path);
  return path;
}
