import type { Cache } from '../../platform/cache/port.ts';
import type { Role } from '../../platform/db/schema.ts';
import { readerKey, type Reader } from '../../platform/http/auth.ts';
import { AppError } from '../../platform/http/errors.ts';
import { FREE_CHAPTERS_PER_DAY, dailyKey, secondsLeftInUtcDay } from '../limits/daily.ts';

/**
 * The free tier (decisions.md): 3 distinct chapters a day per user or anonymous session, counted
 * in the cache the first time that day the reader streams (GET) or asks for generation (POST);
 * replays are free; pro and admin are unlimited. The count is one atomic add-if-below-the-ceiling
 * (Cache.addToSetCapped), so concurrent requests for new chapters can never get a 4th in, and a
 * refused chapter never enters the set (it would otherwise turn free later that day). `now` comes
 * from the platform's clock; the set lives for the rest of that UTC day as a TTL.
 */
export interface Listener {
  reader: Reader;
  role: Role | null;
}

const member = (slug: string, chapter: number) => `${slug}:${chapter}`;
const unlimited = (role: Role | null) => role === 'pro' || role === 'admin';

export const proRequired = () =>
  new AppError(402, 'pro_required', `Free listening is ${FREE_CHAPTERS_PER_DAY} chapters a day; Chapterhouse Pro makes it unlimited`);

/** GET stream, POST generation (and presign): counts the chapter, or throws 402. */
export async function countChapter(cache: Cache, who: Listener, slug: string, chapter: number, now: Date): Promise<void> {
  if (unlimited(who.role)) return;
  const key = dailyKey('audio', readerKey(who.reader), now);
  const { present } = await cache.addToSetCapped(key, member(slug, chapter), FREE_CHAPTERS_PER_DAY, secondsLeftInUtcDay(now));
  if (!present) throw proRequired();
}

/** HEAD: would a GET be allowed? Reads only; counts nothing. */
export async function mayListen(cache: Cache, who: Listener, slug: string, chapter: number, now: Date): Promise<boolean> {
  if (unlimited(who.role)) return true;
  const chapters = await cache.setMembers(dailyKey('audio', readerKey(who.reader), now));
  return chapters.includes(member(slug, chapter)) || chapters.length < FREE_CHAPTERS_PER_DAY;
}
