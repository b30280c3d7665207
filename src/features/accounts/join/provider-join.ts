import type { ProviderProfile } from '../../../integrations/oauth/types.ts';
import type { AccountsDeps } from '../service.ts';
import type { UserRow } from '../users.ts';
import { createAccountForProfile, existingAccountForProfile } from '../signin/provider-accounts.ts';
import { openInvitation, spendInvite } from './service.ts';

/**
 * Joining through a login provider, at the end of its round trip (signin/provider-routes.ts
 * carries the invite in a flow cookie). A provider login that already belongs to an account signs
 * that account in and leaves the invite for someone else; otherwise the new account gets the
 * invite's role and the invite is spent in the same transaction. LinkRefused when the invite was
 * used or expired while the person was at the provider.
 */
export async function joinWithProfile(deps: Pick<AccountsDeps, 'db' | 'clock'>, token: string, profile: ProviderProfile): Promise<UserRow> {
  const existing = await existingAccountForProfile(deps.db, profile);
  if (existing) return existing;
  const { link, role } = await openInvitation(deps, token);
  const now = deps.clock();
  return deps.db.transaction().execute(async (trx) => {
    const user = await createAccountForProfile(trx, profile, role);
    await spendInvite(trx, link, user, now, profile.provider);
    return user;
  });
}
