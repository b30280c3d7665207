import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Kysely } from 'kysely';

export const MIGRATIONS_DIR = resolve(import.meta.dir, '../../../migrations');
const NAME = /^\d{14}_[a-z0-9_]+\.ts$/;

/** Reads migrations/YYYYMMDDHHMMSS_verb_noun.ts in name order. */
class FolderProvider implements MigrationProvider {
  constructor(private readonly dir: string) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(this.dir)).filter((f) => NAME.test(f)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) migrations[file.replace(/\.ts$/, '')] = await import(join(this.dir, file));
    return migrations;
  }
}

/**
 * Applies every pending migration, forward only. Safe to run from several processes at once:
 * kysely holds a lock while migrating, and an applied migration is never run again.
 */
export async function migrateToLatest(db: Kysely<any>, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new FolderProvider(dir), allowUnorderedMigrations: false });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
