import { sql, type Kysely } from 'kysely';

/**
 * Stored audio and the catalogue: `books.has_audio` ("at least one chapter has stored audio",
 * the browse filter `audio=1` and /api/audio/slugs) follows `audio_files` in the database itself,
 * like the rating totals: whoever stores or deletes audio (the audio job, a later admin cleanup,
 * a cascade, a fix in psql), the flag moves in the same transaction. An insert sets it; a delete
 * or a move to another book re-checks the old book through the primary key's slug prefix.
 *
 * The two indexes serve the admin audio-cache listing (newest first) and the job history.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function audio_files_apply_has_audio() returns trigger language plpgsql as $$
    begin
      if tg_op in ('INSERT', 'UPDATE') then
        update books set has_audio = true where slug = new.slug and not has_audio;
      end if;
      if tg_op = 'DELETE' or (tg_op = 'UPDATE' and new.slug <> old.slug) then
        update books set has_audio = exists (select 1 from audio_files f where f.slug = old.slug)
        where slug = old.slug and has_audio;
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger audio_files_has_audio after insert or update of slug or delete on audio_files
    for each row execute function audio_files_apply_has_audio()`.execute(db);
  await sql`update books b set has_audio = exists (select 1 from audio_files f where f.slug = b.slug) where has_audio <> exists (select 1 from audio_files f where f.slug = b.slug)`.execute(db);

  await sql`create index audio_files_recent_idx on audio_files (created_at desc)`.execute(db);
  await sql`create index audio_jobs_recent_idx on audio_jobs (created_at desc)`.execute(db);
}
