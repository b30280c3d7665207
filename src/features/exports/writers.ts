import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { CoverImage } from '../export/epub/build.ts';
import type { ExportBookRow } from '../export/queries.ts';
import { epubBook } from '../export/service.ts';
import { rangeLabel } from '../export/range.ts';
import { buildNarratedEpub } from './narrated-epub/build.ts';
import { audiobookTag, chapterMarks, framesAndDuration, type AudiobookMeta } from './audiobook/index.ts';
import type { PackedChapter } from './chapters.ts';
import type { ExportFormat, ExportJobPayload } from './model.ts';
import { MEDIA_TYPES } from './keys.ts';

export interface ExportWriterInput {
  job: ExportJobPayload;
  book: ExportBookRow;
  cover: CoverImage | null;
  /** In order, one at a time. */
  chapters: AsyncIterable<PackedChapter>;
  modified: Date;
  scratchDir: string;
}

export interface WrittenExport {
  body: AsyncIterable<Uint8Array>;
  contentType: string;
  /** Removes what the writer kept on disk; called once the body has been stored (or failed). */
  cleanup?: () => Promise<void>;
}

export const writers: Record<ExportFormat, (input: ExportWriterInput) => Promise<WrittenExport>> = {
  'epub-narrated': async (input) => ({ body: narratedEpub(input), contentType: MEDIA_TYPES['epub-narrated'] }),
  audiobook: audiobook,
};

/** The EPUB is written as its chapters arrive: nothing but titles and lengths stays in memory. */
async function* narratedEpub({ job, book, cover, chapters, modified }: ExportWriterInput): AsyncGenerator<Uint8Array> {
  const range = { from: job.from, to: job.to };
  // Its own identifier: a narrated edition is another publication than the plain EPUB of the range.
  const meta = epubBook(book, range, modified, `${book.slug}:narrated:${job.voice}`);
  yield* buildNarratedEpub({
    book: meta,
    cover,
    modified,
    chapters: (async function* () {
      for await (const chapter of chapters) {
        yield { number: chapter.number, title: chapter.title, text: chapter.text, sentences: chapter.sentences, audio: { bytes: async () => chapter.mp3, durationSeconds: chapter.durationSeconds } };
      }
    })(),
  });
}

/**
 * An audiobook's tag comes first and holds every chapter's mark, which needs every chapter's exact
 * length: the chapters' frames go to a scratch file as they are read (their lengths counted), then
 * the tag and that file are stored as one. Memory holds one chapter; the disk, the book's audio once.
 */
async function audiobook({ job, book, cover, chapters, scratchDir, modified }: ExportWriterInput): Promise<WrittenExport> {
  await mkdir(scratchDir, { recursive: true });
  await sweepScratch(scratchDir, modified);
  const file = join(scratchDir, `${randomUUID()}.mp3`);
  const cleanup = () => rm(file, { force: true });
  try {
    const lengths: { number: number; title: string; durationSeconds: number }[] = [];
    const out = createWriteStream(file);
    let rate: number | null = null;
    try {
      for await (const chapter of chapters) {
        const { frames, duration } = framesAndDuration(chapter.mp3);
        if (rate !== null && duration.sampleRate !== rate) throw new Error(`chapter ${chapter.number} is at ${duration.sampleRate} Hz, the others at ${rate} Hz`);
        rate = duration.sampleRate;
        lengths.push({ number: chapter.number, title: chapter.title.trim() || `Chapter ${chapter.number}`, durationSeconds: duration.seconds });
        if (!out.write(frames)) await new Promise((resolve) => out.once('drain', resolve));
      }
    } finally {
      await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    }
    const meta: AudiobookMeta = {
      bookTitle: book.title,
      rangeLabel: rangeLabel({ from: job.from, to: job.to }).toLowerCase(),
      author: book.author || undefined,
      language: book.language,
      description: book.description || undefined,
      ...(cover && (cover.mediaType === 'image/jpeg' || cover.mediaType === 'image/png') ? { cover: { bytes: cover.bytes, mime: cover.mediaType } } : {}),
    };
    const tag = audiobookTag(meta, chapterMarks(lengths));
    return { body: tagThenFile(tag, file), contentType: MEDIA_TYPES.audiobook, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/**
 * A build stopped hard (its worker killed, the process gone) leaves its scratch file: any not
 * written to for an hour is no live build's, and goes at the next audiobook's start.
 */
async function sweepScratch(dir: string, now: Date): Promise<void> {
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && now.getTime() - info.mtimeMs > STALE_SCRATCH_MS) await rm(path, { force: true });
  }
}

const STALE_SCRATCH_MS = 3600_000;

/** Pieces of the scratch file read between two full collections (16 MB): a worker thread's own GC lets read buffers pile up. */
const PIECES_PER_GC = 64;

async function* tagThenFile(tag: Uint8Array, file: string): AsyncGenerator<Uint8Array> {
  yield tag;
  let pieces = 0;
  for await (const piece of createReadStream(file, { highWaterMark: 256 * 1024 })) {
    yield piece as Uint8Array;
    if (++pieces % PIECES_PER_GC === 0) Bun.gc(true);
  }
}
