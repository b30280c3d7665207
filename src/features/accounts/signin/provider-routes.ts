import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Elysia, t } from 'elysia';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import { readCookie, serializeCookie } from '../../../platform/http/cookies.ts';
import { clientIpOf } from '../../../platform/http/request-context.ts';
import { enforceRateLimit } from '../../../platform/http/rate-limit.ts';
import { safeReturnPath } from '../../../platform/http/safe-redirect.ts';
import { OAuthError, type LoginProvider, type ProviderName } from '../../../integrations/oauth/index.ts';
import type { AccountsDeps } from '../service.ts';
import { completeLogin } from './service.ts';
import { accountForProfile } from './provider-accounts.ts';
import type { ProvidersNow } from './providers.ts';

export const CALLBACK_LIMIT = { max: 30, windowSeconds: 600 };
const FLOW_SECONDS = 600;
// The flow's cookies live only under /auth/, for ten minutes.
const FLOW_COOKIES = ['oauth_state', 'oauth_verifier', 'oauth_return'] as const;

function sameValue(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** GET /auth/{provider} starts a login; GET /auth/{provider}/callback finishes it (docs/api.md). */
export function providerRoutes(deps: AccountsDeps, auth: AuthPlugin, providers: ProvidersNow) {
  const secure = deps.config.baseUrl.startsWith('https:');
  const flowCookie = (name: string, value: string, maxAge = FLOW_SECONDS) => serializeCookie(name, value, { maxAgeSeconds: maxAge, httpOnly: true, secure, path: '/auth/' });
  const providerNamed = async (name: string) => {
    const provider = (await providers()).get(name as ProviderName);
    if (!provider) throw notFound('No such sign-in provider');
    return provider;
  };
  const toLogin = (returnTo: string, error: string, cleared: string[]) => {
    const headers = new Headers({ location: `/login?error=${error}&return_to=${encodeURIComponent(returnTo)}` });
    for (const cookie of cleared) headers.append('set-cookie', cookie);
    return new Response(null, { status: 303, headers });
  };

  return new Elysia({ name: 'accounts-providers' })
    .use(auth)
    .get('/auth/:provider', async ({ params, query }) => {
      const provider = await providerNamed(params.provider);
      const state = randomBytes(24).toString('base64url');
      const { url, codeVerifier } = await provider.start(state);
      const headers = new Headers({ location: url.toString(), 'cache-control': 'no-store' });
      headers.append('set-cookie', flowCookie('oauth_state', state));
      headers.append('set-cookie', flowCookie('oauth_verifier', codeVerifier ?? ''));
      headers.append('set-cookie', flowCookie('oauth_return', safeReturnPath(query.return_to)));
      return new Response(null, { status: 302, headers });
    }, { params: t.Object({ provider: t.String() }), query: t.Object({ return_to: t.Optional(t.String()) }), detail: { tags: ['auth'], summary: 'Start signing in with a provider' } })
    .get('/auth/:provider/callback', async ({ params, query, request, caller }) => {
      await enforceRateLimit(deps.cache, `oauth-callback:${clientIpOf(request)}`, CALLBACK_LIMIT);
      const provider = await providerNamed(params.provider);
      const state = readCookie(request, 'oauth_state');
      if (!state || !query.state || !sameValue(state, query.state)) throw badRequest('This sign-in link has expired or was not started here. Please try again.');
      const returnTo = safeReturnPath(readCookie(request, 'oauth_return'));
      const cleared = FLOW_COOKIES.map((name) => flowCookie(name, '', 0));
      if (query.error || !query.code) return toLogin(returnTo, query.error === 'access_denied' ? 'denied' : 'failed', cleared);
      let profile;
      try {
        profile = await provider.finish(query.code, readCookie(request, 'oauth_verifier') || null);
      } catch (error) {
        if (!(error instanceof OAuthError)) throw error;
        deps.log?.warn('provider sign-in failed', { provider: provider.name, reason: error.message });
        return toLogin(returnTo, 'failed', cleared);
      }
      const user = await accountForProfile(deps.db, profile);
      const login = await completeLogin(deps, request, user, caller);
      const headers = new Headers({ location: returnTo, 'cache-control': 'no-store' });
      for (const cookie of [...cleared, login.cookie]) headers.append('set-cookie', cookie);
      return new Response(null, { status: 303, headers });
    }, {
      params: t.Object({ provider: t.String() }),
      query: t.Object({ code: t.Optional(t.String({ maxLength: 2048 })), state: t.Optional(t.String({ maxLength: 512 })), error: t.Optional(t.String({ maxLength: 256 })) }, { additionalProperties: true }),
      detail: { tags: ['auth'], summary: 'Finish signing in: check state, exchange the code, create or link the account' },
    });
}
