import { CacheUnavailable, type Cache } from '../../platform/cache/port.ts';
import type { Logger } from '../../platform/log.ts';
import type { Role } from '../../platform/db/schema.ts';
import { readerKey, type Reader } from '../../platform/http/auth.ts';
import { AppError, forbidden } from '../../platform/http/errors.ts';
import { FREE_CHAPTERS_PER_DAY, dailyKey, secondsLeftInUtcDay, type DailyKind } from '../limits/daily.ts';

/**
 * What Chapterhouse Pro unlocks, decided here and nowhere else (interface.md "Authentication" 7,
 * "Errors" 402/403, decisions.md):
 *   audio and translation: 3 distinct chapters a day free (per user or anonymous session), then
 *     402 `pro_required`; pro and admin unlimited;
 *   EPUB export: pro and admin only, everyone else (anonymous callers too) 403.
 * The daily count is one atomic add-if-below-the-ceiling in the cache (Cache.addToSetCapped), so
 * concurrent requests can never get a 4th chapter in, and a refused chapter never enters the set.
 * `now` is the caller's clock; the set lives for the rest of that UTC day.
 */
export interface Member {
  reader: Reader;
  role: Role | null;
}

export const UPGRADE_PATH = '/pro';

export function hasPro(role: Role | null | undefined): boolean {
  return role === 'pro' || role === 'admin';
}

const WHAT: Record<DailyKind, string> = { audio: 'Free listening', translation: 'Free translation' };

export function proRequired(kind: DailyKind): AppError {
  return new AppError(402, 'pro_required', `${WHAT[kind]} is ${FREE_CHAPTERS_PER_DAY} chapters a day; Chapterhouse Pro makes it unlimited`);
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

/** Uses one of today's free chapters (the same chapter again is free), or throws 402. */
export async function useDailyChapter(cache: Cache, kind: DailyKind, who: Member, slug: string, chapter: number, now: Date, log?: Pick<Logger, 'warn'>): Promise<void> {
  if (hasPro(who.role)) return;
  const present = await cache
    .addToSetCapped(dailyKey(kind, readerKey(who.reader), now), member(slug, chapter), FREE_CHAPTERS_PER_DAY, secondsLeftInUtcDay(now))
    .then((result) => result.present, (error: unknown) => uncounted(error, kind, log));
  if (!present) throw proRequired(kind);
}

/** Would that chapter be allowed now? Reads only; counts nothing. */
export async function mayUseDailyChapter(cache: Cache, kind: DailyKind, who: Member, slug: string, chapter: number, now: Date, log?: Pick<Logger, 'warn'>): Promise<boolean> {
  if (hasPro(who.role)) return true;
  const chapters = await cache.setMembers(dailyKey(kind, readerKey(who.reader), now)).catch((error: unknown) => (uncounted(error, kind, log), null));
  return !chapters || chapters.includes(member(slug, chapter)) || chapters.length < FREE_CHAPTERS_PER_DAY;
}

/** EPUB export (decisions.md): `pro` and `admin` may export; everyone else, anonymous callers included, gets 403. */
export function requireExport(user: { role: Role } | null): void {
  if (!user || !hasPro(user.role)) throw forbidden('This needs Chapterhouse Pro');
}
