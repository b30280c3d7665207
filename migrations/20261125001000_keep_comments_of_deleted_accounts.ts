import { sql, type Kysely } from 'kysely';

/**
 * Deleting an account keeps its comments in their threads as "[deleted]" placeholders (the
 * conversation under them survives): the author becomes NULL instead of taking the comments with
 * it. A comment without an author must be a deleted one, so no text is ever shown without a name
 * and no name is ever looked up for it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table book_comments drop constraint book_comments_author_id_fkey`.execute(db);
  await sql`alter table book_comments alter column author_id drop not null`.execute(db);
  await sql`
    alter table book_comments
      add constraint book_comments_author_id_fkey foreign key (author_id) references app_users (id) on delete set null,
      add constraint book_comments_authorless_deleted check (author_id is not null or deleted_at is not null)`.execute(db);
}
