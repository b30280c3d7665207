import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../support/app.ts';
import { bumpCatalogueVersion } from '../../src/features/catalogue/version.ts';
import type { TestDatabase } from '../support/db.ts';
import type { Book } from '../../src/features/catalogue/model.ts';
import { homeRowBooks } from '../../src/features/catalogue/service.ts';
import {
  POPULARITY_SCHEDULE_KEY, refreshPopularity, refreshPopularityKind, schedulePopularityRefresh,
} from '../../src/features/catalogue/popularity.ts';
import { silentLogger } from '../../src/platform/log.ts';
import { startJobRunner, type JobRunner } from '../../src/platform/queue/index.ts';

let app: TestApp;
/** After a direct write to the database, which no writer announces (catalogue/version.ts). */
const changed = () => bumpCatalogueVersion(app.platform.cache);
let runner: JobRunner | null = null;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await runner?.stop();
  await app.close();
});

async function ranking(query = ''): Promise<{ status: number; body: { books: Book[]; message?: string } }> {
  const res = await app.fetch(`/api/ranking${query}`, { headers: { accept: 'application/json' } });
  return { status: res.status, body: (await res.json()) as { books: Book[] } };
}
const slugs = (books: Book[]) => books.map((b) => b.slug);

/** `count` readers (anonymous sessions) of a book, last seen `daysAgo`. */
async function readers(slug: string, count: number, daysAgo: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    session_id: `reader-${slug}-${daysAgo}-${i}`,
    slug,
    chapter: 1,
    updated_at: sql<Date>`now() - make_interval(days => ${daysAgo})`,
  }));
  await app.platform.db.insertInto('progress').values(rows).execute();
}

describe('popularity from progress', () => {
  test('refreshPopularity counts readers of the last 7 and 30 days; the ranking follows', async () => {
    const db = app.platform.db;
    await readers('morning-bread', 3, 1); // 3 this week
    await readers('salvage-rights', 2, 2); // 2 this week…
    await readers('salvage-rights', 6, 20); // …and 6 more this month: 2 / 8
    await readers('ink-and-alibis', 2, 5); // 2 this week, 2 this month: behind salvage-rights on the tie
    await readers('the-clockwork-heir', 4, 12); // this month only
    await readers('the-house-on-wren-street', 9, 45); // too old to count

    // Nothing is counted per request: before the refresh the order knows nothing of these readers.
    expect(slugs((await ranking('?limit=3')).body.books)).toEqual(['ashes-of-the-dragon-throne', 'ink-and-alibis', 'letters-to-the-lighthouse']);

    expect(await refreshPopularity(db, new Date())).toBe(4);
    await changed();
    const counts = await db.selectFrom('books').select(['slug', 'reads_7d', 'reads_30d']).where('reads_30d', '>', 0).orderBy('slug').execute();
    expect(counts).toEqual([
      { slug: 'ink-and-alibis', reads_7d: 2, reads_30d: 2 },
      { slug: 'morning-bread', reads_7d: 3, reads_30d: 3 },
      { slug: 'salvage-rights', reads_7d: 2, reads_30d: 8 },
      { slug: 'the-clockwork-heir', reads_7d: 0, reads_30d: 4 },
    ]);
    const top = ['morning-bread', 'salvage-rights', 'ink-and-alibis', 'the-clockwork-heir'];
    const { status, body } = await ranking();
    expect(status).toBe(200);
    expect(slugs(body.books).slice(0, 4)).toEqual(top);
    expect(slugs(body.books).slice(4)).toEqual([...slugs(body.books).slice(4)].sort());
    // The same order for browse's default sort; the home page's "Popular this week" row lists only
    // the books read this week, in that order.
    const browse = await app.fetch('/api/browse?sort=popular', { headers: { accept: 'application/json' } }).then((r) => r.json() as Promise<{ books: Book[] }>);
    expect(slugs(browse.books).slice(0, 4)).toEqual(top);
    expect((await homeRowBooks(db, 'popular', 12)).map((b) => b.slug)).toEqual(top.slice(0, 3));

    // A second run changes nothing; readers leaving the window are subtracted on the next one.
    expect(await refreshPopularity(db, new Date())).toBe(0);
    await db.deleteFrom('progress').where('slug', '=', 'morning-bread').execute();
    expect(await refreshPopularity(db, new Date())).toBe(1);
    await changed();
    expect(slugs((await ranking('?by=popular&limit=1')).body.books)).toEqual(['salvage-rights']);
  });

  test('the ranking page shows the reads beside each book, and no count of zero', async () => {
    const html = await app.fetch('/ranking').then((r) => r.text());
    expect(html).toContain('<p class="ranking-row__reads">2 readers this week · 8 in the last 30 days</p>');
    expect(html).toContain('<p class="ranking-row__reads">2 readers this week</p>'); // ink-and-alibis: 2 of 2 this month, said once
    expect(html).toContain('<p class="ranking-row__reads">4 readers in the last 30 days</p>');
    expect(html).not.toMatch(/\b0 (readers|in the last|ratings)/);
    // Books nobody read lately carry no figures at all.
    const rows = html.split('<li class="ranking-row">').slice(1);
    expect(rows).toHaveLength(12);
    expect(rows.filter((row) => row.includes('ranking-row__reads'))).toHaveLength(3);
  });
});

describe('ratings: a Bayesian average', () => {
  test('fifty 4.5s beat one 5; unrated books come after every rated one', async () => {
    const db = app.platform.db;
    await db.updateTable('books').set({ rating_count: 1, rating_sum: 5 }).where('slug', '=', 'the-last-train-to-veld').execute();
    await db.updateTable('books').set({ rating_count: 50, rating_sum: 225 }).where('slug', '=', 'second-chance-academy').execute();
    await db.updateTable('books').set({ rating_count: 2, rating_sum: 2 }).where('slug', '=', 'the-accidental-dark-lord').execute();
    await changed();
    const { body } = await ranking('?by=rating');
    expect(slugs(body.books).slice(0, 3)).toEqual(['second-chance-academy', 'the-last-train-to-veld', 'the-accidental-dark-lord']);
    expect(body.books[0]!.rating_avg).toBe(4.5);
    expect(body.books[1]!.rating_avg).toBe(5);
    expect(body.books.slice(3).every((b) => b.rating_count === 0)).toBe(true);
    const scores = await db.selectFrom('books').select(['slug', 'rating_score']).where('rating_count', '>', 0).orderBy('slug').execute();
    expect(scores.map((s) => [s.slug, Math.round(s.rating_score! * 1000) / 1000])).toEqual([
      ['second-chance-academy', 4.25], // (225 + 10·3) / (50 + 10)
      ['the-accidental-dark-lord', 2.667], // (2 + 30) / 12
      ['the-last-train-to-veld', 3.182], // (5 + 30) / 11
    ]);
    // The rating tab says how many votes each score stands on; unrated books say nothing.
    const html = await app.fetch('/ranking?by=rating').then((r) => r.text());
    expect(html).toContain('<p class="ranking-row__reads">50 ratings</p>');
    expect(html).toContain('<p class="ranking-row__reads">1 rating</p>');
    expect(html).not.toMatch(/(^|[^0-9])0 ratings?/);
  });
});

describe('GET /api/ranking', () => {
  test('new and updated follow the dates', async () => {
    const db = app.platform.db;
    await db.updateTable('books').set({ created_at: sql<Date>`now() + interval '1 hour'` }).where('slug', '=', 'the-clockwork-heir').execute();
    await db.updateTable('books').set({ updated_at: sql<Date>`now() + interval '1 hour'` }).where('slug', '=', 'letters-to-the-lighthouse').execute();
    await changed();
    for (const [by, column] of [['new', 'created_at'], ['updated', 'updated_at']] as const) {
      const rows = await db.selectFrom('books').select(['slug', column]).execute();
      const expected = rows.sort((a, b) => new Date(b[column as keyof typeof b]).getTime() - new Date(a[column as keyof typeof a]).getTime() || a.slug.localeCompare(b.slug));
      expect(slugs((await ranking(`?by=${by}`)).body.books)).toEqual(expected.map((r) => r.slug));
    }
    expect(slugs((await ranking('?by=new&limit=1')).body.books)).toEqual(['the-clockwork-heir']);
    expect(slugs((await ranking('?by=updated&limit=1')).body.books)).toEqual(['letters-to-the-lighthouse']);
  });

  test('50 books by default, limit up to 100; bad values are 400 naming the field', async () => {
    const rows = Array.from({ length: 45 }, (_, i) => ({ slug: `filler-${i + 1}`, title: `Filler ${i + 1}` }));
    await app.platform.db.insertInto('books').values(rows).execute();
    await changed();
    expect((await ranking()).body.books).toHaveLength(50);
    expect((await ranking('?limit=100')).body.books).toHaveLength(57);
    expect((await ranking('?limit=3')).body.books).toHaveLength(3);
    for (const [query, field] of [['?by=foo', 'by'], ['?limit=0', 'limit'], ['?limit=101', 'limit'], ['?limit=x', 'limit']] as const) {
      const { status, body } = await ranking(query);
      expect(status).toBe(400);
      expect(body.message).toStartWith(field);
    }
    await app.platform.db.deleteFrom('books').where('slug', 'like', 'filler-%').execute();
    await changed();
  });
});

describe('/ranking page', () => {
  test('tabs are links to the four rankings, the current one marked; htmx swaps the panel', async () => {
    const html = await app.fetch('/ranking?by=rating').then((r) => r.text());
    expect(html).toContain('<title>Rankings: Top rated · Chapterhouse</title>');
    for (const [by, href] of [['popular', '/ranking'], ['rating', '/ranking?by=rating'], ['new', '/ranking?by=new'], ['updated', '/ranking?by=updated']]) {
      expect(html).toContain(`href="${href}"`);
      expect(html).toContain(`hx-get="${href}"`);
      void by;
    }
    expect(html).toMatch(/href="\/ranking\?by=rating" aria-current="page"/);
    expect(html).toContain('<ol class="ranking-list" role="list"');
    expect(html).toMatch(/<span class="ranking-row__place" aria-hidden="true">1<\/span>/);
    expect(html).toContain('Ratings are weighted');

    const fragment = await app.fetch('/ranking?by=new', { headers: { 'hx-request': 'true', 'hx-target': 'ranking' } }).then((r) => r.text());
    expect(fragment).not.toContain('<html');
    expect(fragment).toContain('<title>Rankings: New · Chapterhouse</title>');
    expect(fragment).toMatch(/href="\/ranking\?by=new" aria-current="page"/);
  });
});

describe('the catalogue.refresh-popularity job', () => {
  test('scheduled once from every process, brought forward at start, runs and schedules the next run', async () => {
    const db = app.platform.db;
    await readers('the-ninth-mountain-sect', 5, 0);
    await schedulePopularityRefresh(db, 60 * 60 * 1000);
    await schedulePopularityRefresh(db, 0); // a second process starting: no duplicate, the run comes forward
    const queued = await db.selectFrom('jobs').selectAll().where('kind', '=', refreshPopularityKind.kind).execute();
    expect(queued).toHaveLength(1);
    expect(new Date(queued[0]!.run_at).getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    const database = app.platform.database as TestDatabase;
    runner = startJobRunner({ database, databaseUrl: database.url, log: silentLogger, kinds: [refreshPopularityKind], pollIntervalMs: 50 });
    const deadline = Date.now() + 20_000;
    let done: (typeof queued)[number] | undefined;
    while (Date.now() < deadline && !done) {
      const row = await db.selectFrom('jobs').selectAll().where('id', '=', queued[0]!.id).executeTakeFirst();
      if (row?.status === 'done') done = row;
      else await Bun.sleep(50);
    }
    expect(done?.result).toEqual({ changed: 1 });
    const book = await db.selectFrom('books').select(['reads_7d', 'reads_30d']).where('slug', '=', 'the-ninth-mountain-sect').executeTakeFirstOrThrow();
    expect(book).toEqual({ reads_7d: 5, reads_30d: 5 });

    const next = await db.selectFrom('jobs').selectAll().where('kind', '=', refreshPopularityKind.kind).where('status', '=', 'queued').execute();
    expect(next).toHaveLength(1);
    expect(next[0]!.dedupe_key).toBe(POPULARITY_SCHEDULE_KEY);
    const minutesAhead = (new Date(next[0]!.run_at).getTime() - Date.now()) / 60_000;
    expect(minutesAhead).toBeGreaterThan(9);
    expect(minutesAhead).toBeLessThanOrEqual(10);
  }, 30_000);
});
