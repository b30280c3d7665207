import type { Cache } from '../../platform/cache/port.ts';
import type { Logger } from '../../platform/log.ts';
import type { Caller } from '../../platform/http/auth.ts';
import { mayUseDailyChapter, proRequired as proRequiredFor, useDailyChapter, type Member } from '../billing/gate.ts';

/** The free listening limit, as the one Pro gate (features/billing/gate.ts) decides it. */
export type Listener = Member;

/** Who listens, as the gate counts them: the reader (user or anonymous session) and their role. */
export const listenerOf = (caller: Caller): Listener => ({ reader: caller.reader, role: caller.user?.role ?? null });

export const proRequired = () => proRequiredFor('audio');

/** GET stream, POST generation (and presign): counts the chapter, or throws 402. */
export function countChapter(cache: Cache, who: Listener, slug: string, chapter: number, now: Date, log?: Pick<Logger, 'warn'>): Promise<void> {
  return useDailyChapter(cache, 'audio', who, slug, chapter, now, log);
}

/** HEAD: would a GET be allowed? Reads only; counts nothing. */
export function mayListen(cache: Cache, who: Listener, slug: string, chapter: number, now: Date, log?: Pick<Logger, 'warn'>): Promise<boolean> {
  return mayUseDailyChapter(cache, 'audio', who, slug, chapter, now, log);
}
