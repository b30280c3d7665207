import type { Db } from '../../../platform/db/index.ts';
import type { AudioChunk, AudioSentence } from '../../../platform/db/schema.ts';
import type { Target } from '../queries.ts';

export interface StoredTimings {
  duration: number;
  /** null: the audio was stored before timings were kept. */
  sentences: AudioSentence[] | null;
  /** Where each chunk begins in the file; null for audio stored before they were kept. */
  chunks: AudioChunk[] | null;
}

/** The timings kept with a chapter's stored audio (the primary key of audio_files), or undefined when none is stored. */
export function storedTimings(db: Db, t: Target): Promise<StoredTimings | undefined> {
  return db
    .selectFrom('audio_files')
    .select(['duration_seconds as duration', 'sentences', 'chunks'])
    .where('slug', '=', t.slug)
    .where('chapter', '=', t.chapter)
    .where('voice', '=', t.voice)
    .executeTakeFirst();
}
