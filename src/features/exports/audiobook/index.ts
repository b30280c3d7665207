/**
 * The audiobook file writer: chapters' stored MP3s joined into one MP3 whose ID3v2 tag carries
 * the book's metadata, its cover and one CHAP frame per chapter (with a CTOC listing them).
 *
 *   const marks = chapterMarks(rows.map((r) => ({ number: r.chapter, title: r.title, durationSeconds: cbrSeconds(r.sizeBytes, MP3_KBPS) })));
 *   for await (const piece of assembleAudiobook(meta, chaptersInOrder, marks)) await sink.write(piece);
 */
export { assembleAudiobook, MARK_TOLERANCE_MS } from './assemble.ts';
export { cbrSeconds, chapterMarks } from './marks.ts';
export { audioFrames, framesAndDuration, mp3Duration, type Mp3Duration } from './frames.ts';
export { audiobookTag, MAX_TOC_ENTRIES } from './tag.ts';
export { iso639Part2 } from './language.ts';
export type { AudiobookChapter, AudiobookCover, AudiobookMeta, ChapterMark } from './types.ts';
