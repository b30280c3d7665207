import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../support/app.ts';
import { refreshPopularity } from '../../src/features/catalogue/popularity.ts';

/** "Now" for this file: every reader below is dated from it, and the popularity refresh counts from it. */
const NOW = new Date('2031-03-12T15:00:00Z');
const DAY = 24 * 3600_000;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());
beforeEach(async () => {
  const db = app.platform.db;
  await db.deleteFrom('progress').execute();
  await db.updateTable('books').set({ rating_count: 0, rating_sum: 0 }).execute();
  await refreshPopularity(db, NOW);
});

/** `count` anonymous readers of a book, last seen `daysAgo` days before NOW. */
async function readers(slug: string, count: number, daysAgo: number) {
  const at = new Date(NOW.getTime() - daysAgo * DAY);
  const rows = Array.from({ length: count }, (_, i) => ({ session_id: `rows-${slug}-${daysAgo}-${i}`, slug, chapter: 1, updated_at: at }));
  await app.platform.db.insertInto('progress').values(rows).execute();
}
const rate = (slug: string, count: number, sum: number) =>
  app.platform.db.updateTable('books').set({ rating_count: count, rating_sum: sum }).where('slug', '=', slug).execute();

/** The home page's rows as a visitor sees them: heading id → book slugs in order. */
async function rows(): Promise<Record<string, string[]>> {
  const html = await app.fetch('/', { headers: { accept: 'text/html' } }).then((r) => r.text());
  const found: Record<string, string[]> = {};
  for (const section of html.split('<section class="shelf home-row"').slice(1)) {
    const id = /aria-labelledby="([^"]+)"/.exec(section)![1]!;
    found[id] = [...section.split('</section>')[0]!.matchAll(/class="book-card__link" href="\/book\/([^"]+)"/g)].map((m) => m[1]!);
  }
  return found;
}

// The demo catalogue is created newest first in slug order, so "new" lists the books A to Z.
const NEWEST = [
  'ashes-of-the-dragon-throne', 'ink-and-alibis', 'letters-to-the-lighthouse', 'morning-bread', 'salvage-rights', 'second-chance-academy',
  'the-accidental-dark-lord', 'the-cartographers-daughter', 'the-clockwork-heir', 'the-house-on-wren-street', 'the-last-train-to-veld', 'the-ninth-mountain-sect',
];

describe('the home page rows', () => {
  test('New, Popular this week and Top rated differ in order and content where slug tie-breaks would make them coincide', async () => {
    // The eight newest books each have one reader this week: ordered by readers and then by slug
    // (the catalogue's popular order) this row would be the first eight of "New", in the same order.
    for (const slug of NEWEST.slice(0, 8)) await readers(slug, 1, 2);
    await readers('letters-to-the-lighthouse', 3, 20); // more readers over the month
    await rate('ink-and-alibis', 3, 15); // 5 stars ×3 → (15 + 30) / 13 = 3.46
    await rate('the-ninth-mountain-sect', 1, 5); // one 5-star vote → 3.18
    await rate('salvage-rights', 2, 8); // 4 stars ×2 → 3.17
    await rate('morning-bread', 1, 1); // one 1-star vote → 2.82: not "top rated"
    await refreshPopularity(app.platform.db, NOW);

    const found = await rows();
    expect(Object.keys(found)).toEqual(['shelf-new', 'shelf-popular', 'shelf-top-rated']);
    expect(found['shelf-new']).toEqual(NEWEST);
    // Ties on readers go to the more readers in 30 days, then the better rated, then the updated last.
    expect(found['shelf-popular']!.slice(0, 4)).toEqual(['letters-to-the-lighthouse', 'ink-and-alibis', 'salvage-rights', 'morning-bread']);
    expect(found['shelf-popular']!.toSorted()).toEqual(NEWEST.slice(0, 8));
    expect(found['shelf-top-rated']).toEqual(['ink-and-alibis', 'the-ninth-mountain-sect', 'salvage-rights']);

    const [a, b, c] = [found['shelf-new']!, found['shelf-popular']!, found['shelf-top-rated']!];
    for (const [x, y] of [[a, b], [a, c], [b, c]] as const) {
      expect(x).not.toEqual(y); // order
      expect(new Set(x)).not.toEqual(new Set(y)); // content
    }
    // The headings and their "See all" links.
    const html = await app.fetch('/').then((r) => r.text());
    expect(html).toContain('<h2 id="shelf-popular">Popular this week</h2>');
    expect(html).toContain('<a class="home-row__all" href="/ranking" aria-label="See all: Popular this week">See all</a>');
    expect(html).toContain('<h2 id="shelf-top-rated">Top rated</h2>');
    expect(html).toContain('href="/ranking?by=rating" aria-label="See all: Top rated"');
  });

  test('nobody read anything this week: "Recently updated" stands in, and a row equal to "New" is left out', async () => {
    await readers('salvage-rights', 4, 9); // last week: not this week's
    await refreshPopularity(app.platform.db, NOW);
    let found = await rows();
    expect(Object.keys(found)).toEqual(['shelf-new', 'shelf-updated']);
    const updated = await app.platform.db.selectFrom('books').select('slug').orderBy('updated_at', 'desc').orderBy('slug').execute();
    expect(found['shelf-updated']).toEqual(updated.map((r) => r.slug));
    expect(found['shelf-updated']).not.toEqual(found['shelf-new']);

    // Books never updated since they were added: "Recently updated" would repeat "New" exactly.
    const db = app.platform.db;
    const dates = await db.selectFrom('books').select(['slug', 'updated_at']).execute();
    await db.updateTable('books').set({ updated_at: sql<Date>`created_at` }).execute();
    try {
      found = await rows();
      expect(Object.keys(found)).toEqual(['shelf-new']);
    } finally {
      for (const { slug, updated_at } of dates) await db.updateTable('books').set({ updated_at }).where('slug', '=', slug).execute();
    }
  });

  test('"this week" is counted from the clock the refresh is given', async () => {
    await readers('morning-bread', 2, 6);
    await refreshPopularity(app.platform.db, NOW);
    expect((await rows())['shelf-popular']).toEqual(['morning-bread']);
    // Two days later those readers are eight days old: the row is gone, "Recently updated" is back.
    await refreshPopularity(app.platform.db, new Date(NOW.getTime() + 2 * DAY));
    const later = await rows();
    expect(later['shelf-popular']).toBeUndefined();
    expect(later['shelf-updated']).toHaveLength(12);
  });

  test('a signed-out visitor sees the books before the invitation to follow readers', async () => {
    const html = await app.fetch('/').then((r) => r.text());
    const invitation = html.indexOf('See what other readers are reading');
    expect(invitation).toBeGreaterThan(0);
    expect(html.indexOf('class="book-card"')).toBeLessThan(invitation);
  });
});
