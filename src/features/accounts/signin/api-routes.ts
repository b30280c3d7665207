import { timingSafeEqual } from 'node:crypto';
import { Elysia } from 'elysia';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { notFound, unauthorized, forbidden } from '../../../platform/http/errors.ts';
import { clientIpOf } from '../../../platform/http/request-context.ts';
import { enforceRateLimit } from '../../../platform/http/rate-limit.ts';
import { errorAnswers, NoContent } from '../../../platform/http/api-schemas.ts';
import { SignedInResponse, UserResponse } from '../model.ts';
import { findUserById, findUserByUsername, insertUser, updateUser } from '../queries.ts';
import { clearAuthCookie, signedInUser, type AccountsDeps } from '../service.ts';
import { publicUser } from '../users.ts';
import { revokeSession } from '../sessions/service.ts';
import { DebugLoginBody, LoginBody, OwnerSetupBody } from './model.ts';
import { completeLogin, PASSWORD_LOGIN_LIMIT } from './service.ts';
import { createOwner } from './owner.ts';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * /api/auth/*: the JSON side of signing in and out (docs/api.md, Identity). Password and email
 * changes are in credentials/routes.ts, the signed-in devices in sessions/routes.ts, joining and
 * registration in join/api-routes.ts.
 */
export function signInApiRoutes(deps: AccountsDeps, auth: AuthPlugin) {
  const secure = deps.config.baseUrl.startsWith('https:');
  const loggedIn = (cookie: string, body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json', 'set-cookie': cookie } });

  return new Elysia({ name: 'accounts-signin-api' })
    .use(auth)
    .get('/api/auth/me', async ({ caller }) => {
      const user = signedInUser(caller);
      const row = (await findUserById(deps.db, user.id))!;
      return { user: publicUser(row, deps.config.baseUrl) };
    }, { response: { 200: UserResponse, ...errorAnswers(401) }, detail: { tags: ['auth'], summary: 'The signed-in user (401 when anonymous)' } })
    .post('/api/auth/login', async ({ body, request, caller }) => {
      await enforceRateLimit(deps.cache, `login:${clientIpOf(request)}:${body.username.toLowerCase()}`, PASSWORD_LOGIN_LIMIT, deps.clock().getTime());
      const row = await findUserByUsername(deps.db, body.username);
      const ok = row?.password_hash ? await Bun.password.verify(body.password, row.password_hash) : false;
      if (!row || !ok) throw unauthorized('Wrong username or password');
      const login = await completeLogin(deps, request, row, caller);
      return loggedIn(login.cookie, { user: publicUser(login.user, deps.config.baseUrl), token: login.token });
    }, { body: LoginBody, response: { 200: SignedInResponse, ...errorAnswers(401, 429) }, detail: { tags: ['auth'], summary: 'Password login for accounts that set a password' } })
    .post('/api/auth/setup', async ({ body, request, caller }) => {
      const owner = await createOwner(deps, body.username, body.password);
      const login = await completeLogin(deps, request, owner, caller);
      return new Response(JSON.stringify({ user: publicUser(login.user, deps.config.baseUrl), token: login.token }), { status: 201, headers: { 'content-type': 'application/json', 'set-cookie': login.cookie } });
    }, { body: OwnerSetupBody, response: { 201: SignedInResponse, ...errorAnswers(409) }, detail: { tags: ['auth'], summary: 'First run only: create the owner (admin) account while no admin exists (409 after)' } })
    .post('/api/auth/logout', async ({ caller }) => {
      if (caller.user && caller.sessionId) await revokeSession(deps.db, deps.cache, caller.user.id, caller.sessionId).catch(() => {});
      return new Response(null, { status: 204, headers: { 'set-cookie': clearAuthCookie(secure) } });
    }, { response: { 204: NoContent }, detail: { tags: ['auth'], summary: 'Revoke this session and clear the cookie' } })
    .post('/api/auth/debug-login', async ({ body, request, caller }) => {
      const expected = deps.config.debugLoginToken;
      if (!expected) throw notFound();
      if (!sameSecret(body.token, expected)) throw forbidden('Wrong debug token');
      // A test and admin tool: the address it is given counts as verified, as a provider's would.
      let row = (await findUserByUsername(deps.db, body.username)) ?? (await insertUser(deps.db, { username: body.username, email: body.email ?? null, email_verified: body.email !== undefined }));
      if (body.role || body.email) row = (await updateUser(deps.db, row.id, { ...(body.role ? { role: body.role } : {}), ...(body.email ? { email: body.email, email_verified: true } : {}) })) ?? row;
      const login = await completeLogin(deps, request, row, caller);
      return loggedIn(login.cookie, { user: publicUser(login.user, deps.config.baseUrl), token: login.token });
    }, { body: DebugLoginBody, response: { 200: SignedInResponse, ...errorAnswers(404) }, detail: { tags: ['auth'], summary: 'Test login (only with DEBUG_LOGIN_TOKEN)' } });
}
