import { createHash } from 'node:crypto';
import { CacheUnavailable, type Cache } from '../../platform/cache/port.ts';
import type { Clock } from '../../platform/clock.ts';
import { enforceRateLimit, RateLimited, type Limit } from '../../platform/http/rate-limit.ts';

/**
 * The limits of docs/kosync.md. Failed sign-ins (a wrong `x-auth-key`, an unknown user) are counted
 * per client address and per username; past either limit that address or username is refused for
 * one window, the right key included, so guessing stops rather than slows. A key is counted once
 * per address and username for as long as the longest window: a device still syncing with a
 * revoked password repeats one key (every 25 seconds while it is read) and never adds up, while
 * guessing needs a new key each time. Pushes are counted per account: KOReader sends at most one
 * every 25 seconds per device (its kosync plugin's debounce), so five devices at once stay far below.
 */
export const KOSYNC_LIMITS = {
  failedSignInsPerAddress: { max: 20, windowSeconds: 600 },
  failedSignInsPerUsername: { max: 50, windowSeconds: 900 },
  pushesPerAccount: { max: 300, windowSeconds: 300 },
} as const satisfies Record<string, Limit>;

export interface LimitDeps {
  cache: Cache;
  clock: Clock;
}

/** Who tries to sign in: the client address and the `x-auth-user` given. */
export interface SignInAttempt {
  address: string;
  username: string;
}

/** How long a refused key is remembered (the longest window), so that its repeats are not counted. */
const REPEAT_SECONDS = Math.max(KOSYNC_LIMITS.failedSignInsPerAddress.windowSeconds, KOSYNC_LIMITS.failedSignInsPerUsername.windowSeconds);

/** Usernames are 1–64 characters: a longer one names no account and is counted by its address only. */
const USERNAME_MAX = 64;

function scopes(attempt: SignInAttempt): { key: string; bucket: string; limit: Limit }[] {
  const list: { key: string; bucket: string; limit: Limit }[] = [{ key: `address:${attempt.address}`, bucket: `kosync-auth:address:${attempt.address}`, limit: KOSYNC_LIMITS.failedSignInsPerAddress }];
  const name = attempt.username.toLowerCase();
  if (name.length <= USERNAME_MAX) list.push({ key: `user:${name}`, bucket: `kosync-auth:user:${name}`, limit: KOSYNC_LIMITS.failedSignInsPerUsername });
  return list;
}

const lockKey = (scope: string) => `kosync:locked:${scope}`;

/** A brake, not a gate: while the shared cache is away, devices sync uncounted (its adapter logs the outage). */
async function unlessCacheAway<T>(work: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CacheUnavailable) return fallback;
    throw error;
  }
}

/** Seconds until the address or the username may try again; null when neither is locked. */
export function signInLockedFor(deps: LimitDeps, attempt: SignInAttempt): Promise<number | null> {
  return unlessCacheAway(async () => {
    const now = deps.clock().getTime();
    const until = await Promise.all(scopes(attempt).map((s) => deps.cache.get(lockKey(s.key))));
    const latest = Math.max(...until.map((value) => Number(value ?? 0)));
    return latest > now ? Math.ceil((latest - now) / 1000) : null;
  }, null);
}

/** True the first time `key` fails for this address and username within REPEAT_SECONDS. */
async function isNewFailure(deps: LimitDeps, attempt: SignInAttempt, key: string, now: number): Promise<boolean> {
  const id = createHash('sha256').update(`${attempt.address}\n${attempt.username.toLowerCase()}\n${key.toLowerCase()}`).digest('base64url');
  const seen = `kosync:refused:${id}`;
  if (Number((await deps.cache.get(seen)) ?? 0) > now) return false;
  await deps.cache.set(seen, String(now + REPEAT_SECONDS * 1000), REPEAT_SECONDS);
  return true;
}

/**
 * Counts a failed sign-in with `key` against the address and the username, unless the same key
 * already failed for them lately. Past a limit, that scope is locked for one whole window from now
 * and the seconds to wait are returned; otherwise null. Ends are kept by the app's clock in the
 * values; the cache's TTLs only tidy up.
 */
export function countFailedSignIn(deps: LimitDeps, attempt: SignInAttempt, key: string): Promise<number | null> {
  return unlessCacheAway(async () => {
    const now = deps.clock().getTime();
    if (!(await isNewFailure(deps, attempt, key, now))) return null;
    let wait: number | null = null;
    for (const scope of scopes(attempt)) {
      try {
        await enforceRateLimit(deps.cache, scope.bucket, scope.limit, now);
      } catch (error) {
        if (!(error instanceof RateLimited)) throw error;
        await deps.cache.set(lockKey(scope.key), String(now + scope.limit.windowSeconds * 1000), scope.limit.windowSeconds);
        wait = Math.max(wait ?? 0, scope.limit.windowSeconds);
      }
    }
    return wait;
  }, null);
}

/** Counts one progress push of the account; the seconds to wait when past the limit, else null. */
export function countPush(deps: LimitDeps, userId: string): Promise<number | null> {
  return unlessCacheAway(async () => {
    try {
      await enforceRateLimit(deps.cache, `kosync-push:${userId}`, KOSYNC_LIMITS.pushesPerAccount, deps.clock().getTime());
      return null;
    } catch (error) {
      if (error instanceof RateLimited) return error.retryAfterSeconds;
      throw error;
    }
  }, null);
}
