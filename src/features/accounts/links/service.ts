import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '../../../platform/db/schema.ts';
import { linkBase } from '../../../platform/http/public-origin.ts';
import type { AccountsDeps } from '../service.ts';
import type { Executor } from '../queries.ts';
import { INVITE_HOURS_DEFAULT, LINK_PATHS, PASSWORD_LINK_HOURS, type IssuedLink, type LinkRefusal, type UsableLink } from './model.ts';
import { findLink, insertLink, useLink, voidPasswordLinks } from './queries.ts';

/**
 * One-time links an admin hands to a person: an invite (`/join/{token}`: choose a username and a
 * password, or sign in with a login provider, and arrive signed in with the invite's role) and a
 * set-password link for an existing account (`/set-password/{token}`). The token is 256 random
 * bits shown once; only its SHA-256 is stored, so a copy of the database opens no account.
 */
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

const hoursFrom = (now: Date, hours: number) => new Date(now.getTime() + hours * 3600_000);

function issued(deps: Pick<AccountsDeps, 'config'>, kind: keyof typeof LINK_PATHS, token: string, expiresAt: Date): IssuedLink {
  return { token, url: `${linkBase(deps.config.baseUrl)}${LINK_PATHS[kind]}/${token}`, expiresAt };
}

export async function createInvite(deps: Pick<AccountsDeps, 'db' | 'config' | 'clock'>, input: { role?: Role | null; expiresInHours?: number; createdBy: string | null }, db: Executor = deps.db): Promise<IssuedLink> {
  const now = deps.clock();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = hoursFrom(now, input.expiresInHours ?? INVITE_HOURS_DEFAULT);
  await insertLink(db, { token_hash: hashLinkToken(token), kind: 'invite', user_id: null, role: input.role ?? null, created_by: input.createdBy, created_at: now, expires_at: expiresAt });
  return issued(deps, 'invite', token, expiresAt);
}

/** A set-password link for `userId`; the account's earlier unused links stop working. */
export async function createPasswordLink(deps: Pick<AccountsDeps, 'db' | 'config' | 'clock'>, input: { userId: string; createdBy: string | null }, db: Executor = deps.db): Promise<IssuedLink> {
  const now = deps.clock();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = hoursFrom(now, PASSWORD_LINK_HOURS);
  await voidPasswordLinks(db, input.userId, now);
  await insertLink(db, { token_hash: hashLinkToken(token), kind: 'password', user_id: input.userId, role: null, created_by: input.createdBy, created_at: now, expires_at: expiresAt });
  return issued(deps, 'password', token, expiresAt);
}

/** The link behind `token` if it can still be used at `now`, else why not. Reads only. */
export async function usableLink(db: Executor, kind: keyof typeof LINK_PATHS, token: string, now: Date): Promise<UsableLink | LinkRefusal> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return 'unknown';
  const row = await findLink(db, hashLinkToken(token), kind);
  if (!row) return 'unknown';
  if (row.used_at) return 'used';
  if (new Date(row.expires_at).getTime() <= now.getTime()) return 'expired';
  return { tokenHash: row.token_hash, kind: row.kind, userId: row.user_id, role: row.role, expiresAt: new Date(row.expires_at), createdBy: row.created_by };
}

/** Spends the link inside the caller's transaction; false when another request spent it first or it just expired. */
export function spendLink(db: Executor, link: UsableLink, usedBy: string, now: Date): Promise<boolean> {
  return useLink(db, link.tokenHash, usedBy, now);
}

/**
 * Spends the link inside the caller's transaction, or says why it cannot be spent any more: used
 * by a request that came first, expired or withdrawn meanwhile (read after the refused update,
 * so it sees what that request committed).
 */
export async function spendLinkOrRefusal(db: Executor, link: UsableLink, usedBy: string, now: Date): Promise<LinkRefusal | null> {
  if (await useLink(db, link.tokenHash, usedBy, now)) return null;
  const row = await findLink(db, link.tokenHash, link.kind);
  if (!row) return 'unknown';
  return row.used_at ? 'used' : 'expired';
}
