/**
 * What bench/reading.ts measures. The spread rows carry the targets: traffic as a public site
 * meets it (thousands of different searches, every browse page, any chapter of the catalogue),
 * with the answer caches on but not counted on (each row reports its hit ratio). The repeated
 * rows ask for a handful of URLs, so after the first request they measure cache hits: they are
 * kept, labelled so, without targets.
 */
import { pick, rng, TITLE_NOUNS } from './prose.ts';
import { browseQueries, searchStrings, uniformChapters, writeUniformChapterScript, type SpreadCatalogue } from './spread.ts';

export type Kind = 'html' | 'json';

export interface Target {
  /** req/s ÷ ceiling req/s at least this */
  ratio?: number;
  /** req/s at least this */
  rps?: number;
  /** p99 below this many ms */
  p99?: number;
}

export interface Scenario {
  key: string;
  label: string;
  kind: Kind;
  /** Paths a run picks from at random (or a script of its own: `script`). */
  paths: string[];
  /** Writes a wrk script of its own (uniform chapters); `paths` are then a sample for the checks. */
  script?: (dir: string, headers: Record<string, string>) => string;
  /** Paths of the warm-up run when it must not touch the measured ones (spread rows). */
  warmup?: string[];
  target: Target | null;
  /** Fetch (and so cache) every path once before measuring; off for the spread rows. */
  warmAll?: boolean;
  /** Checks a sample response; returns a problem or null. */
  check?: (path: string, body: unknown) => string | null;
  note?: string;
  /** The HTML row whose server CPU a JSON row must not exceed (same data). */
  sameDataAs?: string;
}

export interface Catalogue extends SpreadCatalogue {
  genreCounts: { slug: string; count: number }[];
  statuses: { status: string; count: number }[];
  surnames: string[];
}

export interface ScenarioOptions {
  pageSize: number;
  paths: number;
  widePaths: number;
  searchStrings: number;
  browsePages: number;
}

const qs = (params: Record<string, string | number | undefined>) =>
  Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

const chapterCheck = (path: string, body: unknown): string | null => {
  const [, , , slug, n] = path.split('/');
  const b = body as { book?: { slug?: string }; chapter?: { number?: number; text?: string } };
  return b.book?.slug === slug && b.chapter?.number === Number(n) && (b.chapter?.text?.length ?? 0) > 500 ? null : `unexpected chapter JSON for ${path}`;
};
const hasBooksKey = (path: string, body: unknown) => (Array.isArray((body as { books?: unknown[] }).books) ? null : `no books array on ${path}`);
const nonEmpty = (path: string, body: unknown) => ((body as { books?: unknown[] }).books?.length ? null : `no books on ${path}`);

/** Spread rows first (the targets), then the repeated-URL rows (cache hits). */
export function buildScenarios(cat: Catalogue, options: ScenarioOptions): { scenarios: Scenario[]; notes: string[] } {
  const notes: string[] = [];
  const spread = spreadScenarios(cat, options, notes);
  const repeated = repeatedScenarios(cat, options, notes);
  return { scenarios: [...spread, ...repeated], notes };
}

function spreadScenarios(cat: Catalogue, options: ScenarioOptions, notes: string[]): Scenario[] {
  const rand = rng(2025);
  const warm = searchStrings(rand, cat, 2000);
  const measured = searchStrings(rand, cat, options.searchStrings, new Set(warm.strings.map((s) => s.toLowerCase())));
  notes.push(`search (spread): ${measured.strings.length} distinct strings (${Object.entries(measured.kinds).map(([k, n]) => `${n} ${k}`).join(', ')}); the warm-up uses ${warm.strings.length} others`);
  const searchPath = (prefix: string) => (q: string) => `${prefix}?${qs({ q })}`;

  const queries = browseQueries(cat.genres, options.browsePages);
  // The warm-up asks for the same filters with another page size: other cache entries.
  const browseWarm = browseQueries(cat.genres, 4).map((q) => `${q}&limit=${options.pageSize - 1}`);
  notes.push(`browse (spread): ${queries.length} queries (${cat.genres.length + 1} genre choices × 3 statuses × 5 sorts × pages 1–${options.browsePages}); the warm-up asks for other page sizes`);

  const total = cat.books.reduce((s, b) => s + b.chapter_count, 0);
  const sample = uniformChapters(rng(99), cat.books, 24);
  notes.push(`chapters (spread): drawn uniformly from all ${total.toLocaleString('en')} chapters of ${cat.books.length.toLocaleString('en')} books by wrk itself; the warm-up draws the same way`);
  const uniform = (prefix: string) => (dir: string, headers: Record<string, string>) => writeUniformChapterScript(dir, `uniform-${prefix.replaceAll('/', '')}`, prefix, cat.books, headers);

  const searchTarget = { rps: 1500, p99: 100 };
  const browseTarget = { rps: 3000, p99: 50 };
  return [
    { key: 'spread-search-html', label: 'search HTML, spread', kind: 'html', paths: measured.strings.map(searchPath('/search')), warmup: warm.strings.map(searchPath('/search')), target: searchTarget, warmAll: false },
    { key: 'spread-search-json', label: 'search JSON, spread', kind: 'json', paths: measured.strings.map(searchPath('/api/search')), warmup: warm.strings.map(searchPath('/api/search')), target: searchTarget, warmAll: false, check: hasBooksKey, sameDataAs: 'spread-search-html' },
    { key: 'spread-browse-html', label: 'browse HTML, spread', kind: 'html', paths: queries.map((q) => `/browse?${q}`), warmup: browseWarm.map((q) => `/browse?${q}`), target: browseTarget, warmAll: false },
    { key: 'spread-browse-json', label: 'browse JSON, spread', kind: 'json', paths: queries.map((q) => `/api/browse?${q}`), warmup: browseWarm.map((q) => `/api/browse?${q}`), target: browseTarget, warmAll: false, check: hasBooksKey, sameDataAs: 'spread-browse-html' },
    { key: 'spread-chapter-html', label: 'chapter page, all chapters', kind: 'html', paths: sample.map((c) => `/book/${c.slug}/${c.n}`), script: uniform('/book/'), target: { ratio: 0.25, p99: 50 }, warmAll: false },
    { key: 'spread-chapter-json', label: 'chapter JSON, all chapters', kind: 'json', paths: sample.map((c) => `/api/chapter/${c.slug}/${c.n}`), script: uniform('/api/chapter/'), target: null, warmAll: false, check: chapterCheck, sameDataAs: 'spread-chapter-html' },
  ];
}

function repeatedScenarios(cat: Catalogue, options: ScenarioOptions, notes: string[]): Scenario[] {
  const rand = rng(42);
  // Random chapters of random books: every request a different page, as readers spread over a catalogue.
  const randomChapters = (count: number) =>
    Array.from({ length: count }, () => {
      const book = pick(rand, cat.books);
      return { slug: book.slug, n: 1 + Math.floor(rand() * book.chapter_count) };
    });
  const chapters = randomChapters(options.paths);
  const wide = randomChapters(options.widePaths);

  // Browse page 1: every genre × status, most popular first.
  const page1 = cat.genreCounts.flatMap((g) => ['ongoing', 'completed'].map((status) => qs({ genre: g.slug, status, sort: 'popular', page: 1 })));
  // Browse page 50 needs ≥ 50 pages of results: filters whose count is ≥ 50 × page size.
  const need = 50 * options.pageSize;
  const page50Sets: { query: string; count: number }[] = [{ query: qs({ sort: 'updated', page: 50 }), count: cat.books.length }];
  const bigGenre = cat.genreCounts[0];
  if (bigGenre && bigGenre.count >= need) page50Sets.push({ query: qs({ genre: bigGenre.slug, sort: 'popular', page: 50 }), count: bigGenre.count });
  const bigStatus = cat.statuses[0];
  if (bigStatus && bigStatus.count >= need) page50Sets.push({ query: qs({ status: bigStatus.status, sort: 'new', page: 50 }), count: bigStatus.count });
  const page50 = page50Sets.filter((s) => s.count >= need);
  notes.push(`(cache hits) browse page 50 uses ${page50.map((s) => `"${s.query}" (${s.count} books)`).join(', ')}; page 1 uses all ${page1.length} genre × status pairs, sort=popular`);

  // Search: a frequent title word, a whole title, an author's surname, a misspelling, a partial word.
  const lower = cat.titles.map((t) => t.toLowerCase());
  const nouns = [...TITLE_NOUNS].map((w) => ({ w, n: lower.filter((t) => t.split(/\W+/).includes(w)).length })).sort((a, b) => b.n - a.n);
  const word = nouns[0]?.w ?? 'lantern';
  // The typo swaps the two letters before the last, like "mountain" → "mountian".
  const second = nouns.find((n, i) => i > 0 && n.w.length >= 6)?.w ?? 'harbour';
  const third = nouns[2]?.w ?? 'library';
  const misspelt = second.slice(0, -3) + second.at(-2) + second.at(-3) + second.at(-1);
  const queries = [word, cat.titles[Math.floor(cat.titles.length / 3)] ?? word, cat.surnames[0] ?? 'Chen', misspelt, third.slice(0, 4)];
  notes.push(`(cache hits) search queries: ${queries.map((q) => JSON.stringify(q)).join(', ')} (frequent word, a whole title, a surname, a misspelling of "${second}", a partial word)`);
  const search = queries.map((q) => qs({ q }));

  return [
    { key: 'chapter-html', label: 'chapter page HTML (cache hits)', kind: 'html', paths: chapters.map((c) => `/book/${c.slug}/${c.n}`), target: null },
    {
      key: 'chapter-wide-html',
      label: `chapter page HTML, ${options.widePaths / 1000}k ch.`,
      kind: 'html',
      paths: wide.map((c) => `/book/${c.slug}/${c.n}`),
      target: null,
      warmAll: false,
      note: `${options.widePaths} random chapters, not warmed one by one`,
    },
    {
      key: 'chapter-wide-warm-html',
      label: `chapter page HTML, ${options.widePaths / 1000}k ch., read before (cache hits)`,
      kind: 'html',
      paths: wide.map((c) => `/book/${c.slug}/${c.n}`),
      target: null,
      note: `the same ${options.widePaths} chapters once each has been read (warmed one by one)`,
    },
    { key: 'chapter-json', label: 'chapter JSON (cache hits)', kind: 'json', paths: chapters.map((c) => `/api/chapter/${c.slug}/${c.n}`), target: null, check: chapterCheck },
    { key: 'browse-p1-html', label: 'browse p1 HTML (cache hits)', kind: 'html', paths: page1.map((q) => `/browse?${q}`), target: null },
    { key: 'browse-p1-json', label: 'browse p1 JSON (cache hits)', kind: 'json', paths: page1.map((q) => `/api/browse?${q}`), target: null },
    { key: 'browse-p50-html', label: 'browse p50 HTML (cache hits)', kind: 'html', paths: page50.map((s) => `/browse?${s.query}`), target: null },
    { key: 'browse-p50-json', label: 'browse p50 JSON (cache hits)', kind: 'json', paths: page50.map((s) => `/api/browse?${s.query}`), target: null, check: nonEmpty },
    { key: 'search-html', label: 'search HTML (cache hits)', kind: 'html', paths: search.map((q) => `/search?${q}`), target: null },
    { key: 'search-json', label: 'search JSON (cache hits)', kind: 'json', paths: search.map((q) => `/api/search?${q}`), target: null },
  ];
}
