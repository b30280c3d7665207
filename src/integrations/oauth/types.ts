/**
 * The outside world of login providers, behind one small interface (arctic lives only in this folder).
 * Features never see provider specifics: they get a ProviderProfile.
 */
export type ProviderName = 'google' | 'github' | 'oidc';

export interface ProviderProfile {
  provider: ProviderName;
  /** The provider's stable user id (Google `sub`, GitHub numeric id, OIDC `sub`). */
  providerUserId: string;
  /** A display/login name suggestion; may collide with an existing username. */
  username: string;
  email: string | null;
  /** Only a verified email may link to an existing account. */
  emailVerified: boolean;
  pictureUrl: string | null;
}

export interface AuthorizationStart {
  url: URL;
  /** Present when the provider uses PKCE: keep it (HttpOnly cookie) until the callback. */
  codeVerifier: string | null;
}

export interface LoginProvider {
  readonly name: ProviderName;
  /** A label for the sign-in button ("Google", "GitHub", or the OIDC issuer's name). */
  readonly label: string;
  start(state: string): Promise<AuthorizationStart>;
  /** Exchanges the code and reads the profile. Throws OAuthError on any provider failure. */
  finish(code: string, codeVerifier: string | null): Promise<ProviderProfile>;
}

export class OAuthError extends Error {
  override name = 'OAuthError';
}

export interface OAuthSettings {
  /** Public base URL of this app: callbacks are `${baseUrl}/auth/<provider>/callback`. */
  baseUrl: string;
  google?: { clientId: string; clientSecret: string };
  github?: { clientId: string; clientSecret: string };
  oidc?: { issuer: string; clientId: string; clientSecret: string };
  /** Tests only: the fetch used for provider HTTP calls (token, profile, discovery). */
  fetch?: typeof fetch;
}
