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
import { isDisabledAccount } from '../sessions/service.ts';
import { accountForProfile, existingAccountForProfile } from './provider-accounts.ts';
import type { ProvidersNow } from './providers.ts';
import { openInvitation } from '../join/service.ts';
import { joinWithProfile } from '../join/provider-join.ts';
import { LinkRefused } from '../join/refusals.ts';

export const CALLBACK_LIMIT = { max: 30, windowSeconds: 600 };
const FLOW_SECONDS = 600;
// The flow's cookies live only under /auth/, for ten minutes. `oauth_invite` carries an invite's
// token through the round trip when the person joins with a provider (/join/{token}).
const FLOW_COOKIES = ['oauth_state', 'oauth_verifier', 'oauth_return', 'oauth_invite'] as const;

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
  const see = (location: string, cookies: string[]) => {
    const headers = new Headers({ location, 'cache-control': 'no-store' });
    for (const cookie of cookies) headers.append('set-cookie', cookie);
    return new Response(null, { status: 303, headers });
  };
  const toLogin = (returnTo: string, error: string, cleared: string[]) => see(`/login?error=${error}&return_to=${encodeURIComponent(returnTo)}`, cleared);
  // A joiner comes back to the invite: its page says why it cannot be used, or offers the form again.
  const toInvite = (token: string, cleared: string[], error?: string) => see(`/join/${encodeURIComponent(token)}${error ? `?error=${error}` : ''}`, cleared);

  return new Elysia({ name: 'accounts-providers' })
    .use(auth)
    .get('/auth/:provider', async ({ params, query }) => {
      const provider = await providerNamed(params.provider);
      if (query.invite) {
        try {
          await openInvitation(deps, query.invite);
        } catch (error) {
          if (error instanceof LinkRefused) return toInvite(query.invite, []);
          throw error;
        }
      }
      const state = randomBytes(24).toString('base64url');
      const { url, codeVerifier } = await provider.start(state);
      const headers = new Headers({ location: url.toString(), 'cache-control': 'no-store' });
      headers.append('set-cookie', flowCookie('oauth_state', state));
      headers.append('set-cookie', flowCookie('oauth_verifier', codeVerifier ?? ''));
      headers.append('set-cookie', flowCookie('oauth_return', safeReturnPath(query.return_to)));
      // A sign-in without an invite drops one left by an abandoned join.
      headers.append('set-cookie', query.invite ? flowCookie('oauth_invite', query.invite) : flowCookie('oauth_invite', '', 0));
      return new Response(null, { status: 302, headers });
    }, {
      params: t.Object({ provider: t.String() }),
      query: t.Object({ return_to: t.Optional(t.String()), invite: t.Optional(t.String({ maxLength: 512 })) }),
      detail: { tags: ['auth'], summary: 'Start signing in with a provider (with `invite`: joining with that invite)' },
    })
    .get('/auth/:provider/callback', async ({ params, query, request, caller }) => {
      await enforceRateLimit(deps.cache, `oauth-callback:${clientIpOf(request)}`, CALLBACK_LIMIT);
      const provider = await providerNamed(params.provider);
      const state = readCookie(request, 'oauth_state');
      if (!state || !query.state || !sameValue(state, query.state)) throw badRequest('This sign-in link has expired or was not started here. Please try again.');
      const returnTo = safeReturnPath(readCookie(request, 'oauth_return'));
      const cleared = FLOW_COOKIES.map((name) => flowCookie(name, '', 0));
      const invite = readCookie(request, 'oauth_invite') || null;
      const failed = (error: 'denied' | 'failed') => (invite ? toInvite(invite, cleared, error) : toLogin(returnTo, error, cleared));
      if (query.error || !query.code) return failed(query.error === 'access_denied' ? 'denied' : 'failed');
      let profile;
      try {
        profile = await provider.finish(query.code, readCookie(request, 'oauth_verifier') || null);
      } catch (error) {
        if (!(error instanceof OAuthError)) throw error;
        deps.log?.warn('provider sign-in failed', { provider: provider.name, reason: error.message });
        return failed('failed');
      }
      let user: Awaited<ReturnType<typeof accountForProfile>> | undefined;
      try {
        if (invite) user = await joinWithProfile(deps, invite, profile);
        // REGISTRATION=invite: a provider login signs in the accounts it belongs to but makes none.
        else if (deps.config.registration === 'invite') user = await existingAccountForProfile(deps.db, profile);
        else user = await accountForProfile(deps.db, profile);
        if (!user) return toLogin(returnTo, 'invite-only', cleared);
      } catch (error) {
        // The invite was used or expired while the person was at the provider: no account is made.
        if (invite && error instanceof LinkRefused) return toInvite(invite, cleared);
        throw error;
      }
      let login;
      try {
        login = await completeLogin(deps, request, user, caller);
      } catch (error) {
        if (isDisabledAccount(error)) return toLogin(returnTo, 'disabled', cleared);
        throw error;
      }
      const headers = new Headers({ location: returnTo, 'cache-control': 'no-store' });
      for (const cookie of [...cleared, login.cookie]) headers.append('set-cookie', cookie);
      return new Response(null, { status: 303, headers });
    }, {
      params: t.Object({ provider: t.String() }),
      query: t.Object({ code: t.Optional(t.String({ maxLength: 2048 })), state: t.Optional(t.String({ maxLength: 512 })), error: t.Optional(t.String({ maxLength: 256 })) }, { additionalProperties: true }),
      detail: { tags: ['auth'], summary: 'Finish signing in: check state, exchange the code, create or link the account' },
    });
}
