import { sql, type Kysely } from 'kysely';

/**
 * The reading_days trigger (20261128000400) called its function for every progress write, though
 * most writes add nothing there: anonymous readers' rows are not counted, and an update that
 * neither moves the reader to another chapter (or account) nor grows the audio time leaves the
 * roll-up alone. WHEN clauses now skip those before the function is called. The function is
 * unchanged and these are exactly the cases where it returned without writing, so the counts
 * are the same.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop trigger progress_reading_days on progress`.execute(db);
  await sql`
    create trigger progress_reading_days_insert after insert on progress
    for each row when (new.user_id is not null) execute function progress_roll_up_day()`.execute(db);
  await sql`
    create trigger progress_reading_days_update after update of chapter, audio_time, user_id on progress
    for each row when (
      new.user_id is not null
      and (new.chapter <> old.chapter or new.user_id is distinct from old.user_id or new.audio_time > old.audio_time)
    ) execute function progress_roll_up_day()`.execute(db);
}
