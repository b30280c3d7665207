import { sql, type Kysely } from 'kysely';

/**
 * Self-hosting for a household or a club (docs/operations.md "Readers and the owner's rules"):
 * - accounts can be disabled by an admin (`disabled_at`): a disabled account cannot sign in and
 *   its sessions, tokens and app passwords are refused;
 * - one-time links (`account_links`): an invite (`kind = 'invite'`, optional role, no user yet) or
 *   a set-password link for an existing account (`kind = 'password'`). Only a SHA-256 of the
 *   token is kept; a link is used at most once (`used_at`) and never after `expires_at`;
 * - every admin action on accounts, links and the policy is written to `admin_audit`; the actor's
 *   and target's names are copied so the log still reads after an account is deleted;
 * - the owner's rules (`instance_policy`, at most one row): absent means the defaults that follow
 *   from the configuration (features/policy).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table app_users add column disabled_at timestamptz`.execute(db);

  await sql`
    create table account_links (
      token_hash text primary key check (char_length(token_hash) = 64),
      kind text not null check (kind in ('invite', 'password')),
      user_id uuid references app_users (id) on delete cascade,
      role text check (role in ('user', 'pro', 'admin')),
      created_by uuid references app_users (id) on delete set null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz,
      used_by uuid references app_users (id) on delete set null,
      check ((kind = 'password') = (user_id is not null))
    )`.execute(db);
  await sql`create index account_links_user_idx on account_links (user_id) where user_id is not null`.execute(db);
  await sql`create index account_links_created_idx on account_links (created_at desc)`.execute(db);

  await sql`
    create table admin_audit (
      id bigserial primary key,
      actor_id uuid references app_users (id) on delete set null,
      actor_name text not null,
      action text not null,
      target_id uuid references app_users (id) on delete set null,
      target_name text,
      detail jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index admin_audit_created_idx on admin_audit (created_at desc, id desc)`.execute(db);
  await sql`create index admin_audit_target_idx on admin_audit (target_id, created_at desc) where target_id is not null`.execute(db);

  await sql`
    create table instance_policy (
      id boolean primary key default true check (id),
      limits_enabled boolean not null,
      audio_chapters_per_day integer not null check (audio_chapters_per_day between 0 and 10000),
      translations_per_day integer not null check (translations_per_day between 0 and 10000),
      pro_features_open boolean not null,
      updated_at timestamptz not null default now(),
      updated_by uuid references app_users (id) on delete set null
    )`.execute(db);

  await sql`create index app_users_role_idx on app_users (role, created_at desc)`.execute(db);
}
