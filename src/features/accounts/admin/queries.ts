import { sql } from 'kysely';
import type { Executor } from '../queries.ts';

export function listUsers(db: Executor, query: string | null, limit: number) {
  let q = db.selectFrom('app_users').select(['id', 'username', 'role', 'email', 'created_at']).orderBy('created_at', 'desc').limit(limit);
  if (query) q = q.where(sql`lower(username)`, 'like', `%${query.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`);
  return q.execute();
}
