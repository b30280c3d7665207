import type { Role } from '../../../platform/db/schema.ts';
import { badRequest, conflict } from '../../../platform/http/errors.ts';
import { recordAudit, type AuditActor } from '../../audit/service.ts';
import { findUserByUsername, insertUser } from '../queries.ts';
import { USERNAME } from '../users.ts';
import { NEW_PASSWORD_ERRORS, newPasswordProblem } from '../credentials/password-rules.ts';
import { EMAIL_ERRORS, isEmailAddress } from '../credentials/service.ts';
import { lockEmailAddress } from '../credentials/queries.ts';
import { createPasswordLink } from '../links/service.ts';
import type { IssuedLink } from '../links/model.ts';
import { ADMIN_USER_ERRORS, AUDIT_ACTIONS } from './messages.ts';
import type { AdminUser } from './model.ts';
import { emailInUse, lockUsername } from './queries.ts';
import { findAccount, type AdminDeps } from './service.ts';

export interface NewAccount {
  username: string;
  /** Absent or empty: the answer carries a one-time set-password link instead. */
  password?: string;
  role?: Role;
  /** Absent or empty: no address. */
  email?: string;
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/**
 * An account made by an admin: a username (USERNAME, unique in any letter case), a password that
 * passes password-rules.ts or else a set-password link for its owner, a role (default `user`) and
 * an optional, unverified email address (unique, as change-email keeps it). One transaction with
 * its audit entry; the username and address are locked while they are checked and taken.
 */
export async function createAccount(deps: AdminDeps, actor: AuditActor, input: NewAccount): Promise<{ user: AdminUser; link: IssuedLink | null }> {
  const username = input.username.trim();
  if (!USERNAME.test(username)) throw badRequest(ADMIN_USER_ERRORS.usernameInvalid);
  const email = input.email?.trim() || null;
  if (email !== null && !isEmailAddress(email)) throw badRequest(EMAIL_ERRORS.invalid);
  const password = input.password || null;
  const problem = password === null ? null : newPasswordProblem(password, username);
  if (problem) throw badRequest(NEW_PASSWORD_ERRORS[problem]);
  const passwordHash = password === null ? null : await Bun.password.hash(password);
  const role = input.role ?? 'user';
  const now = deps.clock();
  try {
    const { id, link } = await deps.db.transaction().execute(async (trx) => {
      await lockUsername(trx, username);
      if (email) await lockEmailAddress(trx, email);
      if (await findUserByUsername(trx, username)) throw conflict(ADMIN_USER_ERRORS.usernameTaken);
      if (email && (await emailInUse(trx, email))) throw conflict(EMAIL_ERRORS.taken);
      const row = await insertUser(trx, { username, email, email_verified: false, role, password_hash: passwordHash });
      const link = passwordHash ? null : await createPasswordLink(deps, { userId: row.id, createdBy: actor.id }, trx);
      await recordAudit(trx, { actor, action: AUDIT_ACTIONS.create, target: row, detail: { role, password: link ? 'link' : 'set' }, at: now });
      return { id: row.id, link };
    });
    return { user: await findAccount(deps.db, id), link };
  } catch (error) {
    // Signing up or joining took the name between the check and the insert.
    if (isUniqueViolation(error)) throw conflict(ADMIN_USER_ERRORS.usernameTaken);
    throw error;
  }
}
