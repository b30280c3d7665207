import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import type { AuditEntry } from '../../../../src/features/audit/service.ts';
import { AUDIT_ACTIONS } from '../../../../src/features/accounts/admin/messages.ts';
import { formatDay, roleName } from './labels.ts';

/**
 * What an audit entry says, in the reader's language ("Changed the role of ana from Reader to
 * Pro"). An action this page does not know (another room's, such as the owner's rules) shows its
 * code, and its account when it names one.
 */
export function describeAudit(ctx: PageContext, entry: AuditEntry): string {
  const { t } = ctx;
  const target = entry.target?.username ?? '';
  const d = entry.detail;
  switch (entry.action) {
    case AUDIT_ACTIONS.create:
      return t('users.audit.create', { target, role: roleName(ctx, d.role) });
    case AUDIT_ACTIONS.role:
      return t('users.audit.role', { target, from: roleName(ctx, d.from), to: roleName(ctx, d.to) });
    case AUDIT_ACTIONS.proUntil:
      return typeof d.to === 'string' ? t('users.audit.proUntil', { target, date: formatDay(ctx, d.to) }) : t('users.audit.proUntilNone', { target });
    case AUDIT_ACTIONS.disable:
      return t('users.audit.disable', { target });
    case AUDIT_ACTIONS.enable:
      return t('users.audit.enable', { target });
    case AUDIT_ACTIONS.signOut:
      return t('users.audit.signOut', { target });
    case AUDIT_ACTIONS.passwordReset:
      return t('users.audit.passwordReset', { target });
    case AUDIT_ACTIONS.delete:
      return t('users.audit.delete', { target });
    case AUDIT_ACTIONS.invite:
      return t('users.audit.invite', { role: roleName(ctx, d.role) });
    case AUDIT_ACTIONS.revokeInvite:
      return t('users.audit.revokeInvite');
    case AUDIT_ACTIONS.joined:
      return t('users.audit.joined', { target, role: roleName(ctx, d.role) });
    case AUDIT_ACTIONS.passwordSet:
      return t('users.audit.passwordSet', { target });
    case AUDIT_ACTIONS.policy:
      return t('users.audit.policy');
    default:
      return target ? `${entry.action} · ${target}` : entry.action;
  }
}
