import { CompiledQuery, type ControlledTransaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { QueueDb } from './queue.ts';
import type { DbRequest } from './protocol.ts';

/**
 * Main-thread half of the PGlite bridge (the worker half is BridgeDriver in worker-db.ts).
 * Embedded PGlite is one instance owned by the main thread, so a job worker cannot open its own
 * connection: it sends compiled SQL here and this runs it on the main Kysely. A transaction is a
 * held ControlledTransaction addressed by id; the slot calls closeAll() when its worker dies so a
 * crash never leaves a transaction open (with PGlite that would block every other query).
 */
export interface DbBridge {
  handle(request: DbRequest): Promise<unknown>;
  /** Rolls back every open transaction and refuses further requests. */
  closeAll(): Promise<void>;
}

export function createDbBridge(db: QueueDb): DbBridge {
  const open = new Map<number, ControlledTransaction<Database>>();
  let nextTxId = 1;
  let closed = false;

  const take = (txId: number) => {
    const trx = open.get(txId);
    if (!trx) throw new Error(`transaction ${txId} is not open`);
    open.delete(txId);
    return trx;
  };

  return {
    async handle(request) {
      if (closed) throw new Error('database bridge closed');
      switch (request.op) {
        case 'query': {
          const target = request.txId === null ? db : open.get(request.txId);
          if (!target) throw new Error(`transaction ${request.txId} is not open`);
          const { rows, numAffectedRows } = await target.executeQuery(CompiledQuery.raw(request.sql, [...request.parameters]));
          return { rows, numAffectedRows };
        }
        case 'begin': {
          let builder = db.startTransaction();
          if (request.isolationLevel) builder = builder.setIsolationLevel(request.isolationLevel);
          if (request.accessMode) builder = builder.setAccessMode(request.accessMode);
          const trx = await builder.execute();
          // The worker died while we were waiting for the connection: nobody will ever commit.
          if (closed) {
            await trx.rollback().execute();
            throw new Error('database bridge closed');
          }
          const txId = nextTxId++;
          open.set(txId, trx);
          return txId;
        }
        case 'commit':
          await take(request.txId).commit().execute();
          return null;
        case 'rollback':
          await take(request.txId).rollback().execute();
          return null;
      }
    },

    async closeAll() {
      closed = true;
      const left = [...open.values()];
      open.clear();
      // Not waiting for in-flight requests first: one may be queued behind this very transaction.
      await Promise.allSettled(left.map((trx) => trx.rollback().execute()));
    },
  };
}
