import { randomBytes } from 'node:crypto';
import type { Db } from '../../../platform/db/index.ts';
import type { Role } from '../../../platform/db/schema.ts';
import { badRequest, conflict, notFound } from '../../../platform/http/errors.ts';
import { activeAppPasswords, countActive, insertAppPassword, ownerOfKey, revokeAllAppPasswordRows, revokeAppPasswordRow, touchAppPassword, type AppPasswordRow } from './queries.ts';
import { keyHashOfMd5, keyHashOfPassword, newAppPassword } from './secrets.ts';

export const APP_PASSWORD_NAME_MAX = 60;
/** Enough for every device a reader owns; a leak of many stays visible on one screen. */
export const APP_PASSWORDS_MAX = 20;
/** last_used_at is written at most this often per password (e-readers ask on every page turn). */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export const APP_PASSWORD_ERRORS = {
  nameMissing: 'name is required',
  nameTooLong: `name must be at most ${APP_PASSWORD_NAME_MAX} characters`,
  tooMany: `An account can have at most ${APP_PASSWORDS_MAX} app passwords; revoke one first`,
  notFound: 'App password not found',
} as const;

export interface AppPassword {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

const toAppPassword = (row: AppPasswordRow): AppPassword => ({
  id: row.id,
  name: row.name,
  created_at: new Date(row.created_at).toISOString(),
  last_used_at: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
});

/** A new app password for a device; the password itself is in this answer only. */
export async function createAppPassword(db: Db, userId: string, rawName: string): Promise<AppPassword & { password: string }> {
  const name = rawName.trim().replace(/\s+/g, ' ');
  if (!name) throw badRequest(APP_PASSWORD_ERRORS.nameMissing);
  if (name.length > APP_PASSWORD_NAME_MAX) throw badRequest(APP_PASSWORD_ERRORS.nameTooLong);
  if ((await countActive(db, userId)) >= APP_PASSWORDS_MAX) throw conflict(APP_PASSWORD_ERRORS.tooMany);
  const password = newAppPassword();
  const row = await insertAppPassword(db, { id: randomBytes(12).toString('base64url'), user_id: userId, name, key_hash: keyHashOfPassword(password) });
  return { ...toAppPassword(row), password };
}

export async function listAppPasswords(db: Db, userId: string): Promise<AppPassword[]> {
  return (await activeAppPasswords(db, userId)).map(toAppPassword);
}

export async function revokeAppPassword(db: Db, userId: string, id: string, now: Date): Promise<void> {
  if (!(await revokeAppPasswordRow(db, userId, id, now))) throw notFound(APP_PASSWORD_ERRORS.notFound);
}

/** The account's password was set or changed: no device keeps its way in (they are checked on every request). */
export function revokeAllAppPasswords(db: Db, userId: string, now: Date): Promise<number> {
  return revokeAllAppPasswordRows(db, userId, now);
}

export interface AppPasswordUser {
  id: string;
  username: string;
  role: Role;
}

async function signIn(db: Db, username: string, keyHash: string, now: Date): Promise<AppPasswordUser | null> {
  if (!username) return null;
  const owner = await ownerOfKey(db, username, keyHash);
  if (!owner) return null;
  if (!owner.last_used_at || now.getTime() - new Date(owner.last_used_at).getTime() >= TOUCH_EVERY_MS) await touchAppPassword(db, owner.password_id, now);
  return { id: owner.id, username: owner.username, role: owner.role };
}

/** HTTP Basic from an e-reader app (OPDS): the account's username and one of its app passwords. */
export function userByAppPassword(db: Db, username: string, password: string, now: Date): Promise<AppPasswordUser | null> {
  return signIn(db, username, keyHashOfPassword(password), now);
}

/** KOReader's sync plugin: `x-auth-user` and `x-auth-key` (md5 hex of the app password). */
export function userByAppKey(db: Db, username: string, md5Key: string, now: Date): Promise<AppPasswordUser | null> {
  if (!/^[0-9a-f]{32}$/i.test(md5Key)) return Promise.resolve(null);
  return signIn(db, username, keyHashOfMd5(md5Key), now);
}

/** `Authorization: Basic …` → username and password, or null when absent or malformed. */
export function basicCredentials(header: string | null): { username: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
