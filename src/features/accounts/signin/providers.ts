import type { Config } from '../../../config.ts';
import { createLoginProviders, type LoginProvider, type OAuthSettings, type ProviderName } from '../../../integrations/oauth/index.ts';
import { linkBase } from '../../../platform/http/public-origin.ts';

/** The configured providers, built for the address the reader is using (their callback URL). */
export type ProvidersNow = () => Promise<Map<ProviderName, LoginProvider>>;

const MAX_ADDRESSES = 16;

/**
 * The providers configured by GOOGLE_*, GITHUB_* and OIDC_* (docs/api.md); the rest are hidden.
 * Callbacks point back to BASE_URL, or, without it, to the origin of the current request (a login
 * started at the machine's LAN address returns there); one set is kept per address.
 */
export function loginProvidersFrom(config: Readonly<Config>, testFetch?: typeof fetch): ProvidersNow {
  const env = config.env;
  const settings: Omit<OAuthSettings, 'baseUrl'> = testFetch ? { fetch: testFetch } : {};
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) settings.google = { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET };
  if (env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET) settings.github = { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET };
  if (env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET) {
    settings.oidc = { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET };
  }
  const byAddress = new Map<string, Promise<Map<ProviderName, LoginProvider>>>();
  return () => {
    const baseUrl = linkBase(config.baseUrl);
    let providers = byAddress.get(baseUrl);
    if (!providers) {
      if (byAddress.size >= MAX_ADDRESSES) byAddress.clear();
      byAddress.set(baseUrl, (providers = createLoginProviders({ ...settings, baseUrl })));
    }
    return providers;
  };
}
