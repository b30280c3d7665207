import type { Transaction } from 'kysely';
import type { Database } from '../../../platform/db/index.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { recordAudit, type AuditActor } from '../../audit/service.ts';
import { createPasswordLink } from '../links/service.ts';
import type { IssuedLink } from '../links/model.ts';
import { endAllAccess, forgetEndedSessions } from '../sessions/other-access.ts';
import { keepAnAdmin } from './last-admin.ts';
import { ADMIN_USER_ERRORS, AUDIT_ACTIONS } from './messages.ts';
import { accountAndAdmins, accountNames, lockAccountAndAdmins } from './queries.ts';
import type { AdminDeps } from './service.ts';

/**
 * Deleting an account as its owner would (features/account-data, which imports this feature, so it
 * is handed in by app.ts): `confirm` is the username, and `during` runs inside the deletion's
 * transaction after its own checks, before anything is removed.
 */
export type AccountRemoval = (userId: string, confirm: string, during: (trx: Transaction<Database>) => Promise<void>) => Promise<void>;

async function accountOrNotFound(db: AdminDeps['db'], userId: string) {
  const account = await accountNames(db, userId);
  if (!account) throw notFound(ADMIN_USER_ERRORS.notFound);
  return account;
}

/** Sign out everywhere: every session, legacy token and app password of the account ends at once, in every process. */
export async function signOutEverywhere(deps: AdminDeps, actor: AuditActor, userId: string): Promise<void> {
  const now = deps.clock();
  const ended = await deps.db.transaction().execute(async (trx) => {
    const account = await accountOrNotFound(trx, userId);
    const sessions = await endAllAccess(trx, userId, now);
    await recordAudit(trx, { actor, action: AUDIT_ACTIONS.signOut, target: account, detail: { sessions: sessions.length }, at: now });
    return sessions;
  });
  await forgetEndedSessions(deps.cache, ended, deps.log);
}

/** A set-password link for the account's owner (earlier unused ones stop working); signs nobody out by itself. */
export async function issuePasswordReset(deps: AdminDeps, actor: AuditActor, userId: string): Promise<IssuedLink> {
  const now = deps.clock();
  return deps.db.transaction().execute(async (trx) => {
    const account = await accountOrNotFound(trx, userId);
    const link = await createPasswordLink(deps, { userId, createdBy: actor.id }, trx);
    await recordAudit(trx, { actor, action: AUDIT_ACTIONS.passwordReset, target: account, detail: { expires_at: link.expiresAt.toISOString() }, at: now });
    return link;
  });
}

/**
 * Deletes the account with the reader's own deletion (comments stay as "[deleted]", everything else
 * goes, sessions end everywhere). The last enabled admin stays: checked first for a clear answer,
 * then again under the deletion's locks, where the audit entry is written.
 */
export async function removeAccount(deps: AdminDeps, removal: AccountRemoval, actor: AuditActor, userId: string): Promise<void> {
  const account = await accountOrNotFound(deps.db, userId);
  keepAnAdmin(await accountAndAdmins(deps.db, userId).execute(), userId, 'delete');
  await removal(userId, account.username, async (trx) => {
    keepAnAdmin(await lockAccountAndAdmins(trx, userId), userId, 'delete');
    await recordAudit(trx, { actor, action: AUDIT_ACTIONS.delete, target: account, detail: { role: account.role }, at: deps.clock() });
  });
}
