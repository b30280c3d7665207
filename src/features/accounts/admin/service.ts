import type { Role } from '../../../platform/db/schema.ts';
import type { Db } from '../../../platform/db/index.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { updateUser } from '../queries.ts';
import type { UserRow } from '../users.ts';
import { listUsers } from './queries.ts';

/** What the admin tools may do with accounts. */
export interface AccountSummary {
  id: string;
  username: string;
  role: Role;
  email: string | null;
  created: string;
}

export async function findAccounts(db: Db, query: string | null, limit: number): Promise<AccountSummary[]> {
  const rows = await listUsers(db, query, limit);
  return rows.map((u) => ({ id: u.id, username: u.username, role: u.role, email: u.email, created: new Date(u.created_at).toISOString() }));
}

/** The role is read fresh on every request: the change applies on the user's next request. */
export async function setRole(db: Db, id: string, role: Role): Promise<UserRow> {
  const row = await updateUser(db, id, { role });
  if (!row) throw notFound('User not found');
  return row;
}
