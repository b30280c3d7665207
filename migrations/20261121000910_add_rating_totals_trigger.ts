import { sql, type Kysely } from 'kysely';

/**
 * books.rating_sum / rating_count (and so the generated rating_score the rating ranking sorts on)
 * follow book_ratings in the database itself: every writer — the ratings API, the sign-in merge
 * (which updates and deletes rows directly), cascades, a fix in psql — moves the totals by the
 * same delta in the same transaction. `rating_sum = rating_sum + …` re-reads the locked row, so
 * concurrent writers cannot lose each other's changes (no read-modify-write in the app).
 *
 * A slug change of a rating row is either a rating moved to another book (both books exist: the
 * old loses it, the new gains it) or the book itself renamed (ON UPDATE CASCADE: the old slug is
 * gone and the renamed books row already carries the totals, so nothing moves).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function book_ratings_apply_totals() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update books set rating_sum = rating_sum + new.rating, rating_count = rating_count + 1 where slug = new.slug;
      elsif tg_op = 'DELETE' then
        update books set rating_sum = rating_sum - old.rating, rating_count = rating_count - 1 where slug = old.slug;
      elsif new.slug = old.slug then
        if new.rating <> old.rating then
          update books set rating_sum = rating_sum + new.rating - old.rating where slug = new.slug;
        end if;
      else
        update books set rating_sum = rating_sum - old.rating, rating_count = rating_count - 1 where slug = old.slug;
        if found then
          update books set rating_sum = rating_sum + new.rating, rating_count = rating_count + 1 where slug = new.slug;
        end if;
      end if;
      return null;
    end
    $$`.execute(db);
  // "update of rating, slug": re-owning a row (the merge's `set user_id`) does not touch books.
  await sql`
    create trigger book_ratings_totals after insert or update of rating, slug or delete on book_ratings
    for each row execute function book_ratings_apply_totals()`.execute(db);
  // One recount, inside the migration's transaction: creating the trigger locks book_ratings
  // against writes until commit, so no rating can fall between the recount and the trigger.
  await sql`
    update books b set rating_count = t.n, rating_sum = t.s
    from (
      select b2.slug, count(r.id)::int as n, coalesce(sum(r.rating), 0)::int as s
      from books b2 left join book_ratings r on r.slug = b2.slug
      group by b2.slug
    ) t
    where t.slug = b.slug and (b.rating_count <> t.n or b.rating_sum <> t.s)`.execute(db);
}

