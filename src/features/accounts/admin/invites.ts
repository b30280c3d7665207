import type { Role } from '../../../platform/db/schema.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { recordAudit, type AuditActor } from '../../audit/service.ts';
import { createInvite, hashLinkToken } from '../links/service.ts';
import { expireInvite, pendingInvites } from '../links/queries.ts';
import { ADMIN_USER_ERRORS, AUDIT_ACTIONS } from './messages.ts';
import { INVITE_ID_LENGTH, INVITES_SHOWN } from './model.ts';
import { pendingInviteHash } from './queries.ts';
import type { AdminDeps } from './service.ts';

/**
 * Invites made by an admin (links/service.ts makes and spends them): the link is shown once; the
 * list names each pending one by the start of its token's hash, which is enough to revoke it.
 */
/** A one-time invite (role default `user`, 1 to 720 hours, default 168), with its audit entry. */
export async function issueInvite(deps: AdminDeps, actor: AuditActor, input: { role?: Role; expiresInHours?: number }): Promise<{ id: string; url: string; expiresAt: Date }> {
  const now = deps.clock();
  return deps.db.transaction().execute(async (trx) => {
    const link = await createInvite(deps, { role: input.role ?? null, expiresInHours: input.expiresInHours, createdBy: actor.id }, trx);
    const id = inviteId(hashLinkToken(link.token));
    await recordAudit(trx, { actor, action: AUDIT_ACTIONS.invite, detail: { id, role: input.role ?? 'user', expires_at: link.expiresAt.toISOString() }, at: now });
    return { id, url: link.url, expiresAt: link.expiresAt };
  });
}

export interface PendingInvite {
  id: string;
  role: Role;
  created: string;
  expires_at: string;
  created_by: string | null;
}

const inviteId = (tokenHash: string) => tokenHash.slice(0, INVITE_ID_LENGTH);

/** Invites not used and not expired, newest first; the link itself was shown once and is not kept. */
export async function listInvites(deps: AdminDeps): Promise<PendingInvite[]> {
  const rows = await pendingInvites(deps.db, deps.clock(), INVITES_SHOWN);
  return rows.map((row) => ({
    id: inviteId(row.token_hash),
    role: row.role ?? 'user',
    created: new Date(row.created_at).toISOString(),
    expires_at: new Date(row.expires_at).toISOString(),
    created_by: row.created_by_name,
  }));
}

/** Ends a pending invite at once; 404 when there is none by that id (used, expired or revoked). */
export async function revokeInvite(deps: AdminDeps, actor: AuditActor, id: string): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    const tokenHash = await pendingInviteHash(trx, id, now);
    if (!tokenHash || !(await expireInvite(trx, tokenHash, now))) throw notFound(ADMIN_USER_ERRORS.inviteNotFound);
    await recordAudit(trx, { actor, action: AUDIT_ACTIONS.revokeInvite, detail: { id }, at: now });
  });
}
