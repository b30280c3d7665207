import { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../../config.ts';
import { AppError } from '../http/errors.ts';
import { asChunks, DEFAULT_CONTENT_TYPE, lowerKeys, resolveRange } from './fs.ts';
import { validateKey, validatePrefix } from './keys.ts';
import { ObjectStoreUnavailable, type ObjectInfo, type ObjectStore } from './port.ts';

/**
 * How long the store may keep us waiting: to connect, and for the next bytes of a response (an idle
 * limit, so a large object still streams), per attempt; a failed or timed-out request is tried once
 * more. Without them a store that accepts connections and never answers held requests forever.
 */
export const S3_CONNECT_TIMEOUT_MS = 3_000;
export const S3_REQUEST_TIMEOUT_MS = 10_000;
export const S3_MAX_ATTEMPTS = 2;

export function s3Client(cfg: S3Config, endpoint = cfg.endpoint): S3Client {
  return new S3Client({
    maxAttempts: S3_MAX_ATTEMPTS,
    // throwOnRequestTimeout: newer handlers only warn when the request timeout passes.
    requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS, requestTimeout: S3_REQUEST_TIMEOUT_MS, throwOnRequestTimeout: true },
    endpoint,
    region: cfg.region,
    credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
    forcePathStyle: true,
    // Otherwise streamed bodies are stored with aws-chunked framing by some servers and presigned
    // PUTs carry the checksum of an empty body (stack-notes.md, S3).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.$metadata.httpStatusCode === 404 || ['NotFound', 'NoSuchKey', 'NoSuchBucket'].includes(err.name));

/** A 4xx (missing, refused, bad range) is the caller's to handle; anything else is the store failing. */
function storeFailure(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if (err instanceof S3ServiceException && (err.$metadata.httpStatusCode ?? 500) < 500) return err;
  const { name, code, message } = (err ?? {}) as { name?: string; code?: string; message?: string };
  const timedOut = name === 'TimeoutError' || name === 'RequestTimeout' || code === 'ETIMEDOUT' || /timed? ?out/i.test(message ?? '');
  return new ObjectStoreUnavailable(err, timedOut);
}

/** Creates the bucket when it does not exist yet (start-up and tests). */
export async function ensureBucket(cfg: S3Config): Promise<void> {
  const client = s3Client(cfg);
  try {
    await client.send(new HeadBucketCommand({ Bucket: cfg.bucket }));
  } catch (err) {
    if (!isMissing(err)) throw err;
    await client.send(new CreateBucketCommand({ Bucket: cfg.bucket })).catch(async (error: unknown) => {
      // Processes started together race to create it: the loser is fine once the bucket is reachable
      // (a bucket someone else owns still fails, on the HeadBucket).
      const name = (error as { name?: string }).name;
      if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw error;
      await client.send(new HeadBucketCommand({ Bucket: cfg.bucket }));
    });
  } finally {
    client.destroy();
  }
}

/**
 * S3-compatible store. list() returns key, size and lastModified reliably; contentType and
 * metadata are not part of a listing (contentType is application/octet-stream, metadata {})
 * and need head() per key.
 */
export function createS3ObjectStore(cfg: S3Config): ObjectStore {
  const client = s3Client(cfg);
  // Presigned URLs are signed for the address clients use, which may differ from ours.
  const publicClient = s3Client(cfg, cfg.publicUrl);
  const Bucket = cfg.bucket;
  const send: S3Client['send'] = ((command: Parameters<S3Client['send']>[0]) =>
    client.send(command).catch((err: unknown) => {
      throw storeFailure(err);
    })) as S3Client['send'];

  return {
    kind: 's3',
    async put(key, body, options = {}) {
      const params = {
        Bucket,
        Key: validateKey(key),
        ContentType: options.contentType || DEFAULT_CONTENT_TYPE,
        Metadata: lowerKeys(options.metadata),
      };
      const chunks = asChunks(body);
      if (chunks instanceof Uint8Array) {
        await send(new PutObjectCommand({ ...params, Body: Buffer.from(chunks.buffer, chunks.byteOffset, chunks.byteLength) }));
        return;
      }
      // Readable.from: a web ReadableStream body fails under Bun (stack-notes.md, S3).
      const source = Readable.from(chunks);
      // Once the upload has failed it stops listening; a read of the body still under way (the
      // audio assembler fetching its next piece) may fail after that, and an 'error' with no
      // listener is an uncaught exception. The upload's own failure is the one reported.
      source.on('error', () => {});
      await new Upload({ client, params: { ...params, Body: source } }).done().catch((err: unknown) => {
        source.destroy();
        throw storeFailure(err);
      });
    },
    async get(key, range) {
      validateKey(key);
      if (range && range.end !== undefined) resolveRange(range, Number.MAX_SAFE_INTEGER); // reject end < start up front
      const Range = range ? `bytes=${range.start}-${range.end ?? ''}` : undefined;
      try {
        const res = await send(new GetObjectCommand({ Bucket, Key: key, Range }));
        const total = /\/(\d+)$/.exec(res.ContentRange ?? '')?.[1];
        const size = total ? Number(total) : (res.ContentLength ?? 0);
        const span = range && resolveRange(range, size);
        return {
          key,
          size,
          contentType: res.ContentType ?? DEFAULT_CONTENT_TYPE,
          lastModified: res.LastModified ?? new Date(0),
          metadata: lowerKeys(res.Metadata),
          body: res.Body!.transformToWebStream() as ReadableStream<Uint8Array>,
          ...(span ? { range: span } : {}),
        };
      } catch (err) {
        if (isMissing(err)) return null;
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 416) {
          throw new AppError(416, 'range_not_satisfiable', 'Range not satisfiable');
        }
        throw err;
      }
    },
    async head(key) {
      try {
        const res = await send(new HeadObjectCommand({ Bucket, Key: validateKey(key) }));
        return {
          key,
          size: res.ContentLength ?? 0,
          contentType: res.ContentType ?? DEFAULT_CONTENT_TYPE,
          lastModified: res.LastModified ?? new Date(0),
          metadata: lowerKeys(res.Metadata),
        };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await send(new DeleteObjectCommand({ Bucket, Key: validateKey(key) }));
    },
    async list(prefix) {
      validatePrefix(prefix);
      const out: ObjectInfo[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await send(new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }));
        for (const o of page.Contents ?? []) {
          out.push({ key: o.Key!, size: o.Size ?? 0, contentType: DEFAULT_CONTENT_TYPE, lastModified: o.LastModified ?? new Date(0), metadata: {} });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
    presignGet: async (key, expiresIn) => getSignedUrl(publicClient, new GetObjectCommand({ Bucket, Key: validateKey(key) }), { expiresIn }),
    presignPut: async (key, expiresIn, contentType) =>
      getSignedUrl(publicClient, new PutObjectCommand({ Bucket, Key: validateKey(key), ContentType: contentType }), {
        expiresIn,
        // Without this the presigner drops Content-Type and the upload may carry any type.
        signableHeaders: new Set(contentType ? ['content-type'] : []),
      }),
    async ping() {
      await send(new HeadBucketCommand({ Bucket }));
    },
    async close() {
      client.destroy();
      publicClient.destroy();
    },
  };
}
