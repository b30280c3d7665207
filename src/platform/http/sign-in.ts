import { AppError } from './errors.ts';
import { wantsHtmx } from './request-context.ts';
import type { AccessRule, UncheckedRequest } from './auth.ts';

/**
 * A page action only signed-in readers may take, asked for by an anonymous caller: pages send
 * them to sign in and back to `returnTo` (the error handler answers with the redirect); the API
 * answers 401 like any other.
 */
export class SignInRequired extends AppError {
  constructor(readonly returnTo: string) {
    super(401, 'unauthorized', 'Sign in to continue');
  }
}

export const signInPath = (returnTo: string) => `/login?return_to=${encodeURIComponent(returnTo)}`;

/** A browser is redirected to sign in; htmx is told to navigate there. */
export function toSignIn(request: Request, returnTo: string): Response {
  const login = signInPath(returnTo);
  return wantsHtmx(request) ? new Response(null, { status: 200, headers: { 'hx-redirect': login } }) : new Response(null, { status: 303, headers: { location: login } });
}

/**
 * The guard of a signed-in page action (`{ auth: signedIn(...) }`). It runs before validation,
 * so `returnTo` reads the request unchecked: every value may be missing or malformed.
 */
export function signedIn(returnTo: (input: UncheckedRequest) => string): AccessRule {
  return (caller, input) => {
    if (!caller.user) throw new SignInRequired(returnTo(input));
  };
}

/** A value of an unchecked form, query or path: text or nothing. */
export function textOf(source: unknown, name: string): string | undefined {
  const value = (source as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}
