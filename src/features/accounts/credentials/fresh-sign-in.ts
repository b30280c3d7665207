import { forbidden } from '../../../platform/http/errors.ts';
import type { AccountsDeps } from '../service.ts';
import { sessionCreatedAt } from '../sessions/queries.ts';

/**
 * How recent a sign-in must be to give an account its first password, which asks for no current
 * password: a session stolen earlier (a copied cookie or token) cannot add a way in that outlives it.
 */
export const FRESH_SIGN_IN_SECONDS = 10 * 60;
export const SIGN_IN_AGAIN = 'Sign in again to set a password';

/** 403 unless `sessionId` is this user's and signed in within FRESH_SIGN_IN_SECONDS (by the app's clock). */
export async function requireRecentSignIn(deps: Pick<AccountsDeps, 'db' | 'clock'>, userId: string, sessionId: string | null): Promise<void> {
  // A legacy token names no session, so nothing says when it signed in.
  const created = sessionId ? await sessionCreatedAt(deps.db, userId, sessionId) : undefined;
  if (!created || deps.clock().getTime() - created.getTime() > FRESH_SIGN_IN_SECONDS * 1000) throw forbidden(SIGN_IN_AGAIN);
}
