import type { Transaction } from 'kysely';
import type { Database } from '../../../platform/db/index.ts';
import type { Role } from '../../../platform/db/schema.ts';
import { recordAudit } from '../../audit/service.ts';
import { AUDIT_ACTIONS } from '../admin/messages.ts';
import type { AccountsDeps } from '../service.ts';
import type { UserRow } from '../users.ts';
import { findUserByUsername } from '../queries.ts';
import type { UsableLink } from '../links/model.ts';
import { spendLinkOrRefusal, usableLink } from '../links/service.ts';
import { checkNewAccount, insertPasswordAccount, taken } from './new-account.ts';
import { usernameOf } from './queries.ts';
import { DetailsRefused, LinkRefused } from './refusals.ts';

type JoinDeps = Pick<AccountsDeps, 'db' | 'clock'>;

/** An invite as the join page shows it. */
export interface Invitation {
  link: UsableLink;
  /** The role the new account gets. */
  role: Role;
  /** The admin who made the invite, when that account still exists. */
  invitedBy: string | null;
}

/** The invite behind `token`; LinkRefused (404 unknown, 410 expired or used) when it cannot be used. */
export async function openInvitation(deps: JoinDeps, token: string): Promise<Invitation> {
  const link = await usableLink(deps.db, 'invite', token, deps.clock());
  if (typeof link === 'string') throw new LinkRefused('invite', link);
  return { link, role: link.role ?? 'user', invitedBy: link.createdBy ? await usernameOf(deps.db, link.createdBy) : null };
}

/**
 * Joining with an invite and a username and password: the account gets the invite's role and the
 * invite is spent in the same transaction, so of two uses at once exactly one makes an account.
 * An admin's invite is honoured whatever REGISTRATION says. The caller signs the person in.
 */
export async function joinWithInvite(deps: JoinDeps, token: string, input: { username: string; password: string }): Promise<UserRow> {
  const { link, role } = await openInvitation(deps, token);
  const details = checkNewAccount(input);
  // Told before the costly hash; the transaction checks again under a lock.
  if (await findUserByUsername(deps.db, details.username)) throw new DetailsRefused('usernameTaken');
  const passwordHash = await Bun.password.hash(details.password);
  const now = deps.clock();
  return deps.db
    .transaction()
    .execute(async (trx) => {
      const user = await insertPasswordAccount(trx, { ...details, email: null, passwordHash, role });
      await spendInvite(trx, link, user, now, 'password');
      return user;
    })
    .catch(taken);
}

/**
 * Inside the transaction that made `user`: the invite is spent, or LinkRefused rolls everything
 * back. The admins' log shows who joined, with which role and how.
 */
export async function spendInvite(trx: Transaction<Database>, link: UsableLink, user: UserRow, now: Date, via: string): Promise<void> {
  const refusal = await spendLinkOrRefusal(trx, link, user.id, now);
  if (refusal) throw new LinkRefused('invite', refusal);
  const actor = { id: user.id, username: user.username };
  await recordAudit(trx, { actor, action: AUDIT_ACTIONS.joined, target: actor, detail: { role: user.role, via }, at: now });
}
