import { sql, type Kysely } from 'kysely';

/**
 * Sentence timings of stored audio: `[{start, end, text}]` in speaking order (seconds from the start
 * of the file, to the millisecond), written by the audio job with the file's row, for the player's
 * highlight of the sentence being spoken. NULL for audio stored before timings were kept.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table audio_files add column sentences jsonb`.execute(db);
}
