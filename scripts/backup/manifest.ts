import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** manifest.json of a backup directory: what it holds, and the figures a restore is checked against. */
export interface Manifest {
  format: 1;
  created_at: string;
  database: {
    kind: 'postgres' | 'pglite';
    /** postgres: database.pgdump (pg_dump custom format); pglite: database.tar.gz (PGlite dumpDataDir). */
    file: string;
    /** The last applied migration (kysely_migration): the schema version of the data. */
    schema_version: string | null;
    /** Rows per table, taken in the same snapshot as the dump. */
    counts: Record<string, number>;
  };
  objects: { source: 'fs' | 's3'; count: number; bytes: number };
  /** $DATA_DIR/auth-secret was copied (it signs logins: keep the backup private). */
  auth_secret: boolean;
}

export const MANIFEST = 'manifest.json';

export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  await writeFile(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
}

export async function readManifest(dir: string): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(join(dir, MANIFEST), 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error(`unknown backup format ${String(manifest.format)}`);
  return manifest;
}

/** Tables whose row counts are recorded and checked after a restore. */
export const COUNTED_TABLES = ['app_users', 'books', 'chapters', 'progress', 'book_comments', 'user_library', 'audio_files', 'jobs'] as const;

/** One statement, so that it runs in whatever snapshot the caller holds. */
export const COUNT_SQL = `select ${COUNTED_TABLES.map((t) => `(select count(*) from ${t})::int as ${t}`).join(', ')},
  (select max(name) from kysely_migration) as schema_version`;

export function readCounts(row: Record<string, unknown>): { counts: Record<string, number>; schemaVersion: string | null } {
  const counts = Object.fromEntries(COUNTED_TABLES.map((t) => [t, Number(row[t])]));
  return { counts, schemaVersion: (row.schema_version as string | null) ?? null };
}

/** Names of the tables whose counts differ, with both figures. */
export function countDifferences(expected: Record<string, number>, actual: Record<string, number>): string[] {
  return Object.keys(expected)
    .filter((t) => expected[t] !== actual[t])
    .map((t) => `${t}: backup ${expected[t]}, restored ${actual[t]}`);
}
