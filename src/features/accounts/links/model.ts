import type { AccountLinkKind, Role } from '../../../platform/db/schema.ts';

/** Where each kind of one-time link opens. */
export const LINK_PATHS: Record<AccountLinkKind, string> = { invite: '/join', password: '/set-password' };

export const INVITE_HOURS_DEFAULT = 7 * 24;
export const INVITE_HOURS_MAX = 30 * 24;
export const PASSWORD_LINK_HOURS = 72;

export interface IssuedLink {
  /** The secret itself: shown once, never stored. */
  token: string;
  url: string;
  expiresAt: Date;
}

export interface UsableLink {
  tokenHash: string;
  kind: AccountLinkKind;
  userId: string | null;
  role: Role | null;
  expiresAt: Date;
  /** The admin who made the link (null once that account is gone): the join page names them. */
  createdBy: string | null;
}

/** Why a link cannot be used (the join and set-password pages say which, in the reader's words). */
export type LinkRefusal = 'unknown' | 'expired' | 'used';
