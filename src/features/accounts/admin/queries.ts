import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../platform/db/index.ts';
import type { Role } from '../../../platform/db/schema.ts';
import type { Executor } from '../queries.ts';
import type { RoleFilter } from './model.ts';

const escapeLike = (text: string) => text.replace(/[%_\\]/g, '\\$&');

/** Each account with what the Users page shows of it: sign-in methods (a password, linked providers), its sessions and when one was last seen. */
function userListing(db: Executor) {
  return db
    .selectFrom('app_users as u')
    .select(['u.id', 'u.username', 'u.role', 'u.email', 'u.pro_until', 'u.disabled_at', 'u.created_at'])
    .select(sql<boolean>`u.password_hash is not null`.as('has_password'))
    .select(sql<string[]>`array(select distinct i.provider from user_identities i where i.user_id = u.id order by i.provider)`.as('providers'))
    .select(sql<Date | null>`(select max(s.last_seen) from user_sessions s where s.user_id = u.id)`.as('last_seen'))
    .select(sql<number>`(select count(*) from user_sessions s where s.user_id = u.id)::int`.as('sessions'));
}

/**
 * A page of accounts, newest first, in one query. `q` matches part of the username or the email
 * address in any letter case. One row more than `limit` is asked for, so the caller knows whether
 * another page follows.
 */
export function listUsers(db: Executor, filter: { q: string | null; role: RoleFilter | null; offset: number; limit: number }) {
  let query = userListing(db).orderBy('u.created_at', 'desc').orderBy('u.id', 'desc').offset(filter.offset).limit(filter.limit + 1);
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q.toLowerCase())}%`;
    query = query.where((eb) => eb.or([eb(sql`lower(u.username)`, 'like', pattern), eb(sql`lower(u.email)`, 'like', pattern)]));
  }
  if (filter.role === 'disabled') query = query.where('u.disabled_at', 'is not', null);
  else if (filter.role) query = query.where('u.role', '=', filter.role);
  return query.execute();
}

export type ListedUserRow = Awaited<ReturnType<typeof listUsers>>[number];

/** One account in the list's shape (after a change). */
export function listedUser(db: Executor, id: string) {
  return userListing(db).where('u.id', '=', id).executeTakeFirst();
}

/** The account and every admin: what the last-admin rule looks at. */
export function accountAndAdmins(db: Executor, userId: string) {
  return db
    .selectFrom('app_users')
    .select(['id', 'username', 'role', 'pro_until', 'disabled_at'])
    .where((eb) => eb.or([eb('id', '=', userId), eb('role', '=', 'admin')]))
    .orderBy('id');
}

/**
 * The same rows locked for the rest of the transaction, in id order (the order account deletion
 * locks them in): two admins demoting, disabling or deleting each other at once are serialised,
 * and the second sees the first's change.
 */
export function lockAccountAndAdmins(trx: Transaction<Database>, userId: string) {
  return accountAndAdmins(trx, userId).forUpdate().execute();
}

export type LockedAccount = Awaited<ReturnType<typeof lockAccountAndAdmins>>[number];

export function setRoleAndProUntil(db: Executor, userId: string, role: Role, proUntil: Date | null, now: Date) {
  return db.updateTable('app_users').set({ role, pro_until: proUntil, updated_at: now }).where('id', '=', userId).execute();
}

export function setDisabledAt(db: Executor, userId: string, disabledAt: Date | null, now: Date) {
  return db.updateTable('app_users').set({ disabled_at: disabledAt, updated_at: now }).where('id', '=', userId).execute();
}

export function accountNames(db: Executor, userId: string) {
  return db.selectFrom('app_users').select(['id', 'username', 'role']).where('id', '=', userId).executeTakeFirst();
}

export async function emailInUse(db: Executor, email: string): Promise<boolean> {
  const row = await db.selectFrom('app_users').select('id').where(sql`lower(email)`, '=', email.toLowerCase()).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Serialises the creation of one username (any letter case) for the rest of the transaction. */
export async function lockUsername(trx: Transaction<Database>, username: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`chapterhouse:username:${username.toLowerCase()}`}))`.execute(trx);
}

/** The whole token hash of the pending invite whose hash starts with `prefix`. */
export async function pendingInviteHash(db: Executor, prefix: string, now: Date): Promise<string | undefined> {
  const row = await db
    .selectFrom('account_links')
    .select('token_hash')
    .where('kind', '=', 'invite')
    .where('token_hash', 'like', `${escapeLike(prefix)}%`)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.token_hash;
}
