import { framesAndDuration, type Mp3Duration } from './frames.ts';
import { audiobookTag } from './tag.ts';
import type { AudiobookChapter, AudiobookMeta, ChapterMark } from './types.ts';

export { chapterMarks } from './marks.ts';

/**
 * How far a chapter's real end may be from its mark before the file is refused. Marks made from
 * the frames' lengths (mp3Duration, cbrSeconds) are right to the millisecond; a larger gap means
 * they were made from other lengths (the stored speech duration, say), and every chapter after
 * it would be announced too early or too late.
 */
export const MARK_TOLERANCE_MS = 250;

/**
 * One audiobook MP3, as pieces to write out in order: the tag (metadata, cover, chapters), then
 * each chapter's audio frames. A chapter's bytes are read only when the previous chapter has been
 * handed on, so memory holds one chapter whatever the book's length. Throws, before yielding it,
 * when a chapter does not fit the file: another sample rate, bit rate or channel count than the
 * first (many players cannot follow such a change in the middle of a file), a chapter that is not the next mark's,
 * or audio whose length does not match its mark.
 */
export async function* assembleAudiobook(meta: AudiobookMeta, chapters: AsyncIterable<AudiobookChapter>, marks: ChapterMark[]): AsyncGenerator<Uint8Array> {
  yield audiobookTag(meta, marks);
  let first: { number: number; format: Mp3Duration } | null = null;
  let index = 0;
  let endSeconds = 0;
  for await (const chapter of chapters) {
    const mark = marks[index];
    if (!mark || mark.id !== `ch${chapter.number}`) {
      throw new Error(`Chapter ${chapter.number} comes where the marks have ${mark ? `${mark.id}` : 'no more chapters'}`);
    }
    const { frames, duration: format } = framesAndDuration(await chapter.bytes());
    first ??= { number: chapter.number, format };
    if (!sameFormat(format, first.format)) {
      throw new Error(`Chapter ${chapter.number} is ${describe(format)} but chapter ${first.number} is ${describe(first.format)}: one audiobook file needs one format; narrate the chapter again with the same voice`);
    }
    endSeconds += format.seconds;
    const driftMs = Math.abs(endSeconds * 1000 - mark.endMs);
    if (driftMs > MARK_TOLERANCE_MS) {
      throw new Error(`Chapter ${chapter.number} ends at ${(endSeconds * 1000).toFixed(0)} ms of audio but its mark says ${mark.endMs} ms: the marks were not made from these chapters' durations`);
    }
    yield frames;
    index++;
  }
  if (index !== marks.length) throw new Error(`The marks list ${marks.length} chapters but ${index} came`);
}

const sameFormat = (a: Mp3Duration, b: Mp3Duration): boolean => a.sampleRate === b.sampleRate && a.kbps === b.kbps && a.channels === b.channels;

const describe = (f: Mp3Duration): string => `${f.sampleRate} Hz, ${f.kbps} kbit/s, ${f.channels === 1 ? 'mono' : 'stereo'}`;
