/**
 * Fills a database with a large synthetic catalogue for benchmarks (never used by the demo seed or
 * the tests' fixtures). Text is assembled from a small word list: it is volume, not prose (for
 * realistic chapters in real PostgreSQL, bench/reading.ts seeds its own database).
 * Usage: DATABASE_URL=… bun bench/generate-catalogue.ts [books=2000] [chapters=50] [bigBookChapters=5000]
 * Without DATABASE_URL it writes to the embedded database in $DATA_DIR (default ./data).
 *
 * Books and genres are inserted 500 rows a statement; chapters are made inside the database with
 * `insert … select generate_series`, a few hundred books a statement, so 200,000 chapters take
 * seconds rather than minutes. Existing rows are kept (re-running adds only what is missing).
 */
import { sql } from 'kysely';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/platform/db/index.ts';
import { migrateToLatest } from '../src/platform/db/migrate.ts';
import { genreSlug } from '../src/features/catalogue/genres.ts';

const [books = 2000, chapters = 50, bigBook = 5000] = process.argv.slice(2).map(Number);
const WORDS = 'river lantern blade storm quiet ember oath tower harbour winter sect mirror ash crown road letter garden engine'.split(' ');
const GENRES = ['Fantasy', 'Martial Arts', 'Romance', 'Science Fiction', 'Mystery', 'Horror', 'Slice of Life', 'Adventure'];

function words(seed: number, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += WORDS[(seed * 31 + i * 17) % WORDS.length] + (i % 12 === 11 ? '. ' : ' ');
  return out.trim();
}

// words(seed, n) depends on seed only through seed mod WORDS.length: the chapter texts and titles
// are one of WORDS.length variants each, passed to the database once as arrays.
const TEXTS = WORDS.map((_, s) => words(s, 300));
const TITLES = WORDS.map((_, s) => words(s, 3));

const config = loadConfig();
const handle = await openDatabase(config);
await migrateToLatest(handle.db);
const db = handle.db;
await db.insertInto('genres').values(GENRES.map((name) => ({ slug: genreSlug(name), name }))).onConflict((oc) => oc.doNothing()).execute();

const started = performance.now();
const BATCH = 500;
let made = 0;
for (let first = 0; first < books; first += BATCH) {
  const batch = Array.from({ length: Math.min(BATCH, books - first) }, (_, i) => {
    const b = first + i;
    return { b, slug: `bench-book-${b}`, count: b === 0 ? bigBook : chapters };
  });
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('books')
      .values(batch.map(({ b, slug, count }) => ({ slug, title: `${words(b, 3)} ${b}`, author: `Author ${b % 97}`, description: words(b + 1, 40), status: b % 3 ? 'ongoing' : 'completed' })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .insertInto('book_genres')
      .values(batch.map(({ b, slug }) => ({ book_slug: slug, genre_slug: genreSlug(GENRES[b % GENRES.length]!) })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    // Chapter n of book b: title words(n, 3), text words(n + b, 300), exactly as one row at a time would.
    const result = await sql`
      insert into chapters (book_slug, number, title, text, word_count)
      select x.slug, n, (${TITLES}::text[])[1 + n % ${WORDS.length}], (${TEXTS}::text[])[1 + (n + x.b) % ${WORDS.length}], 300
      from unnest(${batch.map((x) => x.slug)}::text[], ${batch.map((x) => x.b)}::int[], ${batch.map((x) => x.count)}::int[]) as x(slug, b, count)
      cross join lateral generate_series(1, x.count) n
      on conflict do nothing`.execute(trx);
    made += Number(result.numAffectedRows ?? 0);
  });
  console.log(`${first + batch.length}/${books} books`);
}
console.log(`generated ${books} books (${made} new chapters) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
await handle.close();
