import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGliteDialect, type DatabaseConnection, type Driver, type TransactionSettings, type QueryCompiler } from 'kysely';

/**
 * kysely's PGlite driver hands every caller the same connection, so a query issued while another
 * caller holds a transaction would run inside that transaction. This driver lends the single
 * connection to one caller at a time (as kysely's SQLite driver does).
 */
class SerialDriver implements Driver {
  #tail: Promise<void> = Promise.resolve();
  #release: (() => void) | null = null;

  constructor(private readonly inner: Driver) {}

  async init() {
    await this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise((resolve) => (release = resolve));
    await previous;
    this.#release = release;
    return this.inner.acquireConnection();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(connection);
    const release = this.#release;
    this.#release = null;
    release?.();
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }
  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.savepoint!(connection, name, compile);
  }
  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.rollbackToSavepoint!(connection, name, compile);
  }
  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.releaseSavepoint!(connection, name, compile);
  }
  destroy() {
    return this.inner.destroy();
  }
}

export class SerialPGliteDialect extends PGliteDialect {
  override createDriver(): Driver {
    return new SerialDriver(super.createDriver());
  }
}

export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * PostgreSQL's default 128 MB of shared buffers would dominate the process's memory; the embedded
 * database serves small catalogues (large ones belong on DATABASE_URL). Passed at start, so the
 * data directory's postgresql.conf is left untouched.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=8MB', '-c', 'work_mem=4MB', '-c', 'max_connections=4'];

/** dataDir null: in memory. */
export async function createPGlite(dataDir: string | null): Promise<PGlite> {
  const options = { extensions: PGLITE_EXTENSIONS, startParams: START_PARAMS };
  const pglite = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await pglite.waitReady;
  return pglite;
}
