import { createHash } from 'node:crypto';
import type { Db } from '../../platform/db/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/log.ts';
import type { ObjectStore } from '../../platform/objects/port.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { RENDER_VERSION } from '../../platform/markup/chapter-html.ts';
import { buildEpub, type SourceChapter } from './epub/build.ts';
import { exportCover } from './cover.ts';
import type { CoverLimits } from '../covers/limits.ts';
import { GENERATOR_VERSION } from '../covers/drawn/service.ts';
import type { EpubBook } from './epub/documents.ts';
import { MAX_ZIP_ENTRIES } from './epub/zip.ts';
import type { ExportRange } from './model.ts';
import { chapterBatch, findExportBook, rangeFingerprint, type ExportBookRow } from './queries.ts';
import { streamAndStore } from './stream.ts';
import { parseRange, rangeLabel } from './range.ts';
import { asciiFileName, downloadName } from './filename.ts';
import { koreaderFileNames } from '../kosync/koreader-names.ts';
import { entryAuthor } from '../opds/entries.ts';
import { isRecordedExport, recordExportedFile } from '../kosync/service.ts';
import { PartialMd5, hashing } from '../kosync/partial-md5.ts';

export interface ExportDeps {
  db: Db;
  objects: ObjectStore;
  clock: Clock;
  log: Logger;
  coverLimits: CoverLimits;
}

/** Bump when the EPUB this feature writes changes, so stored copies are built anew (e2: SVG covers drawn to PNG; e3: drawn covers for books without one). */
export const EPUB_FORMAT = 'e3';
export const MEDIA_TYPE = 'application/epub+zip';
const BATCH = 200;
const GC_EVERY = 25;
/** Leaves room in the ZIP for the non-chapter files. */
const MAX_CHAPTERS = MAX_ZIP_ENTRIES - 16;

export interface EpubDownload {
  range: ExportRange;
  fileName: string;
  /** Where the finished file is (or is being) stored. */
  key: string;
  /** True when the stored copy is served. */
  fromStore: boolean;
  size: number | null;
  body: ReadableStream<Uint8Array>;
}

/** Where the EPUB of a request is (or would be) stored, and the names it goes by. */
interface LocatedEpub {
  book: ExportBookRow;
  range: ExportRange;
  fileName: string;
  /** Every name KOReader may give the file (its "Filename" document matching). */
  fileNames: string[];
  prefix: string;
  key: string;
}

/** The checks of a download (the book, the range) and where its file is kept; nothing is built. */
async function locateEpub(deps: ExportDeps, slug: string, query: { from?: string; to?: string }): Promise<LocatedEpub> {
  const book = await findExportBook(deps.db, slug);
  if (!book) throw notFound('Book not found');
  const range = parseRange(query, book.first_chapter, book.last_chapter);
  const print = await rangeFingerprint(deps.db, slug, range.from, range.to);
  if (print.count === 0) throw badRequest(`There are no chapters from ${range.from} to ${range.to}`);
  if (print.count > MAX_CHAPTERS) throw badRequest(`An export holds at most ${MAX_CHAPTERS} chapters; choose a shorter range`);
  const prefix = `exports/${slug}/${range.from}-${range.to}-`;
  const fileName = downloadName(book.title, range);
  // An OPDS entry's acquisition link is the whole book, without from or to (opds/links.ts epubPath).
  const viaOpds = query.from === undefined && query.to === undefined;
  const fileNames = koreaderFileNames({ exact: fileName, ascii: asciiFileName(fileName), ...(viaOpds ? { opds: { title: book.title, author: entryAuthor(book.author), slug } } : {}) });
  return { book, range, fileName, fileNames, prefix, key: `${prefix}${contentHash(book, print.digest ?? '')}.epub` };
}

/**
 * What a GET would send, without building anything (HEAD: KOReader reads the file name from it):
 * the file's name, and the stored copy with its size when a finished one is kept.
 */
export async function describeEpub(deps: ExportDeps, slug: string, query: { from?: string; to?: string }): Promise<{ fileName: string; size: number | null; stored: ReadableStream<Uint8Array> | null }> {
  const epub = await locateEpub(deps, slug, query);
  const stored = await deps.objects.get(epub.key);
  if (stored && (await isRecordedExport(deps.db, epub.key, epub.fileNames))) return { fileName: epub.fileName, size: stored.size, stored: stored.body };
  await stored?.body.cancel();
  return { fileName: epub.fileName, size: null, stored: null };
}

/**
 * An EPUB of a book's chapters from..to. A copy is kept in the object store under a key made of
 * the range and a hash of what the chapters are; a repeat request for an unchanged book is served
 * from it. Otherwise the book is built as it is sent: the client receives its first bytes at once
 * while the same bytes go to the store, so a long book costs one pass over its chapters.
 */
export async function exportEpub(deps: ExportDeps, slug: string, query: { from?: string; to?: string }): Promise<EpubDownload> {
  const { book, range, fileName, fileNames, prefix, key } = await locateEpub(deps, slug, query);
  const stored = await deps.objects.get(key);
  // A copy stored before its KOReader ids were recorded is built anew (and recorded) instead.
  if (stored && (await isRecordedExport(deps.db, key, fileNames))) return { range, fileName, key, fromStore: true, size: stored.size, body: stored.body };
  await stored?.body.cancel();
  const now = deps.clock();
  const cover = await exportCover(deps, book);
  // The spine as content.opf lists it: the cover page (when there is one), the title page, the chapters.
  const spine: (number | null)[] = cover ? [null, null] : [null];
  const chapters = tapNumbers(chaptersOf(deps.db, slug, range), spine);
  const epub = buildEpub({ book: epubBook(book, range, now), cover, chapters, modified: now });
  const hash = new PartialMd5();
  const body = streamAndStore(epub, async (bytes) => {
    await deps.objects.put(key, hashing(bytes, hash), { contentType: MEDIA_TYPE });
    // The stored object is complete: these are the exact bytes every later download is served.
    await recordExportedFile(deps.db, { objectKey: key, slug, range, fileNames, partialMd5: hash.digest(), spine });
    await removeOlderCopies(deps.objects, prefix, key);
  }, deps.log);
  return { range, fileName, key, fromStore: false, size: null, body };
}

function contentHash(book: ExportBookRow, chapters: string): string {
  const parts = [EPUB_FORMAT, RENDER_VERSION, book.title, book.author, book.description, book.cover_key ?? `drawn:${GENERATOR_VERSION}`, book.language, chapters];
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 24);
}

/** urn:uuid stable per book and range (a name-based, version 5 style UUID). */
export function bookIdentifier(slug: string, range: ExportRange): string {
  const h = createHash('sha1').update(`chapterhouse:${slug}:${range.from}-${range.to}`).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `urn:uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function epubBook(book: ExportBookRow, range: ExportRange, now: Date, identity = book.slug): EpubBook {
  return {
    title: book.title,
    author: book.author || 'Unknown',
    description: book.description,
    language: book.language,
    identifier: bookIdentifier(identity, range),
    date: now.toISOString().slice(0, 10),
    rangeLabel: rangeLabel(range),
  };
}

async function* chaptersOf(db: Db, slug: string, range: ExportRange): AsyncGenerator<SourceChapter> {
  let after = range.from - 1;
  for (;;) {
    const batch = await chapterBatch(db, slug, after, range.to, BATCH);
    for (let i = 0; i < batch.length; i++) {
      // A young-generation collection every few chapters keeps a long export's garbage (row
      // buffers, renderings) from piling up to the runtime's own threshold: memory stays flat.
      if (i % GC_EVERY === 0) Bun.gc(false);
      yield batch[i]!;
    }
    if (batch.length < BATCH) return;
    after = batch[batch.length - 1]!.number;
  }
}

async function* tapNumbers(chapters: AsyncIterable<SourceChapter>, into: (number | null)[]): AsyncGenerator<SourceChapter> {
  for await (const chapter of chapters) {
    into.push(chapter.number);
    yield chapter;
  }
}

/** Copies of the same range made before the book changed are never served again. */
export async function removeOlderCopies(objects: ObjectStore, prefix: string, keep: string): Promise<void> {
  for (const old of await objects.list(prefix)) if (old.key !== keep) await objects.delete(old.key);
}
