import { createGitHubProvider } from './github.ts';
import { createGoogleProvider } from './google.ts';
import { createOidcProvider } from './oidc.ts';
import type { LoginProvider, OAuthSettings, ProviderName } from './types.ts';

export * from './types.ts';

/**
 * The login providers that are configured, by name; an unconfigured one is absent. Callbacks are
 * `${baseUrl}/auth/<name>/callback`. Async so a provider may one day need I/O to be built; none does
 * now (OIDC discovery happens on first use, so a provider that is down at start-up still appears).
 */
export async function createLoginProviders(settings: OAuthSettings): Promise<Map<ProviderName, LoginProvider>> {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const redirectUri = (name: ProviderName) => `${base}/auth/${name}/callback`;
  const options = settings.fetch ? { fetch: settings.fetch } : {};
  const providers = new Map<ProviderName, LoginProvider>();
  const { google, github, oidc } = settings;
  if (google) providers.set('google', createGoogleProvider({ ...google, redirectUri: redirectUri('google') }, options));
  if (github) providers.set('github', createGitHubProvider({ ...github, redirectUri: redirectUri('github') }, options));
  if (oidc) providers.set('oidc', createOidcProvider({ ...oidc, redirectUri: redirectUri('oidc') }, options));
  return providers;
}
