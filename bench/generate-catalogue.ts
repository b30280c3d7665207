/**
 * Fills a database with a large synthetic catalogue for benchmarks (never used by the demo seed or
 * the tests' fixtures). Text is assembled from a small word list: it is volume, not prose.
 * Usage: DATABASE_URL=… bun bench/generate-catalogue.ts [books=2000] [chapters=50] [bigBookChapters=5000]
 * Without DATABASE_URL it writes to the embedded database in $DATA_DIR (default ./data).
 */
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

const config = loadConfig();
const handle = await openDatabase(config);
await migrateToLatest(handle.db);
const db = handle.db;
await db.insertInto('genres').values(GENRES.map((name) => ({ slug: genreSlug(name), name }))).onConflict((oc) => oc.doNothing()).execute();

const started = performance.now();
for (let b = 0; b < books; b++) {
  const slug = `bench-book-${b}`;
  const count = b === 0 ? bigBook : chapters;
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('books').values({ slug, title: `${words(b, 3)} ${b}`, author: `Author ${b % 97}`, description: words(b + 1, 40), status: b % 3 ? 'ongoing' : 'completed', chapter_count: count }).onConflict((oc) => oc.doNothing()).execute();
    await trx.insertInto('book_genres').values([{ book_slug: slug, genre_slug: genreSlug(GENRES[b % GENRES.length]!) }]).onConflict((oc) => oc.doNothing()).execute();
    for (let start = 1; start <= count; start += 500) {
      const rows = [];
      for (let n = start; n < Math.min(start + 500, count + 1); n++) rows.push({ book_slug: slug, number: n, title: words(n, 3), text: words(n + b, 300), word_count: 300 });
      await trx.insertInto('chapters').values(rows).onConflict((oc) => oc.doNothing()).execute();
    }
  });
  if (b % 100 === 0) console.log(`${b}/${books} books`);
}
console.log(`generated ${books} books in ${((performance.now() - started) / 1000).toFixed(1)} s`);
await handle.close();
