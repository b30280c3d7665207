import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { backupObjects, summarizeObjects } from './objects.ts';
import { dumpPGlite } from './pglite.ts';
import { dumpPostgres } from './postgres.ts';
import { writeManifest, type Manifest } from './manifest.ts';

/**
 * scripts/backup.sh DEST: the database, then the objects, into the new directory DEST, with
 * manifest.json last (a directory without it is an unfinished backup). Reads the app's own
 * environment (DATABASE_URL, DATA_DIR, S3_*). See docs/operations.md, "Backup and restore".
 */
async function main(destArg: string | undefined): Promise<void> {
  if (!destArg) throw new Error('usage: scripts/backup.sh DEST_DIR');
  const dest = resolve(destArg);
  if (existsSync(dest) && readdirSync(dest).length > 0) throw new Error(`${dest} is not empty: back up into a new directory`);
  mkdirSync(dest, { recursive: true });
  const config = loadConfig();
  const createdAt = new Date().toISOString();

  const database = config.databaseUrl
    ? { kind: 'postgres' as const, file: 'database.pgdump', ...(await dumpPostgres(config.databaseUrl, join(dest, 'database.pgdump'))) }
    : { kind: 'pglite' as const, file: 'database.tar.gz', ...(await dumpPGlite(join(config.dataDir, 'pg'), join(dest, 'database.tar.gz'))) };
  log(`database: ${database.kind}, schema ${database.schemaVersion}`);

  const objectsDir = join(dest, 'objects');
  const source = await backupObjects(config, objectsDir);
  const objects = { source, ...(await summarizeObjects(objectsDir)) };
  log(`objects: ${objects.count} (${objects.bytes} bytes) from ${source}`);

  const secretFile = join(config.dataDir, 'auth-secret');
  const authSecret = !config.authSecret && existsSync(secretFile);
  if (authSecret) await copyFile(secretFile, join(dest, 'auth-secret'));

  const manifest: Manifest = {
    format: 1,
    created_at: createdAt,
    database: { kind: database.kind, file: database.file, schema_version: database.schemaVersion, counts: database.counts },
    objects,
    auth_secret: authSecret,
  };
  await writeManifest(dest, manifest);
  log(`backup complete: ${dest}`);
}

const log = (line: string) => console.log(`backup: ${line}`);

main(process.argv[2]).catch((error) => {
  console.error(`backup failed: ${error instanceof ConfigError ? error.message : (error as Error).message}`);
  process.exit(1);
});
