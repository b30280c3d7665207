import { sql, type Kysely } from 'kysely';

/**
 * Discovery deck (src/features/discovery):
 * - saved_to_library: the "save" swipe put the book into the library (it was not there before), so
 *   undoing that swipe may take it out again; a save of a book already on a shelf leaves it alone.
 * - the reader's votes newest first (created_at is bumped when a vote is replaced): the page's
 *   "undo the last swipe" and the taste profile, which reads only the most recent votes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table discovery_votes add column saved_to_library boolean not null default false`.execute(db);
  await sql`create index discovery_votes_user_recent_idx on discovery_votes (user_id, created_at desc) where user_id is not null`.execute(db);
  await sql`create index discovery_votes_session_recent_idx on discovery_votes (session_id, created_at desc) where user_id is null`.execute(db);
}
