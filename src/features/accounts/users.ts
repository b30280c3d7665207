import { linkBase } from '../../platform/http/public-origin.ts';
import type { CallerUser } from '../../platform/http/auth.ts';
import type { Role } from '../../platform/db/schema.ts';

export interface UserRow {
  id: string;
  username: string;
  role: Role;
  email: string | null;
  avatar_key: string | null;
  provider_avatar_url: string | null;
}

export function toCallerUser(row: UserRow): CallerUser {
  const images = { avatarKey: row.avatar_key, providerAvatarUrl: row.provider_avatar_url };
  return { id: row.id, username: row.username, role: row.role, email: row.email, ...images, avatarUrl: avatarUrlOf(images) };
}

/** A user as the JSON API shows it (PublicUser of model.ts). */
export function publicUser(row: UserRow, baseUrl: string) {
  return { id: row.id, username: row.username, role: row.role, email: row.email, avatar_url: avatarUrlOf(toCallerUser(row), baseUrl) };
}

/** Stored avatar (served by the app), else the provider's picture, else null (initials are drawn). */
export function avatarUrlOf(user: Pick<CallerUser, 'avatarKey' | 'providerAvatarUrl'>, baseUrl = ''): string | null {
  // An absolute link (a base was given) points at the address the reader is using.
  if (user.avatarKey) return `${baseUrl ? linkBase(baseUrl) : ''}/${user.avatarKey}`;
  return webImageUrl(user.providerAvatarUrl);
}

/**
 * A provider's picture claim is whatever the account holder typed at an OpenID provider they may
 * run themselves: only an http(s) URL is an image address; `javascript:`, `data:` and junk are none.
 */
function webImageUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

export const USERNAME = /^[A-Za-z0-9_-]{2,32}$/;
