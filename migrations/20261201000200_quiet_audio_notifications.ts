import { sql, type Kysely } from 'kysely';

/**
 * "Audio ready" only where it tells the reader something (docs/api.md "Audio"): `asked` when a
 * reader asked for the chapter itself (not the player fetching the next one ahead), `heard` once
 * its narration was streamed to someone. And one notification per book: `topic` names what an
 * unread notification is about (`audio-ready:<slug>`), `items` the chapters it gathers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table audio_jobs add column asked boolean not null default false`.execute(db);
  await sql`alter table audio_jobs add column heard boolean not null default false`.execute(db);
  await sql`alter table notifications add column topic text`.execute(db);
  await sql`alter table notifications add column items integer[]`.execute(db);
  await sql`create unique index notifications_unread_topic_idx on notifications (user_id, topic) where read = false and topic is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index notifications_unread_topic_idx`.execute(db);
  await sql`alter table notifications drop column items`.execute(db);
  await sql`alter table notifications drop column topic`.execute(db);
  await sql`alter table audio_jobs drop column heard`.execute(db);
  await sql`alter table audio_jobs drop column asked`.execute(db);
}
