/**
 * Point reads gathered into one query when they arrive together. A read starts a query at once
 * while fewer than `maxInFlight` run; past that, reads wait for the next free query and go in it
 * together (up to `maxBatch`). So a quiet server answers each read with its own query, and a busy
 * one pays the client's and PostgreSQL's fixed cost per query (protocol, executor start-up: tens
 * of microseconds on each side) once for many reads instead of once for each.
 */
export interface Batcher<K, V> {
  load(key: K): Promise<V>;
}

export interface BatcherOptions {
  /** Queries running at once (default 2): more only make each batch smaller. */
  maxInFlight?: number;
  maxBatch?: number;
}

/**
 * `loadMany` answers keys in their order (one value per key, undefined for none). A failed query
 * fails every read it carried; the next reads get a new query.
 */
export function createBatcher<K, V>(loadMany: (keys: K[]) => Promise<V[]>, options: BatcherOptions = {}): Batcher<K, V> {
  const maxInFlight = options.maxInFlight ?? 2;
  const maxBatch = options.maxBatch ?? 64;
  const waiting: { key: K; resolve: (value: V) => void; reject: (error: unknown) => void }[] = [];
  let inFlight = 0;

  function pump(): void {
    while (inFlight < maxInFlight && waiting.length > 0) {
      const batch = waiting.splice(0, maxBatch);
      inFlight++;
      loadMany(batch.map((w) => w.key))
        .then((values) => {
          if (values.length !== batch.length) throw new Error(`batch load answered ${values.length} values for ${batch.length} keys`);
          batch.forEach((w, i) => w.resolve(values[i]!));
        })
        .catch((error) => batch.forEach((w) => w.reject(error)))
        .finally(() => {
          inFlight--;
          pump();
        });
    }
  }

  return {
    load(key) {
      return new Promise<V>((resolve, reject) => {
        waiting.push({ key, resolve, reject });
        pump();
      });
    },
  };
}
