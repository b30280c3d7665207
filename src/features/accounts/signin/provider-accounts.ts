import type { ProviderProfile } from '../../../integrations/oauth/types.ts';
import type { Role } from '../../../platform/db/schema.ts';
import { insertUser, updateUser, type Executor } from '../queries.ts';
import type { UserRow } from '../users.ts';
import { findUserByIdentity, findUserByVerifiedEmail, linkIdentity, usernameTaken } from './queries.ts';

/** A free username from a provider's suggestion: "Ada Lovelace" → "Ada-Lovelace", then "-2", "-3"… */
export async function freeUsername(db: Executor, suggestion: string): Promise<string> {
  const base = suggestion.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 28) || 'reader';
  const start = base.length >= 2 ? base : `${base}-reader`;
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? start : `${start}-${n}`;
    if (!(await usernameTaken(db, candidate))) return candidate;
  }
  return `${start}-${crypto.randomUUID().slice(0, 8)}`;
}

/**
 * The account for a provider login: the one linked to this provider id, else the one with the same
 * verified email (then linked), else a new one. The provider's picture is refreshed every time.
 */
export async function accountForProfile(db: Executor, profile: ProviderProfile): Promise<UserRow> {
  return (await existingAccountForProfile(db, profile)) ?? createAccountForProfile(db, profile);
}

/** The account this provider login already belongs to (by its id, else by the same verified email, then linked). */
export async function existingAccountForProfile(db: Executor, profile: ProviderProfile): Promise<UserRow | undefined> {
  const linked = await findUserByIdentity(db, profile.provider, profile.providerUserId);
  if (linked) return (await updateUser(db, linked.id, { provider_avatar_url: profile.pictureUrl })) ?? linked;
  const sameEmail = profile.email && profile.emailVerified ? await findUserByVerifiedEmail(db, profile.email) : undefined;
  if (sameEmail) {
    await linkIdentity(db, sameEmail.id, profile.provider, profile.providerUserId, profile.email);
    return (await updateUser(db, sameEmail.id, { provider_avatar_url: sameEmail.provider_avatar_url ?? profile.pictureUrl })) ?? sameEmail;
  }
  return undefined;
}

/** A new account for a provider login, named after the provider's name (made free), with `role` (an invite's). */
export async function createAccountForProfile(db: Executor, profile: ProviderProfile, role: Role = 'user'): Promise<UserRow> {
  const created = await insertUser(db, {
    username: await freeUsername(db, profile.username),
    role,
    email: profile.email,
    email_verified: profile.emailVerified,
    provider_avatar_url: profile.pictureUrl,
    oauth_provider: profile.provider,
    oauth_id: profile.providerUserId,
  });
  await linkIdentity(db, created.id, profile.provider, profile.providerUserId, profile.email);
  return created;
}
