/**
 * The object store (covers, audio, avatars, voice samples). Two adapters: filesystem (fs.ts, the default,
 * signs and serves its own URLs) and S3-compatible (s3.ts). Both pass tests/platform/objects.contract.test.ts.
 * Keys are validated by validateKey (keys.ts) in both: no "..", no absolute paths, no backslashes.
 */
export interface ObjectInfo {
  key: string;
  size: number;
  contentType: string;
  lastModified: Date;
  /** User metadata, lower-case keys (e.g. duration). */
  metadata: Record<string, string>;
}

export interface ByteRange {
  start: number;
  /** Inclusive; omitted means to the end. */
  end?: number;
}

export interface ObjectBody extends ObjectInfo {
  body: ReadableStream<Uint8Array>;
  /** Present when a range was asked for: the bytes actually returned. */
  range?: { start: number; end: number };
}

export type PutBody = Uint8Array | ArrayBuffer | string | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

export interface PutOptions {
  contentType?: string;
  metadata?: Record<string, string>;
}

export interface ObjectStore {
  readonly kind: 'fs' | 's3';
  put(key: string, body: PutBody, options?: PutOptions): Promise<void>;
  /** null when the object does not exist. */
  get(key: string, range?: ByteRange): Promise<ObjectBody | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with prefix, sorted by key. */
  list(prefix: string): Promise<ObjectInfo[]>;
  /** A URL anyone can GET until it expires; uses the public address. */
  presignGet(key: string, expiresInSeconds: number): Promise<string>;
  /** A URL anyone can PUT the body to until it expires. */
  presignPut(key: string, expiresInSeconds: number, contentType?: string): Promise<string>;
  /** Throws when the store is unreachable (used by /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The object store failed or did not answer (S3 down, answering 5xx, timing out), as opposed to
 * an object missing or a bad key. The error plugin answers 503 `unavailable`, or 504
 * `gateway_timeout` when it timed out, instead of an unexplained 500.
 */
export class ObjectStoreUnavailable extends Error {
  constructor(
    cause: unknown,
    readonly timedOut: boolean,
  ) {
    super(`object store ${timedOut ? 'timed out' : 'unavailable'}: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'ObjectStoreUnavailable';
  }
}
