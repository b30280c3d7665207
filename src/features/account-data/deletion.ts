import type { Cache } from '../../platform/cache/port.ts';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../platform/db/index.ts';
import type { Logger } from '../../platform/log.ts';
import type { ObjectStore } from '../../platform/objects/port.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { forgetSessionChecks } from '../accounts/sessions/service.ts';
import { DELETED_TEXT } from '../comments/model.ts';
import { DELETE_ERRORS } from './model.ts';
import * as q from './queries.ts';

export interface DeletionDeps {
  db: Db;
  cache: Cache;
  objects: ObjectStore;
  log?: Logger;
}

/** Runs inside the deletion's transaction after its checks, before anything goes (an admin's deletion writes its audit entry there). */
export type DeletionHook = (trx: Transaction<Database>) => Promise<void>;

/** The typed confirmation: the username exactly (spaces around it forgiven). */
export function confirmsDeletion(typed: string | undefined, username: string): boolean {
  return typed !== undefined && typed.trim() === username;
}

/** What the confirmation page needs to know before the reader types anything. */
export async function deletionFacts(db: Db, userId: string): Promise<{ lastAdmin: boolean; liveSubscription: boolean }> {
  const user = await q.accountRow(db, userId);
  if (!user) throw notFound('Account not found');
  const lastAdmin = user.role === 'admin' && !(await q.anotherAdmin(db, userId));
  // A Pro plan without an end date may be a subscription still running at the payment provider.
  return { lastAdmin, liveSubscription: user.role === 'pro' && user.pro_until === null };
}

/**
 * Deletes the account in one transaction (queries.ts names what goes): its comments stay in their
 * threads as "[deleted]" placeholders (replies by others stay under them), the rest of its data
 * goes. The last administrator cannot delete itself (409). After the commit the sessions' cached
 * checks are dropped (every process refuses the token at once) and the avatar objects are removed;
 * a failure there is logged, never undoes the deletion.
 */
export async function deleteAccount(deps: DeletionDeps, userId: string, confirm: string | undefined, during?: DeletionHook): Promise<{ comments: number }> {
  if (confirm === undefined || confirm.trim() === '') throw badRequest(DELETE_ERRORS.missing);
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const locked = await q.lockAccountAndAdmins(trx, userId);
    const user = locked.find((row) => row.id === userId);
    if (!user) throw notFound('Account not found');
    if (!confirmsDeletion(confirm, user.username)) throw badRequest(DELETE_ERRORS.mismatch);
    // A disabled admin cannot sign in: only another enabled admin keeps the server administered.
    if (user.role === 'admin' && !locked.some((row) => row.id !== userId && row.role === 'admin' && row.disabled_at === null)) throw conflict(DELETE_ERRORS.lastAdmin);
    if (during) await during(trx);
    const sessions = await q.sessionIdsOf(trx, userId);
    const comments = await q.blankCommentsOf(trx, userId, DELETED_TEXT);
    if (!(await q.deleteAccountRow(trx, userId))) throw notFound('Account not found');
    return { sessions, comments };
  });
  await forgetSessionChecks(deps.cache, outcome.sessions).catch((error) => deps.log?.warn('could not drop cached session checks', { error: error as Error }));
  await removeAvatarObjects(deps.objects, userId).catch((error) => deps.log?.warn('could not remove avatar objects of a deleted account', { error: error as Error, user: userId }));
  deps.log?.info('account deleted', { user: userId, comments_kept: outcome.comments });
  return { comments: outcome.comments };
}

/** The stored avatar and any upload left half-way (all under avatars/<userId>/). */
async function removeAvatarObjects(objects: ObjectStore, userId: string): Promise<void> {
  const stored = await objects.list(`avatars/${userId}/`);
  for (const object of stored) await objects.delete(object.key);
}
