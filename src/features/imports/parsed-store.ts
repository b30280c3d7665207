import type { ObjectStore } from '../../platform/objects/port.ts';
import { ImportError, type ParsedBook } from './parse/index.ts';
import { parsedKey } from './files.ts';

/** The parsed book kept beside the upload while an import waits for review (JSON; the cover as base64). */
interface StoredBook extends Omit<ParsedBook, 'cover'> {
  cover: { base64: string; contentType: string } | null;
}

export function serialise(book: ParsedBook): StoredBook {
  return { ...book, cover: book.cover ? { base64: Buffer.from(book.cover.bytes).toString('base64'), contentType: book.cover.contentType } : null };
}

export async function loadParsed(objects: ObjectStore, taskId: string): Promise<ParsedBook> {
  const stored = await objects.get(parsedKey(taskId));
  if (!stored) throw new ImportError('corrupt', 'The reviewed split is gone; run the import again');
  const book = (await new Response(stored.body).json()) as StoredBook;
  return { ...book, cover: book.cover ? { bytes: new Uint8Array(Buffer.from(book.cover.base64, 'base64')), contentType: book.cover.contentType } : null };
}
