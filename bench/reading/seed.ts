/**
 * Seeds the benchmark catalogue into a dedicated PostgreSQL database. Books, genres and the text
 * pools are built here (a few thousand rows); the chapters, reading progress and ratings are made
 * inside PostgreSQL with `insert … select generate_series`, so 200,000 chapters take seconds.
 *
 * The database's COMMENT records what was seeded (flags, seed version, migrations); a later run with
 * the same flags and migrations reuses it, anything else (or --fresh) drops and recreates it.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { openPostgres } from '../../src/platform/db/index.ts';
import { MIGRATIONS_DIR, migrateToLatest } from '../../src/platform/db/migrate.ts';
import { renderMissingChapters } from '../../src/features/catalogue/writes/stored-html.ts';
import { genreSlug } from '../../src/features/catalogue/genres.ts';
import { authorName, blurb, bookTitle, chapterTitle, paragraph, rng, slugify, wordCount, type Rand } from './prose.ts';

const SEED_VERSION = 1;
const PARAGRAPHS = 4000;
const CHAPTER_TITLES = 1000;
const SESSIONS = 20_000;

/** Genre name → share of books carrying it (each book also gets at least one). Fantasy dominates, as on real sites. */
export const GENRE_SHARES: Record<string, number> = {
  Fantasy: 0.68,
  Action: 0.4,
  Adventure: 0.35,
  Romance: 0.22,
  'Martial Arts': 0.18,
  Xianxia: 0.12,
  Drama: 0.15,
  Comedy: 0.12,
  Mystery: 0.08,
  'Science Fiction': 0.1,
  'Slice of Life': 0.08,
  'School Life': 0.07,
  Historical: 0.05,
  Horror: 0.04,
};

export interface SeedOptions {
  databaseUrl: string;
  books: number;
  chapters: number;
  fresh: boolean;
  log: (line: string) => void;
}

export interface SeedResult {
  reused: boolean;
  seconds: number;
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) hash.update(file).update(readFileSync(join(MIGRATIONS_DIR, file)));
  return hash.digest('hex').slice(0, 16);
}

function adminUrl(databaseUrl: string): { url: string; name: string } {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`benchmark database name must be a plain identifier, got "${name}"`);
  url.pathname = '/postgres';
  return { url: url.toString(), name };
}

/** Creates (or reuses) the benchmark database and fills it. */
export async function ensureSeeded(options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const signature = JSON.stringify({ v: SEED_VERSION, books: options.books, chapters: options.chapters, migrations: migrationsHash() });
  const { url, name } = adminUrl(options.databaseUrl);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const existing = await admin.query<{ comment: string | null }>('select shobj_description(oid, $1) as comment from pg_database where datname = $2', ['pg_database', name]);
    if (existing.rows.length && !options.fresh && existing.rows[0]!.comment === signature) {
      options.log(`reusing database ${name} (${options.books} books × ${options.chapters} chapters, seeded earlier)`);
      return { reused: true, seconds: (performance.now() - started) / 1000 };
    }
    if (existing.rows.length) {
      options.log(options.fresh ? `dropping ${name} (--fresh)` : `dropping ${name}: seeded with other flags or older migrations`);
      await admin.query(`drop database ${name} with (force)`);
    }
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }

  const handle = openPostgres(options.databaseUrl, 4);
  try {
    await migrateToLatest(handle.db);
    await fill(handle.db as unknown as Kysely<any>, options);
    await sql`vacuum analyze`.execute(handle.db);
  } finally {
    await handle.close();
  }
  const marker = new pg.Client({ connectionString: url });
  await marker.connect();
  await marker.query(`comment on database ${name} is ${pg.escapeLiteral(signature)}`);
  await marker.end();
  const seconds = (performance.now() - started) / 1000;
  options.log(`seeded ${name} in ${seconds.toFixed(1)} s`);
  return { reused: false, seconds };
}

interface BookRow {
  slug: string;
  title: string;
  author: string;
  description: string;
  status: 'ongoing' | 'completed';
  chapter_count: number;
  has_audio: boolean;
  created_at: Date;
  updated_at: Date;
  readers: number;
  genres: string[];
}

/** Chapter counts vary per book (pairs above and below the mean) and add up to books × chapters. */
function chapterCounts(rand: Rand, books: number, mean: number): number[] {
  const counts: number[] = [];
  for (let b = 0; b + 1 < books; b += 2) {
    const d = Math.floor(rand() * 0.8 * (mean - 1));
    counts.push(mean + d, mean - d);
  }
  if (counts.length < books) counts.push(mean);
  return counts;
}

function makeBooks(books: number, chapters: number): BookRow[] {
  const rand = rng(20261121);
  const counts = chapterCounts(rand, books, chapters);
  // Popularity follows a power law over a shuffled rank: a few books have thousands of readers.
  const ranks = Array.from({ length: books }, (_, i) => i + 1);
  for (let i = ranks.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [ranks[i], ranks[j]] = [ranks[j]!, ranks[i]!];
  }
  const now = Date.now();
  const DAY = 86_400_000;
  const genreNames = Object.keys(GENRE_SHARES);
  const rows: BookRow[] = [];
  for (let b = 0; b < books; b++) {
    const title = bookTitle(rand);
    const created = now - (30 + rand() * 1070) * DAY;
    const completed = rand() < 0.35;
    const updated = completed ? created + rand() * (now - created) * 0.8 : now - rand() * rand() * 60 * DAY;
    const genres = genreNames.filter((g) => rand() < GENRE_SHARES[g]!);
    if (!genres.length) genres.push(genreNames[Math.floor(rand() * genreNames.length)]!);
    rows.push({
      slug: `${slugify(title)}-${b}`,
      title,
      author: authorName(rand),
      description: blurb(rand),
      status: completed ? 'completed' : 'ongoing',
      chapter_count: counts[b]!,
      has_audio: rand() < 0.12,
      created_at: new Date(created),
      updated_at: new Date(Math.max(created, updated)),
      readers: Math.floor(3000 / ranks[b]! ** 0.75),
      genres,
    });
  }
  return rows;
}

/** Rows of `table` inserted 500 at a time. */
async function insertAll(db: Kysely<any>, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insertInto(table).values(rows.slice(i, i + 500)).execute();
}

async function fill(db: Kysely<any>, options: SeedOptions): Promise<void> {
  const { log } = options;
  let t = performance.now();
  const step = (what: string) => {
    log(`  ${what} (${((performance.now() - t) / 1000).toFixed(1)} s)`);
    t = performance.now();
  };

  const rand = rng(7);
  const paragraphs = Array.from({ length: PARAGRAPHS }, (_, id) => {
    const body = paragraph(rand);
    return { id, body, words: wordCount(body) };
  });
  const titles = Array.from({ length: CHAPTER_TITLES }, (_, id) => {
    const title = chapterTitle(rand);
    return { id, title, words: wordCount(title) + 1 };
  });
  await sql`create unlogged table bench_paragraphs (id integer primary key, body text not null, words integer not null)`.execute(db);
  await sql`create unlogged table bench_titles (id integer primary key, title text not null, words integer not null)`.execute(db);
  await insertAll(db, 'bench_paragraphs', paragraphs);
  await insertAll(db, 'bench_titles', titles);

  const books = makeBooks(options.books, options.chapters);
  await insertAll(db, 'genres', Object.keys(GENRE_SHARES).map((name) => ({ slug: genreSlug(name), name })));
  await insertAll(
    db,
    'books',
    books.map(({ readers: _r, genres: _g, ...book }) => book),
  );
  await insertAll(db, 'book_genres', books.flatMap((b) => b.genres.map((g) => ({ book_slug: b.slug, genre_slug: genreSlug(g) }))));
  step(`${books.length} books, ${Object.keys(GENRE_SHARES).length} genres`);

  // Each chapter: a "# title" heading and 4–6 paragraphs from the pool (2,000–3,000 characters),
  // picked by hashing (book, number, k), so the text differs from chapter to chapter.
  // Two statements on two connections, each taking half of the books: the machine has 2+ cores.
  const h = (expr: RawBuilder<unknown>) => sql`(hashtext(${expr}) & 2147483647)`;
  const half = (part: number) => sql`
    insert into chapters (book_slug, number, title, text, word_count, content_hash, created_at, updated_at)
    select c.slug, c.n, c.title, c.text, c.words, left(encode(sha256(convert_to(c.text, 'UTF8')), 'hex'), 16), c.at, c.at
    from (
      select b.slug, n, t.title,
             '# ' || t.title || E'\n\n' || body.text as text,
             t.words + body.words as words,
             b.created_at + (b.updated_at - b.created_at) * (n::float8 / b.chapter_count) as at
      from books b
      cross join lateral generate_series(1, b.chapter_count) n
      join bench_titles t on t.id = ${h(sql`b.slug || ':' || n`)} % ${CHAPTER_TITLES}
      cross join lateral (
        select string_agg(p.body, E'\n\n' order by k) as text, sum(p.words)::integer as words
        from generate_series(1, 4 + ${h(sql`n || ':' || b.slug`)} % 3) k
        join bench_paragraphs p on p.id = ${h(sql`b.slug || ':' || n || ':' || k`)} % ${PARAGRAPHS}
      ) body
      where ${h(sql`b.slug`)} % 2 = ${part}
      order by b.slug, n
    ) c`.execute(db);
  // The chapter-count trigger would update a book row per chapter; the counts are already right.
  await sql`alter table chapters disable trigger chapters_count_insert`.execute(db);
  await Promise.all([half(0), half(1)]);
  await sql`alter table chapters enable trigger chapters_count_insert`.execute(db);
  step(`${options.books * options.chapters} chapters`);
  // Writers store each chapter's rendering with its text (catalogue/writes/stored-html.ts); so does the seed.
  await renderMissingChapters(db as never, { batch: 500 });
  step('chapter renderings stored');

  // Reading progress of anonymous readers (a pool of sessions), spread over the last 45 days, so
  // reads_7d / reads_30d can be computed the way the popularity job does and stay consistent if it runs.
  const slugs = books.map((b) => b.slug);
  const readers = books.map((b) => b.readers);
  const offsets = books.map((_, i) => (i * 7919) % SESSIONS);
  await sql`
    insert into progress (session_id, slug, chapter, scroll, updated_at)
    select 'benchreader' || lpad(((r.offset_ + i) % ${SESSIONS})::text, 8, '0'), r.slug,
           1 + ${h(sql`r.slug || ':' || i`)} % bk.chapter_count,
           (${h(sql`i || ':' || r.slug`)} % 1000) / 1000.0,
           now() - interval '1 second' * (${h(sql`r.slug || '/' || i`)} % (45 * 86400))
    from unnest(${slugs}::text[], ${readers}::int[], ${offsets}::int[]) as r(slug, readers, offset_)
    join books bk on bk.slug = r.slug
    cross join lateral generate_series(1, least(r.readers, ${SESSIONS})) i`.execute(db);
  // About one reader in four rates the book, mostly 3–5 stars.
  await sql`
    insert into book_ratings (session_id, slug, rating, updated_at)
    select 'benchreader' || lpad(((r.offset_ + i) % ${SESSIONS})::text, 8, '0'), r.slug,
           (array[5, 4, 4, 3, 5, 4, 2, 5, 3, 1])[1 + ${h(sql`r.slug || '*' || i`)} % 10],
           now() - interval '1 second' * (${h(sql`r.slug || '+' || i`)} % (90 * 86400))
    from unnest(${slugs}::text[], ${readers}::int[], ${offsets}::int[]) as r(slug, readers, offset_)
    cross join lateral generate_series(1, 1 + r.readers / 4) i`.execute(db);
  await sql`
    update books b set rating_count = s.n, rating_sum = s.total
    from (select slug, count(*)::int as n, sum(rating)::int as total from book_ratings group by slug) s
    where s.slug = b.slug`.execute(db);

  const columns = new Set(
    (await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'books'`.execute(db)).rows.map((r) => r.column_name),
  );
  if (columns.has('reads_7d') && columns.has('reads_30d')) {
    await sql`
      update books b set reads_7d = s.r7, reads_30d = s.r30
      from (
        select slug,
               count(distinct coalesce(user_id::text, session_id)) filter (where updated_at > now() - interval '7 days')::int as r7,
               count(distinct coalesce(user_id::text, session_id)) filter (where updated_at > now() - interval '30 days')::int as r30
        from progress group by slug
      ) s
      where s.slug = b.slug`.execute(db);
    step('progress, ratings, reads_7d/reads_30d');
  } else {
    step('progress, ratings (no reads_7d/reads_30d columns yet)');
  }
  await sql`drop table bench_paragraphs`.execute(db);
  await sql`drop table bench_titles`.execute(db);
}
