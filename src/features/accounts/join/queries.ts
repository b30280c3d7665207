import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../platform/db/index.ts';
import type { Executor } from '../queries.ts';

/** Serialises the creation of one username (any letter case) for the rest of the transaction. */
export async function lockUsername(trx: Transaction<Database>, username: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`chapterhouse:username:${username.toLowerCase()}`}))`.execute(trx);
}

export async function emailInUse(db: Executor, email: string): Promise<boolean> {
  const row = await db.selectFrom('app_users').select('id').where(sql`lower(email)`, '=', email.toLowerCase()).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function usernameOf(db: Executor, userId: string): Promise<string | null> {
  const row = await db.selectFrom('app_users').select('username').where('id', '=', userId).executeTakeFirst();
  return row?.username ?? null;
}

/** A unique index refused the row (another request took the username between our check and insert). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
}
