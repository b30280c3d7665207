import { sql, type Kysely } from 'kysely';

// Library shelves, comments and votes, ratings, follows, discovery swipes, notifications.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table user_library (
      user_id uuid not null references app_users (id) on delete cascade,
      slug text not null references books (slug) on update cascade on delete cascade,
      shelf text not null default 'plan_to_read' check (shelf in ('reading', 'plan_to_read', 'completed', 'dropped')),
      added_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (user_id, slug)
    )`.execute(db);
  await sql`create index user_library_shelf_idx on user_library (user_id, shelf, updated_at desc)`.execute(db);

  await sql`
    create table book_comments (
      id bigint generated always as identity primary key,
      slug text not null references books (slug) on update cascade on delete cascade,
      chapter integer check (chapter is null or chapter > 0),
      parent_id bigint references book_comments (id) on delete cascade,
      author_id uuid not null references app_users (id) on delete cascade,
      text text not null check (char_length(text) between 1 and 10000),
      upvotes integer not null default 0 check (upvotes >= 0),
      downvotes integer not null default 0 check (downvotes >= 0),
      created_at timestamptz not null default now(),
      deleted_at timestamptz
    )`.execute(db);
  await sql`create index book_comments_thread_idx on book_comments (slug, chapter, created_at desc)`.execute(db);
  await sql`create index book_comments_parent_idx on book_comments (parent_id, created_at) where parent_id is not null`.execute(db);
  await sql`create index book_comments_author_idx on book_comments (author_id)`.execute(db);

  await sql`
    create table comment_votes (
      comment_id bigint not null references book_comments (id) on delete cascade,
      voter_id uuid not null references app_users (id) on delete cascade,
      direction text not null check (direction in ('up', 'down')),
      created_at timestamptz not null default now(),
      primary key (comment_id, voter_id)
    )`.execute(db);
  await sql`create index comment_votes_voter_idx on comment_votes (voter_id, comment_id)`.execute(db);

  await sql`
    create table book_ratings (
      id bigint generated always as identity primary key,
      user_id uuid references app_users (id) on delete cascade,
      session_id text,
      slug text not null references books (slug) on update cascade on delete cascade,
      rating smallint not null check (rating between 1 and 5),
      updated_at timestamptz not null default now(),
      check (user_id is not null or session_id is not null)
    )`.execute(db);
  await sql`create unique index book_ratings_user_idx on book_ratings (user_id, slug) where user_id is not null`.execute(db);
  await sql`create unique index book_ratings_session_idx on book_ratings (session_id, slug) where user_id is null`.execute(db);
  await sql`create index book_ratings_book_idx on book_ratings (slug)`.execute(db);

  await sql`
    create table user_subscriptions (
      follower_id uuid not null references app_users (id) on delete cascade,
      followee_id uuid not null references app_users (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (follower_id, followee_id),
      check (follower_id <> followee_id)
    )`.execute(db);
  await sql`create index user_subscriptions_followee_idx on user_subscriptions (followee_id, follower_id)`.execute(db);

  await sql`
    create table discovery_votes (
      id bigint generated always as identity primary key,
      user_id uuid references app_users (id) on delete cascade,
      session_id text,
      slug text not null references books (slug) on update cascade on delete cascade,
      action text not null check (action in ('like', 'pass', 'save')),
      created_at timestamptz not null default now(),
      check (user_id is not null or session_id is not null)
    )`.execute(db);
  await sql`create unique index discovery_votes_user_idx on discovery_votes (user_id, slug) where user_id is not null`.execute(db);
  await sql`create unique index discovery_votes_session_idx on discovery_votes (session_id, slug) where user_id is null`.execute(db);

  await sql`
    create table notifications (
      id bigint generated always as identity primary key,
      user_id uuid not null references app_users (id) on delete cascade,
      title text not null,
      body text not null default '',
      link text,
      read boolean not null default false,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index notifications_user_idx on notifications (user_id, created_at desc)`.execute(db);
  await sql`create index notifications_unread_idx on notifications (user_id) where not read`.execute(db);
}
