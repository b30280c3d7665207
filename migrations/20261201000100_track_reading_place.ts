import { sql, type Kysely } from 'kysely';

/**
 * The reading place (chapter, scroll) no longer follows every chapter opened: progress also keeps
 * the furthest point ever reached and a pending look-back (an earlier chapter opened, which
 * becomes the place only once the reader goes on reading there). The rule lives in the progress
 * write (features/progress/queries.ts). Existing rows were never further than their place.
 *
 * A writer that does not name the furthest point (a seed, a restore of an older dump) starts it at
 * the place: the trigger's WHEN keeps the progress write, which always names it, from calling it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table progress
      add column furthest_chapter integer check (furthest_chapter > 0),
      add column furthest_scroll real check (furthest_scroll >= 0 and furthest_scroll <= 1),
      add column back_chapter integer check (back_chapter > 0),
      add column back_scroll real check (back_scroll >= 0 and back_scroll <= 1),
      add column back_since timestamptz`.execute(db);
  await sql`update progress set furthest_chapter = chapter, furthest_scroll = scroll`.execute(db);
  await sql`alter table progress alter column furthest_chapter set not null, alter column furthest_scroll set not null`.execute(db);
  await sql`
    create function progress_furthest_from_place() returns trigger language plpgsql as $$
    begin
      new.furthest_chapter := coalesce(new.furthest_chapter, new.chapter);
      new.furthest_scroll := coalesce(new.furthest_scroll, new.scroll);
      return new;
    end
    $$`.execute(db);
  await sql`
    create trigger progress_furthest_from_place before insert on progress
    for each row when (new.furthest_chapter is null or new.furthest_scroll is null)
    execute function progress_furthest_from_place()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger progress_furthest_from_place on progress`.execute(db);
  await sql`drop function progress_furthest_from_place()`.execute(db);
  await sql`
    alter table progress
      drop column furthest_chapter, drop column furthest_scroll,
      drop column back_chapter, drop column back_scroll, drop column back_since`.execute(db);
}
