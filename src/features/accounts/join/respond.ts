import { htmlResponse } from '../../../platform/http/respond.ts';
import type { ProvidersNow } from '../signin/providers.ts';
import type { ProviderChoice } from '../../../../views/pages/join/types.ts';

/**
 * A page of a one-time link or of the sign-up: never stored by a cache, and its address (which may
 * hold the link's secret) never leaves the site as a Referer. Not `no-referrer`: under it browsers
 * send `Origin: null` with the page's own form, which the CSRF check refuses.
 */
export const privatePage = (html: JSX.Element, status = 200) => htmlResponse(html, status, { 'cache-control': 'no-store', 'referrer-policy': 'same-origin' });

/** Signed in: on to `location` with the auth cookie. */
export const signedInTo = (location: string, cookie: string) => {
  const headers = new Headers({ location, 'cache-control': 'no-store' });
  headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
};

export async function providerChoices(providers: ProvidersNow): Promise<ProviderChoice[]> {
  return [...(await providers()).values()].map((p) => ({ name: p.name, label: p.label }));
}
