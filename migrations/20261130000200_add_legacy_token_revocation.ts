import { sql, type Kysely } from 'kysely';

/**
 * Legacy three-segment tokens name no session, so deleting sessions cannot end them. Setting or
 * changing a password sets this flag, and from then on that account's legacy tokens are refused
 * (nothing issues them any more, so a valid one can only be an old or a stolen one).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table app_users add column legacy_tokens_revoked boolean not null default false`.execute(db);
}
