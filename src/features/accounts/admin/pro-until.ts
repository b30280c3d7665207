import type { Role } from '../../../platform/db/schema.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { ADMIN_USER_ERRORS } from './messages.ts';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * "Pro until" as an admin writes it: a date (the grant lasts the whole of that day, UTC: it ends
 * at 23:59:59.999Z) or a date and time with its zone (ISO 8601). null for anything else, including
 * dates that do not exist (30 February).
 */
export function parseProUntil(text: string): Date | null {
  const day = DATE.exec(text);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const start = new Date(Date.UTC(year, month - 1, date));
    if (start.getUTCFullYear() !== year || start.getUTCMonth() !== month - 1 || start.getUTCDate() !== date) return null;
    return new Date(start.getTime() + 86_400_000 - 1);
  }
  if (!DATE_TIME.test(text)) return null;
  const instant = new Date(text);
  if (Number.isNaN(instant.getTime())) return null;
  // Date rolls 30 February over into March: the written day must survive the round trip.
  const written = text.slice(0, 10);
  const offsetMinutes = /([+-])(\d{2}):(\d{2})$/.exec(text);
  const shift = offsetMinutes ? (offsetMinutes[1] === '+' ? 1 : -1) * (Number(offsetMinutes[2]) * 60 + Number(offsetMinutes[3])) * 60_000 : 0;
  return new Date(instant.getTime() + shift).toISOString().slice(0, 10) === written ? instant : null;
}

export interface ProState {
  role: Role;
  proUntil: Date | null;
}

/**
 * The role and "Pro until" an account ends up with after an admin's change. Left out, pro_until
 * keeps its value while the account stays pro; it belongs to the pro role only (any other role
 * clears it, and setting one for another role is 400); a moment already past is 400.
 */
export function nextProState(current: ProState, change: { role?: Role; pro_until?: string | null }, now: Date): ProState {
  const role = change.role ?? current.role;
  if (change.pro_until === undefined) return { role, proUntil: role === 'pro' && current.role === 'pro' ? current.proUntil : null };
  if (change.pro_until === null) return { role, proUntil: null };
  const proUntil = parseProUntil(change.pro_until.trim());
  if (!proUntil) throw badRequest(ADMIN_USER_ERRORS.proUntilInvalid);
  if (role !== 'pro') throw badRequest(ADMIN_USER_ERRORS.proUntilNeedsPro);
  if (proUntil.getTime() <= now.getTime()) throw badRequest(ADMIN_USER_ERRORS.proUntilPast);
  return { role, proUntil };
}
