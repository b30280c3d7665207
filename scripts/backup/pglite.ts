import { existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../../src/platform/db/pglite-dialect.ts';
import { COUNT_SQL, readCounts } from './manifest.ts';

/**
 * The embedded database has one owner at a time: PGlite keeps postmaster.pid in its directory
 * while open and removes it when closed cleanly. A copy taken while the app writes could be torn.
 */
function refuseWhileOpen(dir: string): void {
  if (existsSync(join(dir, 'postmaster.pid'))) {
    throw new Error(`${dir} is in use (postmaster.pid): stop Chapterhouse first. After a crash, start and stop it once to close the database cleanly.`);
  }
}

async function open(options: ConstructorParameters<typeof PGlite>[0] & object): Promise<PGlite> {
  const pglite = new PGlite({ ...options, extensions: PGLITE_EXTENSIONS });
  await pglite.waitReady;
  return pglite;
}

/** PGlite's own dump of its data directory (a gzipped tar), with the app stopped. */
export async function dumpPGlite(dir: string, file: string) {
  if (!existsSync(join(dir, 'PG_VERSION'))) throw new Error(`no embedded database in ${dir}`);
  refuseWhileOpen(dir);
  const pglite = await open({ dataDir: dir });
  try {
    const figures = readCounts((await pglite.query<Record<string, unknown>>(COUNT_SQL)).rows[0]!);
    await writeFile(file, new Uint8Array(await (await pglite.dumpDataDir('gzip')).arrayBuffer()));
    return figures;
  } finally {
    await pglite.close();
  }
}

/** Into a directory that does not exist yet or is empty. */
export async function restorePGlite(file: string, dir: string) {
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`${dir} is not empty: restore into a new DATA_DIR (or move the old database away)`);
  const pglite = await open({ dataDir: dir, loadDataDir: new Blob([await readFile(file)]) });
  try {
    return readCounts((await pglite.query<Record<string, unknown>>(COUNT_SQL)).rows[0]!);
  } finally {
    await pglite.close();
  }
}
