import type { GuardDescription } from '../../../platform/http/auth.ts';
import type { Operation } from './types.ts';

/** How clients sign in (docs/api.md, docs/kosync.md, docs/opds.md). */
export const SECURITY_SCHEMES = {
  bearerAuth: { type: 'http', scheme: 'bearer', description: 'The session token from POST /api/auth/login, as `Authorization: Bearer <token>` (mobile clients)' },
  sessionCookie: { type: 'apiKey', in: 'cookie', name: 'auth_token', description: 'The same token in the session cookie (browsers; writes also need a same-origin Origin)' },
  appPassword: { type: 'http', scheme: 'basic', description: 'Username and an app password (Settings → App passwords), for e-readers' },
  kosyncUser: { type: 'apiKey', in: 'header', name: 'x-auth-user', description: 'KOReader sync: the username' },
  kosyncKey: { type: 'apiKey', in: 'header', name: 'x-auth-key', description: 'KOReader sync: the MD5 of an app password' },
} as const;

const SIGNED_IN: Record<string, string[]>[] = [{ bearerAuth: [] }, { sessionCookie: [] }];
/** `{}` first: the route answers anyone, and a signed-in caller gets their own data. */
const OPTIONAL: Record<string, string[]>[] = [{}, ...SIGNED_IN];

/** The security requirement of an operation from its route's guard; one a route declares itself stays. */
export function applySecurity(operation: Operation, guard: GuardDescription | null): void {
  if (operation.security) return;
  if (!guard || guard.kind === 'access') operation.security = OPTIONAL;
  else if (guard.kind === 'credential') operation.security = guard.scheme === 'basic' ? [{ appPassword: [] }] : [{ kosyncUser: [], kosyncKey: [] }];
  else operation.security = SIGNED_IN;
}
