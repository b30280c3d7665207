import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../platform/db/index.ts';
import type { Role } from '../../platform/db/schema.ts';

export type Executor = Db | Transaction<Database>;

const USER_COLUMNS = ['id', 'username', 'role', 'email', 'email_verified', 'avatar_key', 'provider_avatar_url', 'password_hash', 'created_at'] as const;

export function findUserById(db: Executor, id: string) {
  return db.selectFrom('app_users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findUserByUsername(db: Executor, username: string) {
  return db.selectFrom('app_users').select(USER_COLUMNS).where(sql`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
}

export function findUserByVerifiedEmail(db: Executor, email: string) {
  return db
    .selectFrom('app_users')
    .select(USER_COLUMNS)
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('email_verified', '=', true)
    .orderBy('created_at')
    .executeTakeFirst();
}

export function findUserByIdentity(db: Executor, provider: string, providerUserId: string) {
  return db
    .selectFrom('user_identities as i')
    .innerJoin('app_users as u', 'u.id', 'i.user_id')
    .select(USER_COLUMNS.map((c) => `u.${c}` as const))
    .where('i.provider', '=', provider as never)
    .where('i.provider_user_id', '=', providerUserId)
    .executeTakeFirst();
}

export async function usernameTaken(db: Executor, username: string): Promise<boolean> {
  return (await findUserByUsername(db, username)) !== undefined;
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

export async function emailUsedByAnother(db: Executor, email: string, userId: string): Promise<boolean> {
  const row = await db.selectFrom('app_users').select('id').where(sql`lower(email)`, '=', email.toLowerCase()).where('id', '<>', userId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Serialises changes to one address (any letter case) for the rest of the transaction. */
export async function lockEmailAddress(trx: Transaction<Database>, email: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`chapterhouse:email:${email.toLowerCase()}`}))`.execute(trx);
}

export function linkIdentity(db: Executor, userId: string, provider: 'google' | 'github' | 'oidc', providerUserId: string, email: string | null) {
  return db
    .insertInto('user_identities')
    .values({ user_id: userId, provider, provider_user_id: providerUserId, email })
    .onConflict((oc) => oc.columns(['provider', 'provider_user_id']).doNothing())
    .execute();
}

export function listUsers(db: Executor, query: string | null, limit: number) {
  let q = db.selectFrom('app_users').select(['id', 'username', 'role', 'email', 'created_at']).orderBy('created_at', 'desc').limit(limit);
  if (query) q = q.where(sql`lower(username)`, 'like', `%${query.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`);
  return q.execute();
}

export async function anyAdmin(db: Executor): Promise<boolean> {
  return (await db.selectFrom('app_users').select('id').where('role', '=', 'admin').limit(1).executeTakeFirst()) !== undefined;
}

export async function anyPassword(db: Executor): Promise<boolean> {
  return (await db.selectFrom('app_users').select('id').where('password_hash', 'is not', null).limit(1).executeTakeFirst()) !== undefined;
}

/** Serialises owner set-up across processes for the rest of the transaction. */
export async function lockOwnerSetup(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('chapterhouse:owner-setup'))`.execute(trx);
}
