import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { countDifferences, readManifest } from './manifest.ts';
import { assertObjectStoreEmpty, restoreObjects } from './objects.ts';
import { restorePGlite } from './pglite.ts';
import { countPostgres, restorePostgres } from './postgres.ts';

/**
 * scripts/restore.sh BACKUP_DIR: into the database and object store the environment names, both
 * of which must be new and empty. The restored row counts are checked against the manifest.
 * The app is started afterwards as usual; it finds its schema at the backup's migration and
 * applies any newer migrations itself.
 */
async function main(dirArg: string | undefined): Promise<void> {
  if (!dirArg) throw new Error('usage: scripts/restore.sh BACKUP_DIR');
  const dir = resolve(dirArg);
  const manifest = await readManifest(dir);
  const config = loadConfig();
  const dump = join(dir, manifest.database.file);
  // Every target is checked before anything is written, so a refused restore leaves nothing behind.
  await assertObjectStoreEmpty(config);

  let restored;
  if (manifest.database.kind === 'postgres') {
    if (!config.databaseUrl) throw new Error('this backup holds a PostgreSQL dump: set DATABASE_URL to a new, empty database');
    await restorePostgres(config.databaseUrl, dump);
    restored = await countPostgres(config.databaseUrl);
  } else {
    if (config.databaseUrl) throw new Error('this backup holds the embedded database: unset DATABASE_URL and set DATA_DIR to a new directory');
    mkdirSync(config.dataDir, { recursive: true });
    restored = await restorePGlite(dump, join(config.dataDir, 'pg'));
  }
  const differences = countDifferences(manifest.database.counts, restored.counts);
  if (differences.length) throw new Error(`restored rows differ from the backup: ${differences.join('; ')}`);
  log(`database: ${manifest.database.kind}, schema ${restored.schemaVersion}, counts match`);

  const objects = await restoreObjects(config, join(dir, 'objects'));
  if (objects !== manifest.objects.count) throw new Error(`restored objects differ from the backup: backup ${manifest.objects.count}, restored ${objects}`);
  log(`objects: ${objects} restored into ${config.s3 ? `bucket ${config.s3.bucket}` : join(config.dataDir, 'objects')}`);

  const secretFile = join(config.dataDir, 'auth-secret');
  if (manifest.auth_secret && !config.authSecret && !existsSync(secretFile)) {
    mkdirSync(config.dataDir, { recursive: true });
    await copyFile(join(dir, 'auth-secret'), secretFile);
    chmodSync(secretFile, 0o600);
    log('auth secret restored: existing logins stay valid');
  }
  log(`restore complete from ${dir}`);
}

const log = (line: string) => console.log(`restore: ${line}`);

main(process.argv[2]).catch((error) => {
  console.error(`restore failed: ${error instanceof ConfigError ? error.message : (error as Error).message}`);
  process.exit(1);
});
