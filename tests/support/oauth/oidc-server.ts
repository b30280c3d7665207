import { join } from 'node:path';

export interface OidcTestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface OidcTestAccount {
  email: string;
  email_verified: boolean;
  name: string;
  preferred_username: string;
  picture?: string;
}

export interface OidcServerOptions {
  clients: OidcTestClient[];
  /** Keyed by login name; any other login signs in as `<login>@example.test` (verified). */
  accounts?: Record<string, OidcTestAccount>;
}

export interface OidcServerHandle {
  issuer: string;
  stop(): Promise<void>;
}

/** Starts oidc-provider 9 in a child process (oidc-server-process.ts) on a free port of 127.0.0.1. */
export async function startOidcProvider(options: OidcServerOptions): Promise<OidcServerHandle> {
  const child = Bun.spawn([process.execPath, join(import.meta.dir, 'oidc-server-process.ts')], {
    env: { ...process.env, OIDC_SERVER_CONFIG: JSON.stringify(options) },
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const reader = child.stdout.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('\n')) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`oidc-provider exited before listening (code ${await child.exited})`);
    text += decoder.decode(value, { stream: true });
  }
  reader.releaseLock();
  const { issuer } = JSON.parse(text.slice(0, text.indexOf('\n'))) as { issuer: string };
  child.unref();
  return {
    issuer,
    async stop() {
      child.kill('SIGTERM');
      await child.exited;
    },
  };
}

/**
 * Signs `login` in through the devInteractions login and consent pages with plain fetch, as a browser
 * would (manual redirects, the provider's cookies carried by hand). Resolves with the URL the provider
 * finally redirects to: our callback with `code` and `state` (or `error`).
 */
export async function completeOidcLogin(authorizationUrl: string, login: string): Promise<string> {
  const origin = new URL(authorizationUrl).origin;
  const jar = new Map<string, string>();
  let request = new Request(authorizationUrl);
  for (let step = 0; step < 12; step++) {
    for (const [name, value] of jar) request.headers.append('cookie', `${name}=${value}`);
    const response = await fetch(request, { redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) remember(jar, cookie);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, request.url);
      if (next.origin !== origin) return next.toString();
      request = new Request(next);
      continue;
    }
    const html = await response.text();
    if (!response.ok) throw new Error(`oidc-provider answered ${response.status}: ${html.slice(0, 300)}`);
    request = submitForm(html, request.url, login);
  }
  throw new Error('oidc-provider sign-in did not reach the callback');
}

function remember(jar: Map<string, string>, setCookie: string): void {
  const [pair = '', ...attributes] = setCookie.split(';');
  const at = pair.indexOf('=');
  const name = pair.slice(0, at).trim();
  const value = pair.slice(at + 1).trim();
  const expired = attributes.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1] ?? '') < Date.now());
  if (!value || expired) jar.delete(name);
  else jar.set(name, value);
}

/** The first form of a devInteractions page (login or consent), filled in and ready to POST. */
function submitForm(html: string, pageUrl: string, login: string): Request {
  const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error(`no form on ${pageUrl}`);
  const body = new URLSearchParams();
  for (const input of form[2]!.matchAll(/<input[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(input[0])?.[1];
    if (!name) continue;
    const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
    body.set(name, name === 'login' ? login : name === 'password' ? 'any' : value);
  }
  return new Request(new URL(form[1]!.replaceAll('&amp;', '&'), pageUrl), { method: 'POST', body });
}
