import { sql, type Kysely } from 'kysely';

// Per-reader state. A reader is a user (user_id) or, before signing in, an anonymous session (session_id).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table progress (
      id bigint generated always as identity primary key,
      user_id uuid references app_users (id) on delete cascade,
      session_id text,
      slug text not null references books (slug) on update cascade on delete cascade,
      chapter integer not null check (chapter > 0),
      scroll real not null default 0 check (scroll >= 0 and scroll <= 1),
      audio_time real not null default 0 check (audio_time >= 0),
      updated_at timestamptz not null default now(),
      check (user_id is not null or session_id is not null)
    )`.execute(db);
  await sql`create unique index progress_user_book_idx on progress (user_id, slug) where user_id is not null`.execute(db);
  await sql`create unique index progress_session_book_idx on progress (session_id, slug) where user_id is null`.execute(db);
  await sql`create index progress_user_recent_idx on progress (user_id, updated_at desc) where user_id is not null`.execute(db);
  await sql`create index progress_session_recent_idx on progress (session_id, updated_at desc) where user_id is null`.execute(db);
  await sql`create index progress_book_recent_idx on progress (slug, updated_at desc)`.execute(db);

  await sql`
    create table user_settings (
      id bigint generated always as identity primary key,
      user_id uuid references app_users (id) on delete cascade,
      session_id text,
      auto_next boolean,
      voice text,
      speed real check (speed is null or speed between 0.5 and 3.0),
      theme text check (theme is null or theme in ('amber', 'slate', 'rose', 'light', 'light-slate', 'light-rose')),
      locale text check (locale is null or locale in ('en', 'pt', 'es', 'fr', 'id')),
      font_family text check (font_family is null or font_family in ('system', 'serif', 'mono')),
      font_size real check (font_size is null or font_size = 0 or font_size between 0.5 and 3.0),
      updated_at timestamptz not null default now(),
      check (user_id is not null or session_id is not null)
    )`.execute(db);
  await sql`create unique index user_settings_user_idx on user_settings (user_id) where user_id is not null`.execute(db);
  await sql`create unique index user_settings_session_idx on user_settings (session_id) where user_id is null`.execute(db);
}
