import { sql, type Kysely } from 'kysely';

// Accounts and their signed-in devices. Ids are UUIDs: they appear in tokens and must not contain dots.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table app_users (
      id uuid primary key default gen_random_uuid(),
      username text not null check (char_length(username) between 1 and 64),
      role text not null default 'user' check (role in ('user', 'pro', 'admin')),
      email text,
      email_verified boolean not null default false,
      avatar_key text,
      provider_avatar_url text,
      oauth_provider text,
      oauth_id text,
      payment_customer_id text unique,
      password_hash text,
      library_private boolean not null default false,
      pro_until timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (oauth_provider, oauth_id)
    )`.execute(db);
  await sql`create unique index app_users_username_idx on app_users (lower(username))`.execute(db);
  await sql`create index app_users_email_idx on app_users (lower(email)) where email is not null`.execute(db);

  await sql`
    create table user_sessions (
      id text primary key check (char_length(id) between 16 and 128),
      user_id uuid not null references app_users (id) on delete cascade,
      user_agent text not null default '',
      ip text not null default '',
      device_fingerprint text not null,
      created timestamptz not null default now(),
      last_seen timestamptz not null default now(),
      unique (user_id, device_fingerprint)
    )`.execute(db);
  await sql`create index user_sessions_user_idx on user_sessions (user_id, last_seen desc)`.execute(db);
}
