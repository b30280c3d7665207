import type { Transaction } from 'kysely';
import type { Database } from '../../../platform/db/index.ts';
import type { Role } from '../../../platform/db/schema.ts';
import { findUserByUsername, insertUser } from '../queries.ts';
import { USERNAME, type UserRow } from '../users.ts';
import { newPasswordProblem } from '../credentials/password-rules.ts';
import { isEmailAddress } from '../credentials/service.ts';
import { lockEmailAddress } from '../credentials/queries.ts';
import { emailInUse, isUniqueViolation, lockUsername } from './queries.ts';
import { DetailsRefused } from './refusals.ts';

export interface NewAccountDetails {
  username: string;
  password: string;
  email: string | null;
}

/**
 * What a person typed for a new account, checked before anything is written or hashed: the
 * username (spaces around it forgiven), the new-password rules, the address when one is given.
 */
export function checkNewAccount(input: { username: string; password: string; email?: string | null }): NewAccountDetails {
  const username = input.username.trim();
  if (!USERNAME.test(username)) throw new DetailsRefused('usernameInvalid');
  const problem = newPasswordProblem(input.password, username);
  if (problem) throw new DetailsRefused(problem);
  const email = input.email?.trim() || null;
  if (email !== null && !isEmailAddress(email)) throw new DetailsRefused('emailInvalid');
  return { username, password: input.password, email };
}

/**
 * Inside the caller's transaction: the account with its password hash, unless the username (or
 * the address) was taken. Locks make two requests for one name wait for each other; the unique
 * index is the last word (see `taken`). A typed address is unverified, as on the account page.
 */
export async function insertPasswordAccount(trx: Transaction<Database>, details: NewAccountDetails & { passwordHash: string; role: Role }): Promise<UserRow> {
  await lockUsername(trx, details.username);
  if (await findUserByUsername(trx, details.username)) throw new DetailsRefused('usernameTaken');
  if (details.email) {
    await lockEmailAddress(trx, details.email);
    if (await emailInUse(trx, details.email)) throw new DetailsRefused('emailTaken');
  }
  return insertUser(trx, { username: details.username, password_hash: details.passwordHash, role: details.role, email: details.email, email_verified: false });
}

/** For a transaction's promise: a username taken by a writer that does not take the lock (a provider login) is 409 too. */
export function taken(error: unknown): never {
  if (isUniqueViolation(error)) throw new DetailsRefused('usernameTaken');
  throw error;
}
