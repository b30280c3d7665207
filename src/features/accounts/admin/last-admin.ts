import { conflict } from '../../../platform/http/errors.ts';
import { ADMIN_USER_ERRORS } from './messages.ts';
import type { LockedAccount } from './queries.ts';

/** The ways an account stops counting as an administrator. */
export type AdminLoss = 'demote' | 'disable' | 'delete';

const REFUSALS: Record<AdminLoss, string> = {
  demote: ADMIN_USER_ERRORS.lastAdminDemote,
  disable: ADMIN_USER_ERRORS.lastAdminDisable,
  delete: ADMIN_USER_ERRORS.lastAdminDelete,
};

/**
 * The site always keeps an administrator who can sign in: demoting, disabling or deleting the
 * only enabled admin is 409 (the admin themselves included). `accounts` are the account and every
 * admin, read under lock (queries.ts lockAccountAndAdmins) when the change is made.
 */
export function keepAnAdmin(accounts: readonly Pick<LockedAccount, 'id' | 'role' | 'disabled_at'>[], userId: string, loss: AdminLoss): void {
  const account = accounts.find((row) => row.id === userId);
  if (!account || account.role !== 'admin' || account.disabled_at !== null) return;
  if (accounts.some((row) => row.id !== userId && row.role === 'admin' && row.disabled_at === null)) return;
  throw conflict(REFUSALS[loss]);
}
