import type { Cache } from '../../platform/cache/port.ts';
import type { Logger } from '../../platform/log.ts';
import type { Caller } from '../../platform/http/auth.ts';
import { limitReached, mayUseDailyChapter, useDailyChapter, type Member } from '../billing/gate.ts';
import type { PolicyInForce } from '../policy/model.ts';

/** The daily listening limit, as the one Pro gate (features/billing/gate.ts) decides it under the owner's policy. */
export type Listener = Member;

/** Who listens, as the gate counts them: the reader (user or anonymous session) and their role. */
export const listenerOf = (caller: Caller): Listener => ({ reader: caller.reader, role: caller.user?.role ?? null });

export const proRequired = (policy: PolicyInForce) => limitReached(policy, 'audio');

/** GET stream, POST generation (and presign): counts the chapter, or throws 402. */
export function countChapter(cache: Cache, policy: PolicyInForce, who: Listener, slug: string, chapter: number, now: Date, log?: Pick<Logger, 'warn'>): Promise<void> {
  return useDailyChapter(cache, policy, 'audio', who, slug, chapter, now, log);
}

/** HEAD: would a GET be allowed? Reads only; counts nothing. */
export function mayListen(cache: Cache, policy: PolicyInForce, who: Listener, slug: string, chapter: number, now: Date, log?: Pick<Logger, 'warn'>): Promise<boolean> {
  return mayUseDailyChapter(cache, policy, 'audio', who, slug, chapter, now, log);
}

/** HEAD and the request ahead: throws the 402 a GET would get, counting nothing. */
export async function requireListen(cache: Cache, policy: PolicyInForce, who: Listener, slug: string, chapter: number, now: Date, log?: Pick<Logger, 'warn'>): Promise<void> {
  if (!(await mayListen(cache, policy, who, slug, chapter, now, log))) throw proRequired(policy);
}
