import { Value } from '@sinclair/typebox/value';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/http/errors.ts';
import { enforceRateLimit } from '../../../platform/http/rate-limit.ts';
import { findUserById, updateUser } from '../queries.ts';
import type { AccountsDeps } from '../service.ts';
import type { UserRow } from '../users.ts';
import { endOtherAccess, forgetEndedSessions } from '../sessions/other-access.ts';
import { EmailAddress, PASSWORD_MAX, PASSWORD_MIN } from './model.ts';
import { emailUsedByAnother, lockEmailAddress } from './queries.ts';
import { requireRecentSignIn, SIGN_IN_AGAIN } from './fresh-sign-in.ts';

/** Guessing the current password from a stolen session is as slow as guessing it at the login. */
export const PASSWORD_CHANGE_LIMIT = { max: 10, windowSeconds: 600 };
/** Each change answers whether another account uses an address: not a way to probe many. */
export const EMAIL_CHANGE_LIMIT = { max: 10, windowSeconds: 3600 };

export const PASSWORD_ERRORS = {
  tooShort: `new_password must be at least ${PASSWORD_MIN} characters`,
  tooLong: `new_password must be at most ${PASSWORD_MAX} characters`,
  currentMissing: 'current_password is required to change a password',
  currentWrong: 'current_password is wrong',
  signInAgain: SIGN_IN_AGAIN,
} as const;
export const EMAIL_ERRORS = {
  invalid: 'email must be an email address',
  taken: 'That email address is used by another account',
} as const;

/** Who asks for a password change: the account and the session it is signed in with. */
export interface PasswordChanger {
  userId: string;
  sessionId: string | null;
}

/**
 * Sets a password (an account from a login provider has none: that needs a sign-in of the last
 * minutes, fresh-sign-in.ts) or changes it, which needs the current one. Hashed with Bun.password
 * (argon2id), like every password here. With the new password every other session, legacy token
 * and app password of the account ends (sessions/other-access.ts); the caller's session stays.
 */
export async function changePassword(deps: AccountsDeps, who: PasswordChanger, input: { current?: string; next: string }): Promise<{ hadPassword: boolean }> {
  if (input.next.length < PASSWORD_MIN) throw badRequest(PASSWORD_ERRORS.tooShort);
  if (input.next.length > PASSWORD_MAX) throw badRequest(PASSWORD_ERRORS.tooLong);
  const row = await findUserById(deps.db, who.userId);
  if (!row) throw notFound('Account not found');
  if (row.password_hash) {
    if (!input.current) throw badRequest(PASSWORD_ERRORS.currentMissing);
    await enforceRateLimit(deps.cache, `password-change:${who.userId}`, PASSWORD_CHANGE_LIMIT, deps.clock().getTime());
    if (!(await Bun.password.verify(input.current, row.password_hash))) throw forbidden(PASSWORD_ERRORS.currentWrong);
  } else {
    await requireRecentSignIn(deps, who.userId, who.sessionId);
  }
  const hash = await Bun.password.hash(input.next);
  const ended = await deps.db.transaction().execute(async (trx) => {
    await updateUser(trx, who.userId, { password_hash: hash });
    return endOtherAccess(trx, who.userId, who.sessionId, deps.clock());
  });
  await forgetEndedSessions(deps.cache, ended, deps.log);
  return { hadPassword: row.password_hash !== null };
}

export function isEmailAddress(text: string): boolean {
  return Value.Check(EmailAddress, text);
}

/**
 * A new email address for the account. It is unverified (email_verified false): only a verified
 * address links a provider login to an account (signin/provider-accounts.ts), so typing someone's
 * address here can never take over their provider login. An address another account uses is 409;
 * the check and the write hold a lock on the address, so two accounts cannot take it at once. The
 * same address in other letter case keeps its verification.
 */
export async function changeEmail(deps: AccountsDeps, userId: string, email: string): Promise<UserRow> {
  const address = email.trim();
  if (!isEmailAddress(address)) throw badRequest(EMAIL_ERRORS.invalid);
  await enforceRateLimit(deps.cache, `email-change:${userId}`, EMAIL_CHANGE_LIMIT, deps.clock().getTime());
  return deps.db.transaction().execute(async (trx) => {
    await lockEmailAddress(trx, address);
    const row = await findUserById(trx, userId);
    if (!row) throw notFound('Account not found');
    if (row.email === address) return row;
    if (await emailUsedByAnother(trx, address, userId)) throw conflict(EMAIL_ERRORS.taken);
    const sameAddress = row.email?.toLowerCase() === address.toLowerCase();
    const updated = await updateUser(trx, userId, { email: address, email_verified: sameAddress && row.email_verified });
    if (!updated) throw notFound('Account not found');
    return updated;
  });
}
