import { sql, type Kysely } from 'kysely';

/**
 * App passwords (features/app-passwords): generated secrets with which e-reader apps sign in over
 * HTTP Basic (OPDS) and KOReader's sync plugin (which sends md5 of the password), named, listed
 * and revocable on the account page. Only a hash is kept: sha256 of the md5 hex of the password,
 * so both forms can be checked against one column. `revoked_at` keeps the row for the list.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table app_passwords (
      id text primary key,
      user_id uuid not null references app_users(id) on delete cascade,
      name text not null check (char_length(name) between 1 and 60),
      key_hash text not null unique,
      created_at timestamptz not null default now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);
  await sql`create index app_passwords_user_idx on app_passwords (user_id, created_at)`.execute(db);
}
