import { sql, type Kysely } from 'kysely';

/**
 * Every sign-in makes a session of its own (features/accounts/sessions.ts): a sign-in from a
 * browser that already had a session ends that one and gets a new id, instead of reviving the row
 * of a device with the same user agent under its old id (which let a planted or stolen session id
 * survive its owner's sign-in). Two browsers with the same user agent are two sessions now.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table user_sessions drop constraint user_sessions_user_id_device_fingerprint_key`.execute(db);
}
