import { AppError } from '../../../platform/http/errors.ts';
import { enforceRateLimit, RateLimited, type Limit } from '../../../platform/http/rate-limit.ts';
import type { Config } from '../../../config.ts';
import type { AccountsDeps } from '../service.ts';
import type { UserRow } from '../users.ts';
import { findUserByUsername } from '../queries.ts';
import { checkNewAccount, insertPasswordAccount, taken } from './new-account.ts';
import { emailInUse } from './queries.ts';
import { DetailsRefused, REGISTRATION_CLOSED, SignUpsUsedUp } from './refusals.ts';

/** New accounts per client address and UTC day (the window starts at midnight UTC). */
export const SIGN_UP_LIMIT: Limit = { max: 5, windowSeconds: 24 * 3600 };

/** 410 unless REGISTRATION=open (decisions.md: registration answers 410). */
export function requireOpenRegistration(config: Pick<Config, 'registration'>): void {
  if (config.registration !== 'open') throw new AppError(410, 'gone', REGISTRATION_CLOSED[config.registration]);
}

/**
 * Open registration: a username, a password under the new-password rules and an optional
 * (unverified) address make a plain `user` account. Only a sign-up that passed every check counts
 * against its address's allowance, so a mistyped form costs nothing; a username or address already
 * taken is told before it counts.
 */
export async function signUp(deps: AccountsDeps, input: { username: string; password: string; email?: string | null }, address: string): Promise<UserRow> {
  requireOpenRegistration(deps.config);
  const details = checkNewAccount(input);
  if (await findUserByUsername(deps.db, details.username)) throw new DetailsRefused('usernameTaken');
  if (details.email && (await emailInUse(deps.db, details.email))) throw new DetailsRefused('emailTaken');
  await countSignUp(deps, address);
  const passwordHash = await Bun.password.hash(details.password);
  return deps.db
    .transaction()
    .execute((trx) => insertPasswordAccount(trx, { ...details, passwordHash, role: 'user' }))
    .catch(taken);
}

async function countSignUp(deps: Pick<AccountsDeps, 'cache' | 'clock'>, address: string): Promise<void> {
  try {
    await enforceRateLimit(deps.cache, `signup:${address}`, SIGN_UP_LIMIT, deps.clock().getTime());
  } catch (error) {
    if (error instanceof RateLimited) throw new SignUpsUsedUp(error.retryAfterSeconds);
    throw error;
  }
}
