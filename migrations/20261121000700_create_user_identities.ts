import { sql, type Kysely } from 'kysely';

// Every login provider account linked to a user (app_users.oauth_* keep the first one, as the spec names them).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table user_identities (
      provider text not null check (provider in ('google', 'github', 'oidc')),
      provider_user_id text not null check (char_length(provider_user_id) between 1 and 255),
      user_id uuid not null references app_users (id) on delete cascade,
      email text,
      created_at timestamptz not null default now(),
      primary key (provider, provider_user_id)
    )`.execute(db);
  await sql`create index user_identities_user_idx on user_identities (user_id)`.execute(db);
}
