import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs } from '../support/auth.ts';
import { testClock } from '../support/clock.ts';
import { parseFeed, type ParsedEntry, type ParsedFeed } from '../support/opds.ts';
import { createAppPassword } from '../../src/features/accounts/app-passwords/service.ts';
import { saveBook } from '../../src/features/library/service.ts';
import { bumpCatalogueVersion } from '../../src/features/catalogue/version.ts';

/**
 * `<updated>` in the OPDS feeds as a reader app meets it: each book's last real change (its own
 * row, or its newest chapter change when that is later), each feed's its newest entry's, and the
 * catalogue's newest change for feeds without books. Every time is derived from the seeded rows,
 * and the app's clock is moved between requests to show the request's time plays no part.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = testClock();
let app: TestApp;
let auth: string;
let readerId: string;
/** After every seeded book and chapter. */
let base: number;
const at = (ms: number) => new Date(base + ms);
const iso = (ms: number) => at(ms).toISOString();

async function book(slug: string, updated: number, chapters: number[]): Promise<void> {
  const db = app.platform.db;
  await db.insertInto('books').values({ slug, title: `Dated ${slug}`, author: 'Clockmaker', created_at: at(0), updated_at: at(updated), chapter_count: chapters.length }).execute();
  if (chapters.length === 0) return;
  await db.insertInto('chapters').values(chapters.map((changed, i) => ({ book_slug: slug, number: i + 1, title: `Part ${i + 1}`, text: 'Words.', created_at: at(0), updated_at: at(changed) }))).execute();
}

/** Written directly, so announced as every writer of the catalogue does (catalogue/version.ts). */
const announce = () => bumpCatalogueVersion(app.platform.cache);

beforeAll(async () => {
  app = await startTestApp({ clock: clock.now, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
  const db = app.platform.db;
  const seeded = (await sql<{ last: Date }>`select greatest((select max(updated_at) from books), (select max(updated_at) from chapters)) as last`.execute(db)).rows[0]!;
  base = new Date(seeded.last).getTime() + DAY;
  // Its own row is the newest change: details edited after its chapters.
  await book('dated-edited', 5 * HOUR, [HOUR, 2 * HOUR]);
  // A chapter corrected after the row last changed: the chapter's time wins.
  await book('dated-corrected', 3 * HOUR, [3 * HOUR, 7 * HOUR, 4 * HOUR]);
  // No chapters at all.
  await book('dated-empty', 6 * HOUR, []);
  await announce();
  const reader = await loginAs(app, 'dated-reader', { role: 'pro' });
  readerId = reader.user.id;
  auth = `Basic ${Buffer.from(`dated-reader:${(await createAppPassword(db, reader.user.id, 'Kobo')).password}`).toString('base64')}`;
});
afterAll(() => app.close());

async function feed(path: string): Promise<ParsedFeed> {
  const res = await app.fetch(path, { headers: { authorization: auth } });
  const body = await res.text();
  expect(res.status, body.slice(0, 300)).toBe(200);
  return parseFeed(body);
}

const entryOf = (found: ParsedFeed, slug: string): ParsedEntry => found.entries.find((e) => e.id === `urn:chapterhouse:book:${slug}`)!;
const newestOf = (found: ParsedFeed) => new Date(Math.max(...found.entries.map((e) => Date.parse(e.updated)))).toISOString();

describe('a book entry is as new as its last change', () => {
  test("its own row's time when that is the newest; its newest chapter's when a chapter changed later; the row's without chapters", async () => {
    const found = await feed('/opds/search?q=Clockmaker');
    expect(found.entries).toHaveLength(3);
    expect(entryOf(found, 'dated-edited').updated).toBe(iso(5 * HOUR));
    expect(entryOf(found, 'dated-corrected').updated).toBe(iso(7 * HOUR));
    expect(entryOf(found, 'dated-empty').updated).toBe(iso(6 * HOUR));
    expect(found.updated).toBe(iso(7 * HOUR));
  });

  test('every demo book on a page: the newest of its row and its chapters, as stored', async () => {
    const page = await feed('/opds/popular?page=1');
    const slugs = page.entries.map((e) => e.id.replace('urn:chapterhouse:book:', ''));
    const rows = await app.platform.db
      .selectFrom('books as b')
      .leftJoin('chapters as c', 'c.book_slug', 'b.slug')
      .select(['b.slug', 'b.updated_at', (eb) => eb.fn.max('c.updated_at').as('chapter')])
      .where('b.slug', 'in', slugs)
      .groupBy(['b.slug', 'b.updated_at'])
      .execute();
    const expected = new Map(rows.map((r) => [r.slug, new Date(Math.max(new Date(r.updated_at).getTime(), r.chapter ? new Date(r.chapter as Date).getTime() : 0)).toISOString()]));
    for (const entry of page.entries) expect(entry.updated).toBe(expected.get(entry.id.replace('urn:chapterhouse:book:', ''))!);
    expect(page.updated).toBe(newestOf(page));
  });

  test('a later chapter correction moves the entry and the feed; asking again later changes nothing', async () => {
    const before = await feed('/opds/updated');
    expect(before.updated).toBe(iso(7 * HOUR));
    clock.advance(3 * DAY);
    const again = await feed('/opds/updated');
    expect(again.updated).toBe(before.updated);
    expect(again.entries.map((e) => [e.id, e.updated])).toEqual(before.entries.map((e) => [e.id, e.updated]));

    await app.platform.db.updateTable('chapters').set({ title: 'Part one, renamed', updated_at: at(9 * HOUR) }).where('book_slug', '=', 'dated-edited').where('number', '=', 1).execute();
    const after = await feed('/opds/search?q=Clockmaker');
    expect(entryOf(after, 'dated-edited').updated).toBe(iso(9 * HOUR));
    expect(after.updated).toBe(iso(9 * HOUR));
    expect(entryOf(after, 'dated-corrected').updated).toBe(iso(7 * HOUR));
  });
});

describe('feeds without books of their own', () => {
  const catalogueChange = async () =>
    new Date((await sql<{ last: Date }>`select greatest((select max(updated_at) from books), (select max(updated_at) from chapters)) as last`.execute(app.platform.db)).rows[0]!.last).toISOString();

  test('an empty search and an empty shelf: the catalogue’s newest change, on every request', async () => {
    const expected = await catalogueChange();
    expect(expected >= iso(7 * HOUR)).toBe(true);
    const empty = await feed('/opds/search?q=zzqqxxnothing');
    expect(empty.entries).toEqual([]);
    expect(empty.updated).toBe(expected);
    clock.advance(DAY);
    expect((await feed('/opds/shelves/dropped')).updated).toBe(expected);
  });

  test('the root and the genres: the catalogue’s newest change, in the feed and its entries', async () => {
    const expected = await catalogueChange();
    for (const path of ['/opds', '/opds/genres']) {
      const nav = await feed(path);
      expect(nav.updated).toBe(expected);
      expect(nav.entries.length).toBeGreaterThan(0);
      expect(nav.entries.every((e) => e.updated === expected)).toBe(true);
    }
  });

  test("a shelf's feed is as new as its newest book", async () => {
    await saveBook(app.platform.db, readerId, 'dated-empty', 'reading');
    await saveBook(app.platform.db, readerId, 'morning-bread', 'reading');
    const shelf = await feed('/opds/shelves/reading');
    expect(entryOf(shelf, 'dated-empty').updated).toBe(iso(6 * HOUR));
    expect(shelf.updated).toBe(iso(6 * HOUR));
  });
});
