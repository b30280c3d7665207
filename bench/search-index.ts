/**
 * The in-memory search alone, without HTTP or the database: the catalogue search index built from
 * the reading benchmark's generated books at two sizes, timed over the same kinds of spread search
 * strings as bench/reading.ts, per kind of string. Shows how the index's own cost grows with the
 * catalogue (docs/scaling.md).
 *
 *   node_modules/.bin/bun bench/search-index.ts [--sizes 2000,20000] [--strings 12000]
 */
import { parseArgs } from 'node:util';
import { SearchIndex } from '../src/features/catalogue/index/search-index.ts';
import { searchTerms } from '../src/features/catalogue/search-terms.ts';
import { authorName, blurb, bookTitle, rng, slugify } from './reading/prose.ts';
import { searchStrings } from './reading/spread.ts';

const { values: flags } = parseArgs({
  options: { sizes: { type: 'string', default: '2000,20000' }, strings: { type: 'string', default: '12000' } },
  strict: true,
});

for (const size of flags.sizes!.split(',').map(Number)) {
  const rand = rng(20261121);
  const books = Array.from({ length: size }, () => ({ title: bookTitle(rand), author: authorName(rand), description: blurb(rand) }));
  const slugs = books.map((b, i) => `${slugify(b.title)}-${i}`);
  const bySlug = slugs.map((_, i) => i).sort((a, b) => (slugs[a]! < slugs[b]! ? -1 : 1));
  const slugRanks = new Int32Array(size);
  bySlug.forEach((id, rank) => (slugRanks[id] = rank));
  const started = performance.now();
  const index = SearchIndex.build(books.map((b, i): [number, typeof b] => [i, b]));
  const buildMs = performance.now() - started;
  const catalogue = { titles: books.map((b) => b.title), authors: books.map((b) => b.author), genres: [], books: [] };
  const strings = searchStrings(rng(5), catalogue, Number(flags.strings));
  // Kinds are made in order, then shuffled: tell them apart again by regenerating without the shuffle is not possible, so time each string and report the mean and the slowest.
  const times: number[] = [];
  for (const warm of [true, false]) {
    for (const s of strings.strings) {
      const t = performance.now();
      index.search(searchTerms(s), 0, 24, slugRanks);
      if (!warm) times.push(performance.now() - t);
    }
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  console.log(`${size} books: build ${buildMs.toFixed(0)} ms; search mean ${(mean * 1000).toFixed(0)} µs, p50 ${(at(0.5) * 1000).toFixed(0)} µs, p90 ${(at(0.9) * 1000).toFixed(0)} µs, p99 ${(at(0.99) * 1000).toFixed(0)} µs`);
}
