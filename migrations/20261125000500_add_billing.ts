import { sql, type Kysely } from 'kysely';

/**
 * Payments: every webhook event as received (for audit, and so a retried delivery is applied
 * once), and the time of the newest event applied to a user, so that an older event arriving
 * late never overrides a newer one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table billing_events (
      id text primary key,
      type text not null,
      user_id uuid references app_users (id) on delete set null,
      outcome text not null,
      role text,
      event_time timestamptz not null,
      received_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index billing_events_user_idx on billing_events (user_id, event_time desc)`.execute(db);
  await sql`create index billing_events_recent_idx on billing_events (received_at desc)`.execute(db);
  await sql`alter table app_users add column billing_event_at timestamptz`.execute(db);
  await sql`create index app_users_email_lower_idx on app_users (lower(email))`.execute(db);
}
