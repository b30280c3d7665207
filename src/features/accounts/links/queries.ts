import { sql } from 'kysely';
import type { AccountLinkKind, Role } from '../../../platform/db/schema.ts';
import type { Executor } from '../queries.ts';

export function insertLink(db: Executor, values: { token_hash: string; kind: AccountLinkKind; user_id: string | null; role: Role | null; created_by: string | null; expires_at: Date; created_at: Date }) {
  return db.insertInto('account_links').values(values).execute();
}

export function findLink(db: Executor, tokenHash: string, kind: AccountLinkKind) {
  return db.selectFrom('account_links').select(['token_hash', 'kind', 'user_id', 'role', 'expires_at', 'used_at', 'created_by']).where('token_hash', '=', tokenHash).where('kind', '=', kind).executeTakeFirst();
}

/** Marks the link used if it still can be: true for exactly one caller, however many race. */
export async function useLink(db: Executor, tokenHash: string, usedBy: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('account_links')
    .set({ used_at: now, used_by: usedBy })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('token_hash')
    .executeTakeFirst();
  return row !== undefined;
}

/** A new set-password link replaces the account's earlier unused ones. */
export function voidPasswordLinks(db: Executor, userId: string, now: Date) {
  return db.updateTable('account_links').set({ expires_at: now }).where('kind', '=', 'password').where('user_id', '=', userId).where('used_at', 'is', null).where('expires_at', '>', now).execute();
}

/** Invites not used and not expired, newest first (the Users page lists them). */
export function pendingInvites(db: Executor, now: Date, limit: number) {
  return db
    .selectFrom('account_links')
    .leftJoin('app_users as creator', 'creator.id', 'account_links.created_by')
    .select(['account_links.token_hash', 'account_links.role', 'account_links.created_at', 'account_links.expires_at', 'creator.username as created_by_name'])
    .where('account_links.kind', '=', 'invite')
    .where('account_links.used_at', 'is', null)
    .where('account_links.expires_at', '>', now)
    .orderBy('account_links.created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Ends a pending invite at once (expires now); false when there was none to end. */
export async function expireInvite(db: Executor, tokenHash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('account_links')
    .set({ expires_at: now })
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', 'invite')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function purgeOldLinks(db: Executor, before: Date) {
  return db.deleteFrom('account_links').where(sql<boolean>`coalesce(used_at, expires_at) < ${before}`).execute();
}
