/**
 * oidc-provider 9 in its own process, like the external identity server it stands in for (started by
 * oidc-server.ts). Reads its configuration as JSON from OIDC_SERVER_CONFIG, listens on a free port
 * of 127.0.0.1 and prints {"issuer": "..."} once ready; exits on SIGTERM or when stdin closes.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OidcServerOptions, OidcTestAccount } from './oidc-server.ts';
import { exitWithParent } from '../exit-with-parent.ts';

// Expected in a test server; anything else oidc-provider warns about still reaches stderr.
const quiet = [/devInteractions/, /in-memory adapter/, /Unsupported runtime/];
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (!quiet.some((re) => re.test(String(args[0])))) warn(...args);
};
// A dependency of oidc-provider calls crypto.pseudoRandomBytes, deprecated in Bun's node:crypto.
process.noDeprecation = true;
// Imported after the filters above: it warns while loading.
const { default: Provider } = await import('oidc-provider');

const options = JSON.parse(process.env.OIDC_SERVER_CONFIG ?? '{}') as OidcServerOptions;
const accounts: Record<string, OidcTestAccount> = options.accounts ?? {};

function claimsOf(login: string): Record<string, unknown> {
  const known = accounts[login];
  if (known) return { sub: login, ...known };
  return { sub: login, email: `${login}@example.test`, email_verified: true, name: login, preferred_username: login };
}

const server = createServer();
await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

// Own signing key, so the "development-only signing keys" warning never fires.
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' };

const provider = new Provider(issuer, {
  clients: options.clients.map((client) => ({
    ...client,
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
  })),
  jwks: { keys: [jwk] },
  cookies: { keys: [randomBytes(32).toString('base64url')] },
  pkce: { required: () => true },
  features: { devInteractions: { enabled: true } },
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name', 'preferred_username', 'picture'],
  },
  async findAccount(_ctx, id) {
    return { accountId: id, claims: async () => claimsOf(id) };
  },
});
server.on('request', provider.callback());
process.stdout.write(`${JSON.stringify({ issuer })}\n`);

exitWithParent();
