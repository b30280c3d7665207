import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../platform/db/index.ts';
import type { Role } from '../../platform/db/schema.ts';

export type Executor = Db | Transaction<Database>;

export const USER_COLUMNS = ['id', 'username', 'role', 'email', 'email_verified', 'avatar_key', 'provider_avatar_url', 'password_hash', 'created_at'] as const;

export function findUserById(db: Executor, id: string) {
  return db.selectFrom('app_users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * The user behind a token, with the look chosen in their settings (one query: it runs on every
 * signed-in request). A disabled account is nobody (its tokens are anonymous).
 */
export function findActiveUserById(db: Executor, id: string) {
  return db
    .selectFrom('app_users as u')
    .leftJoin('user_settings as s', 's.user_id', 'u.id')
    .select(USER_COLUMNS.map((column) => `u.${column}` as const))
    .select(['s.locale as look_locale', 's.theme as look_theme', 's.font_family as look_font_family', 's.font_size as look_font_size'])
    .where('u.id', '=', id)
    .where('u.disabled_at', 'is', null)
    .executeTakeFirst();
}

export function findUserByUsername(db: Executor, username: string) {
  return db.selectFrom('app_users').select(USER_COLUMNS).where(sql`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
}

export function insertUser(db: Executor, values: Parameters<ReturnType<Db['insertInto']>['values']>[0] & object) {
  return db.insertInto('app_users').values(values as never).returning(USER_COLUMNS).executeTakeFirstOrThrow();
}

export function updateUser(db: Executor, id: string, values: { role?: Role; email?: string | null; email_verified?: boolean; provider_avatar_url?: string | null; avatar_key?: string | null; password_hash?: string | null }) {
  return db
    .updateTable('app_users')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning(USER_COLUMNS)
    .executeTakeFirst();
}
