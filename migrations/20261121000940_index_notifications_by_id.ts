import { sql, type Kysely } from 'kysely';

/**
 * Notifications are listed newest first by id (an identity: insertion order, no ties), paged with
 * `before=<id>` and trimmed to the newest 500 per user, all by walking (user_id, id desc). The
 * (user_id, created_at desc) index it replaces would leave ties between rows of one transaction.
 * notifyAdmins() inserts one row per admin with insert…select: the partial index finds them
 * without reading every account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index notifications_user_id_idx on notifications (user_id, id desc)`.execute(db);
  await sql`drop index notifications_user_idx`.execute(db);
  await sql`create index app_users_admins_idx on app_users (id) where role = 'admin'`.execute(db);
}
