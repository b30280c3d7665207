import type { Db } from '../../platform/db/index.ts';
import type { Reader } from '../../platform/http/auth.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { Progress } from './model.ts';
import { bookExists, deleteProgress, findProgress, recentProgress, writeProgress, type ProgressRow } from './queries.ts';

/** A device clock ahead of ours must not pin progress in the future, where nothing could replace it. */
const MAX_CLOCK_SKEW_MS = 60_000;

/** The reading place, and the furthest point reached (at or beyond it: reading-place.ts). */
function toProgress(row: ProgressRow): Progress {
  return {
    slug: row.slug, chapter: row.chapter, scroll: row.scroll, audio_time: row.audio_time, updated: new Date(row.updated_at).toISOString(),
    furthest_chapter: row.furthest_chapter, furthest_scroll: row.furthest_scroll,
  };
}

export function writeTime(timestamp: string | number | undefined, now: number): Date {
  if (timestamp === undefined) return new Date(now);
  const at = typeof timestamp === 'number' ? timestamp : Date.parse(timestamp);
  return new Date(Math.min(at, now + MAX_CLOCK_SKEW_MS));
}

/** The reader's place in a book, or null when they have not started it. */
export async function progressOf(db: Db, reader: Reader, slug: string): Promise<Progress | null> {
  const row = await findProgress(db, reader, slug);
  return row ? toProgress(row) : null;
}

export async function recentReading(db: Db, reader: Reader, limit = 12): Promise<Progress[]> {
  return (await recentProgress(db, reader, limit)).map(toProgress);
}

/**
 * What else recording a signed-in reader's progress does: a book saved for later moves to the
 * "reading" shelf. It is the library's rule (library/service.ts markStartedReading); src/app.ts
 * passes it in, so that progress, which the library shows, does not import the library.
 */
export type StartedReading = (userId: string, slug: string) => Promise<unknown>;

export async function recordProgress(
  db: Db,
  reader: Reader,
  input: { slug: string; chapter: number; scroll?: number; audioTime?: number; timestamp?: string | number },
  startedReading: StartedReading,
  now: Date,
): Promise<{ progress: Progress; applied: boolean; audioTimeIn: (chapter: number) => number }> {
  const at = writeTime(input.timestamp, now.getTime());
  const written = await writeProgress(db, reader, { slug: input.slug, chapter: input.chapter, scroll: input.scroll, audioTime: input.audioTime, at });
  if (!written.found) throw notFound(written.book ? 'Chapter not found' : 'Book not found');
  const { row, applied } = written;
  // Starting a book saved for later moves it to the "reading" shelf.
  if (applied && reader.kind === 'user') await startedReading(reader.userId, input.slug);
  return { progress: toProgress(row), applied, audioTimeIn: (chapter) => audioTimeIn(row, chapter) };
}

/** Seconds into the chapter's audio: the place's, or a pending look-back's; 0 for any other chapter. */
export async function audioTimeOf(db: Db, reader: Reader, slug: string, chapter: number): Promise<number> {
  const row = await findProgress(db, reader, slug);
  return row ? audioTimeIn(row, chapter) : 0;
}

export function audioTimeIn(row: Pick<ProgressRow, 'chapter' | 'audio_time' | 'back_chapter' | 'back_audio'>, chapter: number): number {
  if (row.chapter === chapter) return row.audio_time;
  return row.back_chapter === chapter ? (row.back_audio ?? 0) : 0;
}

export async function forgetProgress(db: Db, reader: Reader, slug: string): Promise<void> {
  const deleted = await deleteProgress(db, reader, slug);
  if (deleted) return;
  if (!(await bookExists(db, slug))) throw notFound('Book not found');
}
