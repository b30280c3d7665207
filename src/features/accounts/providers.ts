import type { Config } from '../../config.ts';
import { createLoginProviders, type LoginProvider, type OAuthSettings, type ProviderName } from '../../integrations/oauth/index.ts';

/** The providers configured by GOOGLE_*, GITHUB_* and OIDC_* (docs/api.md); the rest are hidden. */
export function loginProvidersFrom(config: Readonly<Config>, testFetch?: typeof fetch): Promise<Map<ProviderName, LoginProvider>> {
  const env = config.env;
  const settings: OAuthSettings = { baseUrl: config.baseUrl, ...(testFetch ? { fetch: testFetch } : {}) };
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) settings.google = { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET };
  if (env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET) settings.github = { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET };
  if (env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET) {
    settings.oidc = { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET };
  }
  return createLoginProviders(settings);
}
