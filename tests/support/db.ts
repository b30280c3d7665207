import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { openPGlite, openPostgres, type DatabaseHandle } from '../../src/platform/db/index.ts';
import { createPGlite } from '../../src/platform/db/pglite-dialect.ts';
import { MIGRATIONS_DIR, migrateToLatest } from '../../src/platform/db/migrate.ts';

/**
 * One database per test file, never shared: a clone of a migrated template.
 * Embedded (default): an in-memory PGlite cloned from a template built once per test process.
 * TEST_BACKENDS=real: a PostgreSQL database created from a template database on the local server.
 */
export const realBackends = process.env.TEST_BACKENDS === 'real';
export const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) hash.update(file).update(readFileSync(join(MIGRATIONS_DIR, file)));
  return hash.digest('hex').slice(0, 12);
}

let pgliteTemplate: Promise<PGlite> | null = null;

async function buildPGliteTemplate(): Promise<PGlite> {
  const pglite = await createPGlite(null);
  const handle = openPGlite(pglite);
  await migrateToLatest(handle.db);
  return pglite; // the kysely wrapper is dropped without closing the PGlite it lent
}

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

let pgTemplate: Promise<string> | null = null;

async function buildPgTemplate(): Promise<string> {
  const name = `chapterhouse_tpl_${migrationsHash()}`;
  const exists = await withAdmin(async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount);
  if (exists) return name;
  const building = `${name}_build_${randomBytes(3).toString('hex')}`;
  await withAdmin((c) => c.query(`create database "${building}"`));
  const handle = openPostgres(databaseUrl(building), 2);
  await migrateToLatest(handle.db);
  await handle.close();
  await withAdmin(async (c) => {
    try {
      await c.query(`alter database "${building}" rename to "${name}"`);
    } catch {
      // Another test process won the race and built the same template.
      await c.query(`drop database if exists "${building}"`);
    }
  });
  return name;
}

export interface TestDatabase extends DatabaseHandle {
  /** postgres:// URL for child processes (real backend only). */
  url: string | null;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  return realBackends ? createPostgresTestDatabase() : createPGliteTestDatabase();
}

async function createPGliteTestDatabase(): Promise<TestDatabase> {
  pgliteTemplate ??= buildPGliteTemplate();
  const clone = (await (await pgliteTemplate).clone()) as PGlite;
  return { ...openPGlite(clone), url: null };
}

/** Always PostgreSQL, whatever TEST_BACKENDS says: for tests that span processes (queue-kill). */
export async function createPostgresTestDatabase(): Promise<TestDatabase & { url: string }> {
  pgTemplate ??= buildPgTemplate();
  const template = await pgTemplate;
  const name = `chapterhouse_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin((c) => c.query(`create database "${name}" template "${template}"`));
  const url = databaseUrl(name);
  const handle = openPostgres(url, 5);
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      await withAdmin((c) => c.query(`drop database if exists "${name}" with (force)`));
    },
  };
}
