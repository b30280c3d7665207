import { CacheUnavailable, type Cache } from '../../platform/cache/port.ts';
import type { Logger } from '../../platform/log.ts';
import type { Role } from '../../platform/db/schema.ts';
import { readerKey, type Reader } from '../../platform/http/auth.ts';
import { AppError, forbidden } from '../../platform/http/errors.ts';
import { dailyKey, secondsLeftInUtcDay, type DailyKind } from '../limits/daily.ts';
import type { PolicyInForce } from '../policy/model.ts';

/**
 * What Chapterhouse Pro unlocks, decided here and nowhere else (interface.md "Authentication" 7,
 * "Errors" 402/403, decisions.md), under the owner's policy (features/policy):
 *   audio and translation: while the policy's limits apply, N distinct chapters a day each (per
 *     user or anonymous session), then 402 `pro_required`; pro and admin unlimited;
 *   EPUB export: pro and admin only, everyone else (anonymous callers too) 403;
 *   with `pro_features_open`, every signed-in reader counts as Pro for all three; anonymous
 *     readers are still counted, and still cannot export.
 * The daily count is one atomic add-if-below-the-ceiling in the cache (Cache.addToSetCapped), so
 * concurrent requests can never get one chapter more in, and a refused chapter never enters the
 * set. `now` is the caller's clock; the set lives for the rest of that UTC day.
 */
export interface Member {
  reader: Reader;
  role: Role | null;
}

export const UPGRADE_PATH = '/pro';

/** The role itself carries Pro (what payments and admins grant). */
export function hasPro(role: Role | null | undefined): boolean {
  return role === 'pro' || role === 'admin';
}

/** Pro features for this reader under the policy: Pro by role, or any signed-in reader while they are open. */
export function hasProFeatures(policy: Pick<PolicyInForce, 'pro_features_open'>, role: Role | null | undefined): boolean {
  return hasPro(role) || (policy.pro_features_open && role !== null && role !== undefined);
}

/** Chapters a day this reader may use of that kind; null when unlimited. */
export function dailyAllowance(policy: PolicyInForce, kind: DailyKind, role: Role | null): number | null {
  if (!policy.limits_enabled || hasProFeatures(policy, role)) return null;
  return kind === 'audio' ? policy.audio_chapters_per_day : policy.translations_per_day;
}

const WHAT: Record<DailyKind, string> = { audio: 'Free listening', translation: 'Free translation' };
const chapters = (n: number) => `${n} chapter${n === 1 ? '' : 's'}`;

/**
 * The 402 of a daily limit, naming its number. A site that takes payments says what Pro does
 * (decisions.md's words); one that does not never invites the reader to buy anything.
 */
export function limitReached(policy: PolicyInForce, kind: DailyKind): AppError {
  const n = kind === 'audio' ? policy.audio_chapters_per_day : policy.translations_per_day;
  const message = policy.payments_configured
    ? `${WHAT[kind]} is ${chapters(n)} a day; Chapterhouse Pro makes it unlimited`
    : `${WHAT[kind]} is ${chapters(n)} a day on this server, a limit set by its owner; it starts again tomorrow (UTC)`;
  return new AppError(402, 'pro_required', message);
}

const member = (slug: string, chapter: number) => `${slug}:${chapter}`;

/**
 * While the cache that counts is unreachable the limit fails safe for the reader: the chapter is
 * let through uncounted (a Redis restart must not turn listening off for everyone; what leaks is
 * bounded by the outage) and the log says so, once per request.
 */
function uncounted(error: unknown, kind: DailyKind, log: Pick<Logger, 'warn'> | undefined): true {
  if (!(error instanceof CacheUnavailable)) throw error;
  log?.warn('free-tier limit not counted: cache unreachable, chapter allowed', { kind });
  return true;
}

/** Uses one of today's chapters (the same chapter again is free), or throws 402. Counts nothing when unlimited. */
export async function useDailyChapter(cache: Cache, policy: PolicyInForce, kind: DailyKind, who: Member, slug: string, chapter: number, now: Date, log?: Pick<Logger, 'warn'>): Promise<void> {
  const allowance = dailyAllowance(policy, kind, who.role);
  if (allowance === null) return;
  const present = await cache
    .addToSetCapped(dailyKey(kind, readerKey(who.reader), now), member(slug, chapter), allowance, secondsLeftInUtcDay(now))
    .then((result) => result.present, (error: unknown) => uncounted(error, kind, log));
  if (!present) throw limitReached(policy, kind);
}

/** Would that chapter be allowed now? Reads only; counts nothing. */
export async function mayUseDailyChapter(cache: Cache, policy: PolicyInForce, kind: DailyKind, who: Member, slug: string, chapter: number, now: Date, log?: Pick<Logger, 'warn'>): Promise<boolean> {
  const allowance = dailyAllowance(policy, kind, who.role);
  if (allowance === null) return true;
  const used = await cache.setMembers(dailyKey(kind, readerKey(who.reader), now)).catch((error: unknown) => (uncounted(error, kind, log), null));
  return !used || used.includes(member(slug, chapter)) || used.length < allowance;
}

/** EPUB export: signed in, with Pro features under the policy. */
export function mayExport(policy: Pick<PolicyInForce, 'pro_features_open'>, role: Role | null | undefined): boolean {
  return hasProFeatures(policy, role);
}

/**
 * EPUB export (decisions.md): readers with Pro features may export; everyone else, anonymous
 * callers included, gets 403. A site without payments says what would help instead of Pro.
 */
export function requireExport(policy: PolicyInForce, user: { role: Role } | null): void {
  if (mayExport(policy, user?.role)) return;
  if (policy.payments_configured) throw forbidden('This needs Chapterhouse Pro');
  throw forbidden(!user && policy.pro_features_open ? 'Sign in to download books as EPUB' : 'EPUB export is for Pro readers on this server; its owner decides who they are');
}
