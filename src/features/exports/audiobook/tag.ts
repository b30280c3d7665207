import NodeID3 from 'node-id3';
import { iso639Part2 } from './language.ts';
import type { AudiobookMeta, ChapterMark } from './types.ts';

/**
 * A CTOC frame counts its entries in one byte. Past 255 chapters the tag has no CTOC: readers
 * that follow it would show a truncated or wrapped-around list (node-id3 writes the count in two
 * bytes, a broken frame; BookPlayer shows n mod 256 chapters, TortugaPower/BookPlayer#1022),
 * while readers of the CHAP frames alone (ffprobe, music-metadata, podcast apps) list them all.
 */
export const MAX_TOC_ENTRIES = 255;
const TOC_ID = 'toc';
const FRONT_COVER = 3;

/** The ID3v2.3 tag in front of an audiobook's audio: the book's metadata, its cover and its chapters. */
export function audiobookTag(meta: AudiobookMeta, chapters: ChapterMark[]): Uint8Array {
  checkMarks(chapters);
  const language = meta.language ? iso639Part2(meta.language) : null;
  // node-id3 writes the frames in the order of these keys: the cover, by far the largest, goes last.
  const tags: NodeID3.Tags = {
    title: meta.rangeLabel ? `${meta.bookTitle} (${meta.rangeLabel})` : meta.bookTitle,
    album: meta.bookTitle,
    genre: 'Audiobook',
  };
  if (meta.author) Object.assign(tags, { artist: meta.author, performerInfo: meta.author });
  if (meta.year !== undefined) tags.year = String(meta.year);
  if (language) tags.language = language;
  if (chapters.length) tags.length = String(chapters.at(-1)!.endMs);
  tags.chapter = chapters.map((mark) => ({ elementID: mark.id, startTimeMs: mark.startMs, endTimeMs: mark.endMs, tags: { title: mark.title } }));
  if (chapters.length && chapters.length <= MAX_TOC_ENTRIES) {
    // node-id3 marks the first CTOC it writes as the top-level one.
    tags.tableOfContents = [{ elementID: TOC_ID, isOrdered: true, elements: chapters.map((mark) => mark.id) }];
  }
  // COMM needs a three-letter language; ISO 639-2 has "und" for one not known.
  if (meta.description) tags.comment = { language: language ?? 'und', text: meta.description };
  if (meta.cover) tags.image = { mime: meta.cover.mime, type: { id: FRONT_COVER }, description: '', imageBuffer: Buffer.from(meta.cover.bytes) };
  const tag = NodeID3.create(tags);
  return new Uint8Array(tag.buffer, tag.byteOffset, tag.byteLength);
}

function checkMarks(chapters: ChapterMark[]): void {
  const ids = new Set<string>();
  for (const mark of chapters) {
    const { id, startMs, endMs } = mark;
    // Element ids are ISO-8859-1 text ended by a zero byte; the CTOC's id must not be taken.
    if (!/^[\x21-\x7e]+$/.test(id) || id === TOC_ID || ids.has(id)) throw new Error(`Chapter mark id ${JSON.stringify(id)} is empty, not plain ASCII, or used twice`);
    ids.add(id);
    // CHAP times are 32-bit whole milliseconds; node-id3 leaves out a chapter that ends at 0.
    if (!Number.isInteger(startMs) || !Number.isInteger(endMs) || startMs < 0 || endMs <= startMs || endMs > 0xffffffff) {
      throw new Error(`Chapter mark ${id} runs from ${startMs} to ${endMs} ms: it needs whole milliseconds, start < end`);
    }
  }
}
