import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, Role } from '../../platform/db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Records a delivery; undefined when this `webhook-id` was seen before (a retry). */
export function insertEvent(db: Db, event: { id: string; type: string; time: Date }) {
  return db
    .insertInto('billing_events')
    .values({ id: event.id.slice(0, 200), type: event.type.slice(0, 100), outcome: 'received', event_time: event.time })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
}

export function settleEvent(db: Db, id: string, values: { outcome: string; userId: string | null; role: Role | null }) {
  return db.updateTable('billing_events').set({ outcome: values.outcome, user_id: values.userId, role: values.role }).where('id', '=', id.slice(0, 200)).execute();
}

const userColumns = ['id', 'username', 'role', 'email', 'payment_customer_id', 'pro_until', 'billing_event_at'] as const;

/**
 * Who paid, the row locked: the account already linked to this customer id, else the account whose
 * id we sent as external_id at checkout, else the account with this email only when it is verified.
 * An address typed into change-email is unverified, so copying a payer's address finds nothing.
 */
export async function findPayingUser(db: Db, who: { customerId: string | null; email: string | null; externalId: string | null }) {
  if (who.customerId) {
    const row = await db.selectFrom('app_users').select(userColumns).where('payment_customer_id', '=', who.customerId).forUpdate().executeTakeFirst();
    if (row) return row;
  }
  if (who.externalId && UUID.test(who.externalId)) {
    const row = await db.selectFrom('app_users').select(userColumns).where('id', '=', who.externalId).forUpdate().executeTakeFirst();
    if (row) return row;
  }
  if (who.email) {
    return db
      .selectFrom('app_users')
      .select(userColumns)
      .where(sql`lower(email)`, '=', who.email.toLowerCase())
      .where('email_verified', '=', true)
      .orderBy('created_at')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
  }
  return undefined;
}

export function setBilling(db: Db, userId: string, values: { role?: Role; proUntil?: Date | null; eventAt?: Date }) {
  return db
    .updateTable('app_users')
    .set({
      ...(values.role ? { role: values.role } : {}),
      ...(values.proUntil !== undefined ? { pro_until: values.proUntil } : {}),
      ...(values.eventAt ? { billing_event_at: values.eventAt } : {}),
    })
    .where('id', '=', userId)
    .execute();
}

/** The provider's customer id, kept the first time we learn it (never taken from another user). */
export function rememberCustomer(db: Db, userId: string, customerId: string) {
  return db
    .updateTable('app_users')
    .set({ payment_customer_id: customerId })
    .where('id', '=', userId)
    .where('payment_customer_id', 'is', null)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('app_users as other').select('other.id').where('other.payment_customer_id', '=', customerId))))
    .execute();
}

/** A canceled subscription's paid period is over: back to `user` (only if nothing renewed it). */
export function expirePro(db: Db, userId: string, now: Date) {
  return db
    .updateTable('app_users')
    .set({ role: 'user', pro_until: null })
    .where('id', '=', userId)
    .where('role', '=', 'pro')
    .where('pro_until', 'is not', null)
    .where('pro_until', '<=', now)
    .returning(['id'])
    .executeTakeFirst();
}

export function billingStateOf(db: Db, userId: string) {
  return db.selectFrom('app_users').select(['role', 'pro_until', 'payment_customer_id']).where('id', '=', userId).executeTakeFirst();
}
