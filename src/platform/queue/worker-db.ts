import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { openPostgres } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import { fromWireError, type DbRequest, type ToWorker, type WorkerDbConfig } from './protocol.ts';

/** Worker-thread half of the database: its own small pool (PostgreSQL) or the PGlite bridge. */
export interface WorkerDb {
  db: Kysely<Database>;
  /** Feed `db:reply` messages from the main thread here. */
  onReply(message: Extract<ToWorker, { type: 'db:reply' }>): void;
  close(): Promise<void>;
}

type Send = (reqId: number, request: DbRequest) => void;

export function createWorkerDb(config: WorkerDbConfig, send: Send): WorkerDb {
  if (config.kind === 'pg') {
    // Two connections per worker thread: a job rarely needs more, and concurrency × 2 must fit the server.
    const handle = openPostgres(config.url, 2);
    return { db: handle.db, onReply() {}, close: () => handle.close() };
  }
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextReqId = 1;
  const call = (request: DbRequest) =>
    new Promise<unknown>((resolve, reject) => {
      const reqId = nextReqId++;
      pending.set(reqId, { resolve, reject });
      send(reqId, request);
    });
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new BridgeDriver(call),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return {
    db,
    onReply(message) {
      const waiter = pending.get(message.reqId);
      pending.delete(message.reqId);
      if (message.ok) waiter?.resolve(message.value);
      else waiter?.reject(fromWireError(message.error));
    },
    close: () => db.destroy(),
  };
}

type Call = (request: DbRequest) => Promise<unknown>;

/** A connection is cheap here: it only remembers which main-side transaction it is in. */
class BridgeConnection implements DatabaseConnection {
  txId: number | null = null;
  constructor(private readonly call: Call) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return (await this.call({ op: 'query', txId: this.txId, sql: query.sql, parameters: query.parameters })) as QueryResult<R>;
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported from job workers on embedded PGlite');
  }
}

const quoteId = (name: string) => `"${name.replaceAll('"', '""')}"`;

class BridgeDriver implements Driver {
  constructor(private readonly call: Call) {}
  async init() {}
  async acquireConnection() {
    return new BridgeConnection(this.call);
  }
  async beginTransaction(connection: BridgeConnection, settings: TransactionSettings) {
    connection.txId = (await this.call({ op: 'begin', ...settings })) as number;
  }
  async commitTransaction(connection: BridgeConnection) {
    await this.end(connection, 'commit');
  }
  async rollbackTransaction(connection: BridgeConnection) {
    await this.end(connection, 'rollback');
  }
  async savepoint(connection: BridgeConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteId(name)}`));
  }
  async rollbackToSavepoint(connection: BridgeConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteId(name)}`));
  }
  async releaseSavepoint(connection: BridgeConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteId(name)}`));
  }
  async releaseConnection() {}
  async destroy() {}

  private async end(connection: BridgeConnection, op: 'commit' | 'rollback') {
    const txId = connection.txId;
    connection.txId = null;
    if (txId !== null) await this.call({ op, txId });
  }
}
