import { badRequest, conflict } from '../../../platform/http/errors.ts';
import { NEW_PASSWORD_ERRORS, newPasswordProblem } from '../credentials/password-rules.ts';
import { findUserByUsername, insertUser } from '../queries.ts';
import type { AccountsDeps } from '../service.ts';
import type { UserRow } from '../users.ts';
import { anyAdmin, anyPassword, lockOwnerSetup } from './queries.ts';

/**
 * First run: a fresh install has no admin and, until an operator configures a login provider, no
 * way to sign in. Like other self-hosted servers, the first visitor to /login may create the owner
 * account (username and password, role admin) exactly once; after that /login offers a password
 * form beside the providers. Public registration is REGISTRATION's (closed by default: 410).
 */
export interface SignInOptions {
  /** No admin yet: /login offers to create the owner account. */
  ownerSetup: boolean;
  /** Some account has a password: /login shows the password form. */
  passwordLogin: boolean;
  /** REGISTRATION=open: /login links to the sign-up form (/signup). */
  signUp: boolean;
}

export async function signInOptions(deps: Pick<AccountsDeps, 'db' | 'config'>): Promise<SignInOptions> {
  const [admin, password] = await Promise.all([anyAdmin(deps.db), anyPassword(deps.db)]);
  return { ownerSetup: !admin, passwordLogin: password, signUp: deps.config.registration === 'open' };
}

export const ownerExists = () => conflict('The owner account already exists: sign in instead');

/** Creates the owner (its password follows the rules of every new password), or throws 409 when an admin exists (also when another request just made one). */
export async function createOwner(deps: Pick<AccountsDeps, 'db'>, username: string, password: string): Promise<UserRow> {
  const problem = newPasswordProblem(password, username);
  if (problem) throw badRequest(NEW_PASSWORD_ERRORS[problem]);
  const passwordHash = await Bun.password.hash(password);
  return deps.db.transaction().execute(async (trx) => {
    await lockOwnerSetup(trx);
    if (await anyAdmin(trx)) throw ownerExists();
    if (await findUserByUsername(trx, username)) throw conflict('That username is taken');
    return insertUser(trx, { username, password_hash: passwordHash, role: 'admin' });
  });
}
