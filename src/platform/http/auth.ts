import { Elysia } from 'elysia';
import type { Role } from '../db/schema.ts';
import { anonIdOf, setViewer } from './request-context.ts';
import { forbidden, unauthorized } from './errors.ts';

export interface CallerUser {
  id: string;
  username: string;
  role: Role;
  email: string | null;
  avatarKey: string | null;
  providerAvatarUrl: string | null;
  /** What pages show: the stored avatar, else the provider's picture, else null (initials). */
  avatarUrl: string | null;
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

/**
 * Resolves the caller once per request (roles are read fresh, so a role change applies on the
 * next request) and provides the guard: `{ auth: 'user' | 'pro' | 'admin' }` on a route.
 */
export function authPlugin(resolve: CallerResolver) {
  return new Elysia({ name: 'auth' })
    .derive({ as: 'global' }, async ({ request }): Promise<{ caller: Caller }> => {
      const anonId = anonIdOf(request);
      const resolved = await resolve(request);
      if (!resolved) return { caller: { user: null, sessionId: null, via: null, anonId, reader: { kind: 'anon', sessionId: anonId } } };
      const { username, role, avatarUrl } = resolved.user;
      setViewer(request, { username, role, avatarUrl });
      return { caller: { ...resolved, anonId, reader: { kind: 'user', userId: resolved.user.id } } };
    })
    .macro({
      auth: (level: AuthLevel) => ({
        beforeHandle({ caller }: { caller: Caller }) {
          checkAccess(caller, level);
        },
      }),
    });
}

export type AuthPlugin = ReturnType<typeof authPlugin>;
