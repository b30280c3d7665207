import { Elysia } from 'elysia';
import type { Role } from '../db/schema.ts';
import { anonIdOf, setViewer } from './request-context.ts';
import { forbidden, unauthorized } from './errors.ts';
import type { AccountLook } from './page-context.ts';

export interface CallerUser {
  id: string;
  username: string;
  role: Role;
  email: string | null;
  avatarKey: string | null;
  providerAvatarUrl: string | null;
  /** What pages show: the stored avatar, else the provider's picture, else null (initials). */
  avatarUrl: string | null;
  /** The look chosen in the account's settings (sessions only; a credential signs in no look). */
  look?: AccountLook;
}

/** Whose per-reader rows (progress, settings, ratings, limits) a request touches. */
export type Reader = { kind: 'user'; userId: string } | { kind: 'anon'; sessionId: string };

export interface Caller {
  user: CallerUser | null;
  /** The auth session (the token's fourth segment); null when anonymous or with a legacy token. */
  sessionId: string | null;
  via: 'cookie' | 'bearer' | null;
  /** The anonymous reader id of this browser or device, signed in or not. */
  anonId: string;
  reader: Reader;
}

export interface ResolvedUser {
  user: CallerUser;
  sessionId: string | null;
  via: 'cookie' | 'bearer';
}

/** Implemented by the accounts feature: token → fresh user row, or null (anonymous). */
export type CallerResolver = (request: Request) => Promise<ResolvedUser | null>;

export type AuthLevel = 'user' | 'pro' | 'admin';

/**
 * The request as an access rule sees it: before validation, so params and query are unchecked text
 * and the body is a parsed form, or nothing (a refused caller's other bodies are never read).
 */
export interface UncheckedRequest {
  request: Request;
  params: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  body: unknown;
}

/** A route's own access rule (the export's Pro gate, a page's sign-in redirect, the scraper backend's key): throws (or rejects) to refuse. */
export type AccessRule = (caller: Caller, input: UncheckedRequest) => void | Promise<void>;

/**
 * A way of signing in other than the session, for clients that cannot keep one (an e-reader's
 * app password, KOReader's key): the signed-in user, or the answer refusing the caller in the
 * client's own shape (an HTTP Basic challenge, KOReader's JSON).
 */
export type CredentialCheck = (request: Request) => Promise<CallerUser | Response>;

/** The user a credential signs in: no email or avatar (the client shows neither). */
export const credentialUser = (user: Pick<CallerUser, 'id' | 'username' | 'role'>): CallerUser => ({
  id: user.id,
  username: user.username,
  role: user.role,
  email: null,
  avatarKey: null,
  providerAvatarUrl: null,
  avatarUrl: null,
});

/**
 * What `{ auth: … }` on a route takes: a level, the route's own rule, or a credential of its own
 * (`scheme` names it in the API description: 'basic' for app passwords, 'kosync' for KOReader's headers).
 */
export type AuthGuard = AuthLevel | AccessRule | { credential: CredentialCheck; scheme: CredentialScheme };

export type CredentialScheme = 'basic' | 'kosync';

/** How a route is guarded, as the API description tells clients (features/docs/openapi). */
export type GuardDescription = { kind: AuthLevel | 'rule' | 'access' } | { kind: 'credential'; scheme: CredentialScheme };

const GUARD = Symbol.for('chapterhouse.route-guard');

function describedGuard<F extends (...args: never[]) => unknown>(fn: F, description: GuardDescription): F {
  return Object.assign(fn, { [GUARD]: description });
}

/** The guard of a route from its hooks (Elysia keeps the macro's transform, not the option). */
export function guardOf(hooks: { transform?: unknown }): GuardDescription | null {
  const transforms = Array.isArray(hooks.transform) ? hooks.transform : hooks.transform ? [hooks.transform] : [];
  for (const hook of transforms) {
    const fn = typeof hook === 'function' ? hook : (hook as { fn?: unknown })?.fn;
    const description = (fn as { [GUARD]?: GuardDescription } | undefined)?.[GUARD];
    if (description) return description;
  }
  return null;
}

export function readerKey(reader: Reader): string {
  return reader.kind === 'user' ? `user:${reader.userId}` : `anon:${reader.sessionId}`;
}

/**
 * Admin routes answer 403 to everyone else, anonymous callers included (docs/api.md); the other
 * levels answer 401 to anonymous callers and 403 to signed-in callers without the role.
 */
export function checkAccess(caller: Caller, level: AuthLevel): void {
  const role = caller.user?.role;
  if (level === 'admin') {
    if (role !== 'admin') throw forbidden('Administrators only');
    return;
  }
  if (!caller.user) throw unauthorized('Sign in to continue');
  if (level === 'pro' && role !== 'pro' && role !== 'admin') throw forbidden('This needs Chapterhouse Pro');
}

/** The guards that use the session: a level or a rule. */
type SessionGuard = AuthLevel | AccessRule;

async function enforce(caller: Caller, guard: SessionGuard, input: UncheckedRequest): Promise<void> {
  if (typeof guard === 'function') await guard(caller, input);
  else checkAccess(caller, guard);
}

const isCredential = (guard: AuthGuard): guard is { credential: CredentialCheck; scheme: CredentialScheme } => typeof guard === 'object';

/** A caller refused by a credential check: the error handler sends its answer as it is. */
export class CredentialRefused extends Error {
  constructor(readonly response: Response) {
    super('credential refused');
  }
}

/** Stands in for the body of a caller about to be refused: it is never read, so it cannot answer 400 first. */
const UNREAD_BODY = Object.freeze({});

/** A form always parses, and a refusal may name one of its fields (where to come back after signing in). */
const isForm = (request: Request) => (request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');

/**
 * Resolves the caller once per request (roles are read fresh, so a role change applies on the
 * next request) and provides the guard: `{ auth: 'user' | 'pro' | 'admin' | rule | { credential } }`
 * on a route, whose handler then gets the signed-in `user`. A rule that may let an anonymous caller
 * through (the scraper backend's service key) is `{ access: rule }`, and the handler reads `caller`.
 *
 * Elysia parses the body, runs transforms, validates params, query and body, and only then runs
 * beforeHandle; a refusal there would come after a 400 about the parameters. So the guard runs in
 * parse (a refused caller's body is left unread) and in transform (every request), before validation.
 */
export function authPlugin(resolve: CallerResolver) {
  const callers = new WeakMap<Request, Promise<Caller>>();
  const callerOf = (request: Request): Promise<Caller> => {
    let caller = callers.get(request);
    if (!caller) callers.set(request, (caller = resolveCaller(resolve, request)));
    return caller;
  };
  const credentialUsers = new WeakMap<Request, CallerUser>();
  // Any failure (the database is down, say) counts as a refusal here; transform then throws it as it is.
  const passes = (input: UncheckedRequest, guard: SessionGuard): Promise<boolean> =>
    callerOf(input.request).then(async (caller) => (await enforce(caller, guard, input), true)).catch(() => false);
  const sessionGuard = (guard: SessionGuard, described: GuardDescription) => ({
    async parse({ request, params }: { request: Request; params?: Record<string, string> }) {
      if (!(await passes({ request, params: params ?? {}, query: {}, body: undefined }, guard)) && !isForm(request)) return UNREAD_BODY;
    },
    transform: describedGuard(async ({ request, params, query, body }: UncheckedRequest) => {
      await enforce(await callerOf(request), guard, { request, params, query, body });
    }, described),
  });

  return new Elysia({ name: 'auth' })
    .derive({ as: 'global' }, async ({ request }): Promise<{ caller: Caller }> => ({ caller: await callerOf(request) }))
    .macro({
      auth: (guard: AuthGuard) => ({
        // A credential route reads its own body (KOReader's pushes): its check leaves the parsing alone.
        ...(isCredential(guard)
          ? {
              transform: describedGuard(async ({ request }: { request: Request }) => {
                const user = await guard.credential(request);
                if (user instanceof Response) throw new CredentialRefused(user);
                credentialUsers.set(request, user);
              }, { kind: 'credential', scheme: guard.scheme }),
            }
          : sessionGuard(guard, { kind: typeof guard === 'function' ? 'rule' : guard })),
        async resolve({ request }: { request: Request }): Promise<{ user: CallerUser }> {
          const user = isCredential(guard) ? credentialUsers.get(request) : (await callerOf(request)).user;
          // Every level and signed-in rule has refused an anonymous caller by now.
          if (!user) throw unauthorized('Sign in to continue');
          return { user };
        },
      }),
      access: (rule: AccessRule) => sessionGuard(rule, { kind: 'access' }),
    });
}

async function resolveCaller(resolve: CallerResolver, request: Request): Promise<Caller> {
  const anonId = anonIdOf(request);
  const resolved = await resolve(request);
  if (!resolved) return { user: null, sessionId: null, via: null, anonId, reader: { kind: 'anon', sessionId: anonId } };
  const { username, role, avatarUrl, look } = resolved.user;
  setViewer(request, { username, role, avatarUrl, look });
  return { ...resolved, anonId, reader: { kind: 'user', userId: resolved.user.id } };
}

export type AuthPlugin = ReturnType<typeof authPlugin>;
