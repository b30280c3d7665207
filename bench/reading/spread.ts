/**
 * Traffic spread the way readers spread it: thousands of different search strings made from the
 * seeded catalogue, every browse page a visitor can reach by its filters, and chapters drawn
 * uniformly from the whole catalogue (in wrk's Lua, so a million chapters need no list of paths).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pick, type Rand } from './prose.ts';

/** What the generators read from the seeded database. */
export interface SpreadCatalogue {
  titles: string[];
  authors: string[];
  genres: string[];
  /** Each book's slug and chapter count; chapters are numbered 1..count (checked by the caller). */
  books: { slug: string; chapter_count: number }[];
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const wordsOf = (text: string) => text.toLowerCase().match(/[a-z]+/g) ?? [];

/** One letter replaced, dropped, doubled or swapped with the next: the four typos people make. */
function typo(rand: Rand, word: string): string {
  if (word.length < 3) return word + pick(rand, [...LETTERS]);
  const i = 1 + Math.floor(rand() * (word.length - 2));
  switch (Math.floor(rand() * 4)) {
    case 0:
      return word.slice(0, i) + pick(rand, [...LETTERS]) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + word.slice(i + 1);
    case 2:
      return word.slice(0, i) + word[i] + word.slice(i);
    default:
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  }
}

/** A string of letters that spells nothing in the catalogue. */
function nonsense(rand: Rand): string {
  const length = 5 + Math.floor(rand() * 6);
  return Array.from({ length }, () => pick(rand, [...'bcdfghjklmnpqrstvwxz'])).join('');
}

export interface SearchStrings {
  strings: string[];
  /** How many of each kind, for the report. */
  kinds: Record<string, number>;
}

/**
 * `count` distinct search strings, each kind in its share: title words, pairs of words from one
 * title, one- and two-letter typos of title words and surnames, prefixes (3–6 letters), author
 * names (whole, first or surname), whole titles and strings that match nothing. Deterministic for
 * a seed; `exclude` keeps them apart from another set (the warm-up's).
 */
export function searchStrings(rand: Rand, catalogue: SpreadCatalogue, count: number, exclude: ReadonlySet<string> = new Set()): SearchStrings {
  const titleWords = catalogue.titles.map(wordsOf).filter((w) => w.length);
  const vocabulary = [...new Set(titleWords.flat().filter((w) => w.length > 2))];
  const names = catalogue.authors;
  const surnames = [...new Set(names.map((n) => n.split(' ').at(-1)!))];
  const kinds: [string, number, () => string][] = [
    ['word', 0.12, () => pick(rand, vocabulary)],
    ['word pair', 0.18, () => {
      const words = pick(rand, titleWords);
      const i = Math.floor(rand() * Math.max(1, words.length - 1));
      return words.slice(i, i + 2).join(' ');
    }],
    ['one-letter typo', 0.2, () => typo(rand, pick(rand, rand() < 0.75 ? vocabulary : surnames.map((s) => s.toLowerCase())))],
    ['two-letter typo', 0.12, () => typo(rand, typo(rand, pick(rand, vocabulary)))],
    ['prefix', 0.12, () => {
      const word = pick(rand, vocabulary);
      return word.slice(0, Math.min(word.length, 3 + Math.floor(rand() * 4)));
    }],
    ['author', 0.12, () => {
      const name = pick(rand, names);
      const r = rand();
      return r < 0.4 ? name : r < 0.7 ? name.split(' ').at(-1)! : name.split(' ')[0]!;
    }],
    ['title', 0.06, () => pick(rand, catalogue.titles)],
    ['nothing', 0.08, () => nonsense(rand)],
  ];
  const seen = new Set<string>();
  const tally: Record<string, number> = {};
  const strings: string[] = [];
  for (const [kind, share, make] of kinds) {
    const want = Math.round(count * share);
    let made = 0;
    // Small vocabularies run out of new strings: vary the case and add a typo to keep them distinct.
    for (let attempts = 0; made < want && attempts < want * 40; attempts++) {
      let s = make();
      if (attempts > want * 10) s = typo(rand, s);
      const key = s.toLowerCase();
      if (!s.trim() || seen.has(key) || exclude.has(key)) continue;
      seen.add(key);
      strings.push(s);
      made++;
    }
    tally[kind] = made;
  }
  // Shuffled, so that a short run meets every kind.
  for (let i = strings.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [strings[i], strings[j]] = [strings[j]!, strings[i]!];
  }
  return { strings, kinds: tally };
}

export const BROWSE_SORTS = ['popular', 'updated', 'new', 'rating', 'title'] as const;

/** Every browse query a visitor can reach: each genre (and none) × status (and none) × sort × page. */
export function browseQueries(genres: readonly string[], pages: number): string[] {
  const out: string[] = [];
  for (const genre of ['', ...genres])
    for (const status of ['', 'ongoing', 'completed'])
      for (const sort of BROWSE_SORTS)
        for (let page = 1; page <= pages; page++) {
          const parts = [genre && `genre=${genre}`, status && `status=${status}`, `sort=${sort}`, `page=${page}`].filter(Boolean);
          out.push(parts.join('&'));
        }
  return out;
}

/**
 * A wrk script that asks for a chapter drawn uniformly from every chapter of the catalogue: a
 * random index into the running total of chapter counts, found by binary search. The list of
 * books is the only table, so a catalogue of a million chapters costs wrk a few hundred kB.
 */
export function writeUniformChapterScript(dir: string, name: string, prefix: string, books: SpreadCatalogue['books'], headers: Record<string, string>): string {
  let total = 0;
  const cumulative = books.map((b) => (total += b.chapter_count));
  for (const b of books) if (!/^[a-z0-9-]+$/.test(b.slug)) throw new Error(`unexpected slug ${b.slug}`);
  const file = join(dir, `${name}.lua`);
  writeFileSync(
    file,
    `-- generated by bench/reading.ts: a chapter drawn uniformly from all ${total} chapters
local slugs = {${books.map((b) => `"${b.slug}"`).join(',')}}
local ends = {${cumulative.join(',')}}
local total = ${total}
${Object.entries(headers).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`).join('\n')}

local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("thread_number", threads)
end

function init(args)
  math.randomseed(os.time() * 1000 + (thread_number or 0) * 7919)
  for i = 1, 10 do math.random() end
end

function request()
  local r = math.random(total)
  local lo, hi = 1, #ends
  while lo < hi do
    local mid = math.floor((lo + hi) / 2)
    if ends[mid] < r then lo = mid + 1 else hi = mid end
  end
  local before = 0
  if lo > 1 then before = ends[lo - 1] end
  return wrk.format("GET", "${prefix}" .. slugs[lo] .. "/" .. (r - before))
end
`,
  );
  return file;
}

/** `count` chapter paths drawn the same way (uniformly over all chapters), for checks before a run. */
export function uniformChapters(rand: Rand, books: SpreadCatalogue['books'], count: number): { slug: string; n: number }[] {
  let total = 0;
  const cumulative = books.map((b) => (total += b.chapter_count));
  return Array.from({ length: count }, () => {
    const r = 1 + Math.floor(rand() * total);
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < r) lo = mid + 1;
      else hi = mid;
    }
    return { slug: books[lo]!.slug, n: r - (lo ? cumulative[lo - 1]! : 0) };
  });
}
