import { sql } from 'kysely';
import type { Db } from '../../../platform/db/index.ts';
import type { Role } from '../../../platform/db/schema.ts';

export interface AppPasswordRow {
  id: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

export async function insertAppPassword(db: Db, row: { id: string; user_id: string; name: string; key_hash: string }): Promise<AppPasswordRow> {
  return db.insertInto('app_passwords').values(row).returning(['id', 'name', 'created_at', 'last_used_at']).executeTakeFirstOrThrow();
}

export function activeAppPasswords(db: Db, userId: string): Promise<AppPasswordRow[]> {
  return db
    .selectFrom('app_passwords')
    .select(['id', 'name', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function countActive(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom('app_passwords').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst();
  return row?.n ?? 0;
}

/** True when the password was the user's and still active. */
export async function revokeAppPasswordRow(db: Db, userId: string, id: string, now: Date): Promise<boolean> {
  const result = await db.updateTable('app_passwords').set({ revoked_at: now }).where('id', '=', id).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Every active app password of the account (a password was set or changed); how many. */
export async function revokeAllAppPasswordRows(db: Db, userId: string, now: Date): Promise<number> {
  const result = await db.updateTable('app_passwords').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface AppPasswordOwner {
  password_id: string;
  id: string;
  username: string;
  role: Role;
  last_used_at: Date | null;
}

/** The account whose active app password hashes to `keyHash`, if its username matches (any case). */
export async function ownerOfKey(db: Db, username: string, keyHash: string): Promise<AppPasswordOwner | undefined> {
  return db
    .selectFrom('app_passwords as p')
    .innerJoin('app_users as u', 'u.id', 'p.user_id')
    .select(['p.id as password_id', 'u.id', 'u.username', 'u.role', 'p.last_used_at'])
    .where('p.key_hash', '=', keyHash)
    .where('p.revoked_at', 'is', null)
    .where(sql`lower(u.username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function touchAppPassword(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('app_passwords').set({ last_used_at: now }).where('id', '=', id).execute();
}
