import type { UserRow } from '../users.ts';
import type { AccountsDeps } from '../service.ts';
import { findUserById, updateUser } from '../queries.ts';
import { recordAudit } from '../../audit/service.ts';
import { AUDIT_ACTIONS } from '../admin/messages.ts';
import { newPasswordProblem } from '../credentials/password-rules.ts';
import { endOtherAccess, forgetEndedSessions } from '../sessions/other-access.ts';
import type { UsableLink } from '../links/model.ts';
import { spendLinkOrRefusal, usableLink } from '../links/service.ts';
import { DetailsRefused, LinkRefused } from './refusals.ts';

/** The set-password link behind `token` and its account; LinkRefused when it cannot be used. */
export async function openPasswordLink(deps: Pick<AccountsDeps, 'db' | 'clock'>, token: string): Promise<{ link: UsableLink; user: UserRow }> {
  const link = await usableLink(deps.db, 'password', token, deps.clock());
  if (typeof link === 'string') throw new LinkRefused('password', link);
  const user = link.userId ? await findUserById(deps.db, link.userId) : undefined;
  if (!user) throw new LinkRefused('password', 'unknown');
  return { link, user };
}

/**
 * A set-password link (an admin's "create account" or "reset password"): the account's new
 * password, under the new-password rules. In one transaction the link is spent (once, whoever
 * races) and every way into the account ends: its sessions, legacy tokens and app passwords, as
 * a password change does. The caller then signs the person in on a new session.
 */
export async function setPasswordWithLink(deps: AccountsDeps, token: string, password: string): Promise<UserRow> {
  const { link, user } = await openPasswordLink(deps, token);
  const problem = newPasswordProblem(password, user.username);
  if (problem) throw new DetailsRefused(problem);
  const passwordHash = await Bun.password.hash(password);
  const now = deps.clock();
  const { row, ended } = await deps.db.transaction().execute(async (trx) => {
    const refusal = await spendLinkOrRefusal(trx, link, user.id, now);
    if (refusal) throw new LinkRefused('password', refusal);
    const updated = await updateUser(trx, user.id, { password_hash: passwordHash });
    if (!updated) throw new LinkRefused('password', 'unknown');
    const actor = { id: updated.id, username: updated.username };
    await recordAudit(trx, { actor, action: AUDIT_ACTIONS.passwordSet, target: actor, at: now });
    return { row: updated, ended: await endOtherAccess(trx, user.id, null, now) };
  });
  await forgetEndedSessions(deps.cache, ended, deps.log);
  return row;
}
