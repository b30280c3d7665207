import { Elysia, type DocumentDecoration } from 'elysia';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { clientIpOf } from '../../../platform/http/request-context.ts';
import { jsonError } from '../../../platform/http/respond.ts';
import { errorAnswers } from '../../../platform/http/api-schemas.ts';
import type { AccountsDeps } from '../service.ts';
import { publicUser } from '../users.ts';
import { completeLogin } from '../signin/service.ts';
import { SignedInResponse } from '../model.ts';
import { JoinBody, RegisterBody, SetPasswordBody } from './model.ts';
import { joinWithInvite } from './service.ts';
import { setPasswordWithLink } from './set-password.ts';
import { requireOpenRegistration, signUp } from './signup.ts';

type Login = Awaited<ReturnType<typeof completeLogin>>;

/**
 * POST /api/auth/register as the API description shows it whatever REGISTRATION says, so that
 * clients meet one contract; its other methods are hidden (405 when open, 410 when closed).
 */
const REGISTER_ANSWERS = { 201: SignedInResponse, ...errorAnswers(409, 410, 429) };
const REGISTER_DETAIL = { tags: ['auth'], summary: 'Sign up (REGISTRATION=open only; else 410): a new account signed in (201); 5 per address a day (429)' };

/**
 * The JSON side of joining, for the mobile app and scripts; each answers like POST /api/auth/login
 * (`{user, token}` and the auth cookie): POST /api/auth/join (201), POST /api/auth/set-password
 * (200), and /api/auth/register: any method 410 unless REGISTRATION=open, then POST signs up (201).
 */
export function joinApiRoutes(deps: AccountsDeps, auth: AuthPlugin) {
  const signedIn = (status: number, login: Login) =>
    new Response(JSON.stringify({ user: publicUser(login.user, deps.config.baseUrl), token: login.token }), {
      status,
      headers: { 'content-type': 'application/json', 'set-cookie': login.cookie, 'cache-control': 'no-store' },
    });

  const app = new Elysia({ name: 'accounts-join-api' })
    .use(auth)
    .post('/api/auth/join', async ({ body, request, caller }) => {
      const user = await joinWithInvite(deps, body.token, body);
      return signedIn(201, await completeLogin(deps, request, user, caller));
    }, { body: JoinBody, response: { 201: SignedInResponse, ...errorAnswers(404, 409, 410) }, detail: { tags: ['auth'], summary: "Accept an invite: a new account with the invite's role, signed in (201); 404 unknown, 410 expired or used, 409 username taken" } })
    .post('/api/auth/set-password', async ({ body, request, caller }) => {
      const user = await setPasswordWithLink(deps, body.token, body.password);
      return signedIn(200, await completeLogin(deps, request, user, caller));
    }, { body: SetPasswordBody, response: { 200: SignedInResponse, ...errorAnswers(404, 410) }, detail: { tags: ['auth'], summary: "Use a set-password link: the account's new password, its other sessions ended, signed in; 404 unknown, 410 expired or used" } });
  if (deps.config.registration === 'open') app.use(openRegistration(deps, auth, signedIn));
  else app.use(closedRegistration(deps));
  return app;
}

/** REGISTRATION=open: POST signs up; other methods are 405. */
function openRegistration(deps: AccountsDeps, auth: AuthPlugin, signedIn: (status: number, login: Login) => Response) {
  return new Elysia({ name: 'accounts-register-open' })
    .use(auth)
    .post('/api/auth/register', async ({ body, request, caller }) => {
      const user = await signUp(deps, body, clientIpOf(request));
      return signedIn(201, await completeLogin(deps, request, user, caller));
    }, { body: RegisterBody, response: REGISTER_ANSWERS, detail: REGISTER_DETAIL })
    .all('/api/auth/register', () => jsonError(405, 'Use POST to register', 'method_not_allowed', { allow: 'POST' }), { detail: { hide: true } });
}

/**
 * REGISTRATION=closed or invite: every method is 410, whatever the body (decisions.md), so the
 * body is never read: the description names it without a schema that would check it.
 */
function closedRegistration(deps: AccountsDeps) {
  const closed = () => requireOpenRegistration(deps.config);
  // A TypeBox schema is JSON Schema; the cast only satisfies the OpenAPI types.
  const requestBody = { required: true, content: { 'application/json': { schema: RegisterBody } } } as DocumentDecoration['requestBody'];
  return new Elysia({ name: 'accounts-register-closed' })
    .post('/api/auth/register', closed, { response: REGISTER_ANSWERS, detail: { ...REGISTER_DETAIL, requestBody } })
    .all('/api/auth/register', closed, { detail: { hide: true } });
}
