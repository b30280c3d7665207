import { sql, type Kysely } from 'kysely';

/**
 * Reading statistics (features/stats): a compact daily roll-up per signed-in reader and book,
 * kept by a trigger on `progress` so every writer (the web, the mobile client, KOReader sync, the
 * sign-in merge) counts the same way:
 * - a chapter is counted as read when a reader's place moves onto it (a new book counts its first
 *   chapter), with its words (chapters.word_count);
 * - listening is the growth of audio_time within one chapter between two writes, at most 60 s a
 *   write (the player saves every few seconds; a longer jump is a seek, not listening).
 * Days are UTC days of the write's time. Anonymous readers' rows are not counted (nobody can see
 * their statistics); a reader who signs in brings their current place, not their history.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table reading_days (
      user_id uuid not null references app_users(id) on delete cascade,
      day date not null,
      slug text not null,
      chapters integer not null default 0,
      words integer not null default 0,
      listened_seconds real not null default 0,
      primary key (user_id, day, slug)
    )`.execute(db);
  await sql`
    create function progress_roll_up_day() returns trigger language plpgsql as $$
    declare
      moved boolean := tg_op = 'INSERT' or new.chapter <> old.chapter or new.user_id is distinct from old.user_id;
      listened real := 0;
      chapter_words integer := 0;
    begin
      if new.user_id is null then
        return null;
      end if;
      if not moved and new.audio_time > old.audio_time then
        listened := least(new.audio_time - old.audio_time, 60);
      end if;
      if moved then
        select coalesce(c.word_count, 0) into chapter_words from chapters c where c.book_slug = new.slug and c.number = new.chapter;
      end if;
      if moved or listened > 0 then
        insert into reading_days as d (user_id, day, slug, chapters, words, listened_seconds)
        values (new.user_id, (new.updated_at at time zone 'UTC')::date, new.slug, case when moved then 1 else 0 end, coalesce(chapter_words, 0), listened)
        on conflict (user_id, day, slug) do update set
          chapters = d.chapters + excluded.chapters,
          words = d.words + excluded.words,
          listened_seconds = d.listened_seconds + excluded.listened_seconds;
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger progress_reading_days after insert or update of chapter, audio_time, user_id on progress
    for each row execute function progress_roll_up_day()`.execute(db);
}
