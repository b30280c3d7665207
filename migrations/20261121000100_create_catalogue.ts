import { sql, type Kysely } from 'kysely';

// Books, genres and chapters. A book's slug is its key everywhere (progress, library, comments).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`
    create table books (
      slug text primary key check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 200),
      title text not null check (char_length(title) between 1 and 500),
      author text not null default '',
      description text not null default '',
      cover_key text,
      status text not null default 'ongoing' check (status in ('ongoing', 'completed')),
      source_url text,
      chapter_count integer not null default 0 check (chapter_count >= 0),
      rating_count integer not null default 0 check (rating_count >= 0),
      rating_sum integer not null default 0 check (rating_sum >= 0),
      has_audio boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      search_vector tsvector generated always as (
        setweight(to_tsvector('simple'::regconfig, coalesce(title, '')), 'A') ||
        setweight(to_tsvector('simple'::regconfig, coalesce(author, '')), 'B') ||
        setweight(to_tsvector('simple'::regconfig, coalesce(description, '')), 'C')
      ) stored
    )`.execute(db);
  await sql`create index books_search_idx on books using gin (search_vector)`.execute(db);
  await sql`create index books_title_trgm_idx on books using gin (lower(title) gin_trgm_ops)`.execute(db);
  await sql`create index books_author_trgm_idx on books using gin (lower(author) gin_trgm_ops)`.execute(db);
  await sql`create index books_updated_idx on books (updated_at desc, slug)`.execute(db);
  await sql`create index books_created_idx on books (created_at desc, slug)`.execute(db);
  await sql`create index books_title_idx on books (lower(title), slug)`.execute(db);
  await sql`create index books_status_idx on books (status, updated_at desc)`.execute(db);
  await sql`create index books_has_audio_idx on books (updated_at desc) where has_audio`.execute(db);

  await sql`
    create table genres (
      slug text primary key check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      name text not null unique
    )`.execute(db);
  await sql`
    create table book_genres (
      book_slug text not null references books (slug) on update cascade on delete cascade,
      genre_slug text not null references genres (slug) on update cascade on delete cascade,
      primary key (book_slug, genre_slug)
    )`.execute(db);
  await sql`create index book_genres_genre_idx on book_genres (genre_slug, book_slug)`.execute(db);

  await sql`
    create table chapters (
      id bigint generated always as identity primary key,
      book_slug text not null references books (slug) on update cascade on delete cascade,
      number integer not null check (number > 0),
      title text not null default '',
      text text not null default '',
      word_count integer not null default 0,
      content_hash text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (book_slug, number)
    )`.execute(db);
}
