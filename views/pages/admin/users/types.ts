import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import type { AdminUser } from '../../../../src/features/accounts/admin/model.ts';
import type { ListState } from '../../../../src/features/accounts/admin/paths.ts';
import type { PendingInvite } from '../../../../src/features/accounts/admin/invites.ts';
import type { AuditEntry } from '../../../../src/features/audit/service.ts';
import type { Notice } from '../shared/notice.ts';

export interface UserListProps {
  ctx: PageContext;
  users: AdminUser[];
  state: ListState;
  hasMore: boolean;
  /** The signed-in admin: their own card says so. */
  viewerId: string;
  now: Date;
}

/** A one-time link just made: shown in this answer only (it is not stored, only its hash). */
export interface IssuedLinkShown {
  kind: 'setPassword' | 'reset' | 'invite';
  url: string;
  expiresAt: string;
  username?: string;
}

/** The create-account form after a refusal: what was typed (never the password) and why. */
export interface CreateFormState {
  username: string;
  role: string;
  email: string;
  problem: string;
}

export interface InviteFormState {
  role: string;
  hours: string;
  problem: string;
}

export interface AuditView {
  entries: AuditEntry[];
  hasMore: boolean;
  /** Set when the page shows older entries (the `audit_before` of the page's address). */
  before: string | null;
}

export interface UsersPageProps extends UserListProps {
  notice: Notice | null;
  link: IssuedLinkShown | null;
  invites: PendingInvite[];
  audit: AuditView;
  createForm: CreateFormState | null;
  inviteForm: InviteFormState | null;
}
