import { sql, type Kysely } from 'kysely';

/**
 * Seeking in a chapter's audio before and after it is stored:
 * - audio_jobs.jump_to: the chunk a listener asked to hear next (a stream from a sentence the job has
 *   not reached); the job reads it between chunks, narrates from there, then fills in what it skipped.
 * - audio_files.chunks: `[{byte, start}]` for each chunk of the script, where its audio begins in the
 *   stored object (bytes) and in time (seconds); NULL for audio stored before it was kept.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table audio_jobs add column jump_to integer`.execute(db);
  await sql`alter table audio_files add column chunks jsonb`.execute(db);
}
