import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../platform/db/index.ts';
import type { Executor } from '../queries.ts';

export async function emailUsedByAnother(db: Executor, email: string, userId: string): Promise<boolean> {
  const row = await db.selectFrom('app_users').select('id').where(sql`lower(email)`, '=', email.toLowerCase()).where('id', '<>', userId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Serialises changes to one address (any letter case) for the rest of the transaction. */
export async function lockEmailAddress(trx: Transaction<Database>, email: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`chapterhouse:email:${email.toLowerCase()}`}))`.execute(trx);
}
