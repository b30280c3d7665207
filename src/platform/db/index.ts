import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from './schema.ts';
import { SerialPGliteDialect, createPGlite } from './pglite-dialect.ts';
import { PreparingClient } from './prepared.ts';

export type { Database } from './schema.ts';
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  readonly db: Db;
  readonly kind: 'pg' | 'pglite';
  /** Throws when the database is unreachable (used by /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// count(*) and bigint come back as strings from pg; PGlite gives numbers. Make pg agree.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export function openPostgres(url: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 3000, Client: PreparingClient });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  // Nor one in use: pg-pool listens only while a client is idle, and a connection dropped under a
  // query emits 'error' on the client (the query itself rejects, and the pool discards the client
  // when it is released). https://github.com/brianc/node-postgres/issues/2439, /3202
  pool.on('connect', (client) => client.on('error', () => {}));
  return wrap(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), 'pg');
}

export function openPGlite(pglite: PGlite): DatabaseHandle {
  return wrap(new Kysely<Database>({ dialect: new SerialPGliteDialect({ pglite }) }), 'pglite');
}

/** DATABASE_URL set: PostgreSQL; otherwise embedded PGlite in `$DATA_DIR/pg`. */
export async function openDatabase(config: { databaseUrl: string | null; dataDir: string }): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const dir = join(config.dataDir, 'pg');
  mkdirSync(dir, { recursive: true });
  return openPGlite(await createPGlite(dir));
}

function wrap(db: Db, kind: DatabaseHandle['kind']): DatabaseHandle {
  let closed = false;
  return {
    db,
    kind,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}
