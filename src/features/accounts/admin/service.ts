import type { Db } from '../../../platform/db/index.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import { enqueueKind, transactionWithJobs } from '../../../platform/queue/index.ts';
import { periodEndKind } from '../../billing/kind.ts';
import { listAudit, recordAudit, type AuditActor } from '../../audit/service.ts';
import type { AccountsDeps } from '../service.ts';
import { endAllAccess, forgetEndedSessions } from '../sessions/other-access.ts';
import { ADMIN_USER_ERRORS, AUDIT_ACTIONS } from './messages.ts';
import { AUDIT_PAGE_SIZE, USERS_PAGE_SIZE, type AccountChange, type AdminUser, type RoleFilter } from './model.ts';
import { keepAnAdmin } from './last-admin.ts';
import { nextProState } from './pro-until.ts';
import { listedUser, listUsers, lockAccountAndAdmins, setDisabledAt, setRoleAndProUntil, type ListedUserRow } from './queries.ts';

/** What the admin user tools need: the accounts feature's dependencies. */
export type AdminDeps = Pick<AccountsDeps, 'db' | 'cache' | 'config' | 'clock' | 'log'>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toAdminUser(row: ListedUserRow): AdminUser {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    email: row.email,
    pro_until: iso(row.pro_until),
    disabled: row.disabled_at !== null,
    sign_in_methods: [...(row.has_password ? ['password'] : []), ...row.providers],
    last_seen: iso(row.last_seen),
    sessions: Number(row.sessions),
    created: new Date(row.created_at).toISOString(),
  };
}

export interface UserSearch {
  q?: string;
  role?: RoleFilter;
  page?: number;
}

/** A page of accounts (25, newest first), filtered by part of the username or email and by role. */
export async function findAccounts(db: Db, search: UserSearch): Promise<{ users: AdminUser[]; page: number; has_more: boolean }> {
  const page = search.page ?? 1;
  const q = search.q?.trim() || null;
  // The database refuses NUL in text: no account can match it.
  if (q?.includes('\u0000')) return { users: [], page, has_more: false };
  const rows = await listUsers(db, { q, role: search.role ?? null, offset: (page - 1) * USERS_PAGE_SIZE, limit: USERS_PAGE_SIZE });
  return { users: rows.slice(0, USERS_PAGE_SIZE).map(toAdminUser), page, has_more: rows.length > USERS_PAGE_SIZE };
}

export async function findAccount(db: Db, id: string): Promise<AdminUser> {
  const row = await listedUser(db, id);
  if (!row) throw notFound(ADMIN_USER_ERRORS.notFound);
  return toAdminUser(row);
}

const sameInstant = (a: Date | null, b: Date | null) => (a === null ? b === null : b !== null && a.getTime() === b.getTime());

/**
 * An admin's change of role, "Pro until" and disabled, in one transaction with its audit entries.
 * The account and every admin are locked first (last-admin.ts). A grant with an end is ended by the
 * same `billing.period-end` job as a canceled subscription (back to `user`, the reader notified);
 * until then the role decides, as everywhere. Disabling ends every session, legacy token and app
 * password of the account; enabling lets it sign in again (nothing that ended comes back).
 */
export async function changeAccount(deps: AdminDeps, actor: AuditActor, userId: string, change: AccountChange): Promise<AdminUser> {
  if (change.role === undefined && change.pro_until === undefined && change.disabled === undefined) throw badRequest(ADMIN_USER_ERRORS.nothingToChange);
  const now = deps.clock();
  const ended = await transactionWithJobs(deps.db, async (trx) => {
    const locked = await lockAccountAndAdmins(trx, userId);
    const account = locked.find((row) => row.id === userId);
    if (!account) throw notFound(ADMIN_USER_ERRORS.notFound);
    const audit = (action: string, detail: Record<string, unknown>) => recordAudit(trx, { actor, action, target: account, detail, at: now });
    const current = { role: account.role, proUntil: account.pro_until === null ? null : new Date(account.pro_until) };
    const next = nextProState(current, change, now);
    if (next.role !== 'admin') keepAnAdmin(locked, userId, 'demote');
    if (change.disabled === true) keepAnAdmin(locked, userId, 'disable');

    if (next.role !== current.role || !sameInstant(next.proUntil, current.proUntil)) {
      await setRoleAndProUntil(trx, userId, next.role, next.proUntil, now);
      if (next.role !== current.role) await audit(AUDIT_ACTIONS.role, { from: current.role, to: next.role });
      if (!sameInstant(next.proUntil, current.proUntil)) await audit(AUDIT_ACTIONS.proUntil, { from: iso(current.proUntil), to: iso(next.proUntil) });
      if (next.proUntil) await enqueueKind(trx, periodEndKind, { userId }, { runAt: next.proUntil });
    }
    const disabled = account.disabled_at !== null;
    if (change.disabled === undefined || change.disabled === disabled) return [];
    await setDisabledAt(trx, userId, change.disabled ? now : null, now);
    const endedSessions = change.disabled ? await endAllAccess(trx, userId, now) : [];
    await audit(change.disabled ? AUDIT_ACTIONS.disable : AUDIT_ACTIONS.enable, change.disabled ? { sessions: endedSessions.length } : {});
    return endedSessions;
  });
  await forgetEndedSessions(deps.cache, ended, deps.log);
  return findAccount(deps.db, userId);
}

/** The audit log, newest first, 50 entries a page; `before` is the last id of the previous page. */
export async function auditPage(db: Db, query: { user?: string; before?: string }) {
  const entries = await listAudit(db, { targetId: query.user, before: query.before, limit: AUDIT_PAGE_SIZE + 1 });
  return { entries: entries.slice(0, AUDIT_PAGE_SIZE), has_more: entries.length > AUDIT_PAGE_SIZE };
}
