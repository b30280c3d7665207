import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { ObjectStoreUnavailable, type ObjectStore } from '../../platform/objects/port.ts';
import { isStorageFull } from '../../platform/storage-full.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import { sniffFormat, type ImportFormat } from './parse/index.ts';

/**
 * POST /api/admin/import: the multipart upload is streamed straight to the object store (never held
 * whole in memory), counted against the cap (413 past it, the partial object removed), and its type
 * decided by its first bytes, not its name. Other fields: `review` (1: stop for review before
 * publishing) and `rule` (how to split into chapters).
 */
export interface StoredUpload {
  key: string;
  fileName: string;
  format: ImportFormat;
  size: number;
  fields: Record<string, string>;
}

const SNIFF_BYTES = 4096;
const MAX_FIELDS = 10;

export const tooLarge = (maxBytes: number) => new AppError(413, 'too_large', `The file is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB import limit`);
const notABook = () => badRequest('This file is neither a PDF nor an EPUB (checked by its content, not its name)');

export async function storeUpload(request: Request, objects: ObjectStore, maxBytes: number): Promise<StoredUpload> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw badRequest('Send the file as multipart/form-data in the field "file"');
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes + 64 * 1024) throw tooLarge(maxBytes);
  if (!request.body) throw badRequest('No file was sent');

  const key = `imports/${randomUUID()}/upload`;
  const fields: Record<string, string> = {};
  const input = Readable.fromWeb(request.body as never).on('error', (error) => parser.destroy(error));
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { 'content-type': type }, limits: { fileSize: maxBytes, files: 1, fields: MAX_FIELDS, fieldSize: 1024 } });
  } catch {
    throw badRequest('The upload is not valid multipart/form-data');
  }
  // Refused uploads stop being read but are not cancelled: a cancelled body is drained by the
  // runtime as fast as the client sends, while an unread one holds the client back until the 413
  // goes out and closes the connection.
  const stopReading = () => {
    input.unpipe(parser);
    input.pause();
  };
  const stored = new Promise<StoredUpload>((resolve, reject) => {
    let sawFile = false;
    parser.on('field', (name, value) => (fields[name] = value));
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || sawFile) {
        stream.resume();
        return;
      }
      sawFile = true;
      const upload = { size: 0, format: null as ImportFormat | null, tooLarge: false };
      stream.on('limit', () => {
        upload.tooLarge = true;
        stopReading();
        stream.destroy(tooLarge(maxBytes));
      });
      // The refusal reaches the store through the chunks below; the event itself is not a crash.
      stream.on('error', () => {});
      const chunks = sniffed(stream, upload, maxBytes);
      objects
        .put(key, chunks, { contentType: 'application/octet-stream' })
        .then(() => resolve({ key, fileName: cleanName(info.filename), format: upload.format!, size: upload.size, fields }))
        .catch(reject);
    });
    parser.on('error', () => reject(badRequest('The upload is not valid multipart/form-data')));
    parser.on('close', () => {
      if (!sawFile) reject(badRequest('Send the file in the form field "file"'));
    });
  });
  input.pipe(parser);
  try {
    return await stored;
  } catch (error) {
    stopReading();
    // The store itself failing (or full) is no fault of the upload: say so (503/504), and do not wait on it again to tidy up.
    if (error instanceof ObjectStoreUnavailable || isStorageFull(error)) {
      void objects.delete(key).catch(() => {});
      throw error;
    }
    await objects.delete(key).catch(() => {});
    throw error instanceof AppError ? error : badRequest('The upload did not arrive whole; try again');
  }
}

/** The file's chunks, refused as soon as the head says it is no book or the cap is passed. */
async function* sniffed(stream: NodeJS.ReadableStream, upload: { size: number; format: ImportFormat | null; tooLarge: boolean }, maxBytes: number): AsyncGenerator<Uint8Array> {
  let head: Uint8Array[] = [];
  let headBytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    upload.size += chunk.length;
    if (upload.tooLarge || upload.size > maxBytes) throw tooLarge(maxBytes);
    if (upload.format === null) {
      head.push(chunk);
      headBytes += chunk.length;
      if (headBytes < SNIFF_BYTES) continue;
      upload.format = sniffFormat(Buffer.concat(head)) ?? failSniff();
      for (const part of head) yield part;
      head = [];
      continue;
    }
    yield chunk;
  }
  if (upload.tooLarge) throw tooLarge(maxBytes);
  if (upload.format === null) {
    if (headBytes === 0) throw badRequest('The file is empty');
    upload.format = sniffFormat(Buffer.concat(head)) ?? failSniff();
    for (const part of head) yield part;
  }
}

function failSniff(): never {
  throw notABook();
}

function cleanName(name: string | undefined): string {
  return (name ?? 'upload').replace(/[\u0000-\u001f\\/]/g, '_').slice(0, 200);
}
