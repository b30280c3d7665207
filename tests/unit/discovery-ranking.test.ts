import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import type { Reader } from '../../src/platform/http/auth.ts';
import { rankDeck, upsertVote } from '../../src/features/discovery/queries.ts';
import { POOL, TASTE, deckSeed } from '../../src/features/discovery/ranking.ts';
import { blurbOf } from '../../views/pages/discovery/blurb.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

/**
 * The deck's scoring runs in SQL (queries.ts rankDeck), so it is tested against a database with a
 * synthetic catalogue larger than the candidate pools: 600 books, popular ones in common genres
 * and a rare genre ("delta") only among unread books outside the popular and newest pools.
 */
let database: TestDatabase;
let userId: string;
const BOOKS = 600;
const slugOf = (i: number) => `b-${String(i).padStart(3, '0')}`;
/** Readers in 30 days: book 0 is the most read; at most 100, so ln-popularity stays under a like's weight. */
const readsOf = (i: number) => Math.max(0, 100 - Math.floor(i / 5));
const genreOf = (i: number) => (i >= 500 && i < 520 ? 'delta' : ['alpha', 'beta', 'gamma'][i % 3]!);

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await db.insertInto('genres').values(['alpha', 'beta', 'gamma', 'delta'].map((g) => ({ slug: g, name: g.toUpperCase() }))).execute();
  const rows = Array.from({ length: BOOKS }, (_, i) => ({
    slug: slugOf(i),
    title: `Book ${i}`,
    reads_30d: readsOf(i),
    reads_7d: readsOf(i),
    // The newest books are the least read ones at the end, except the delta block (older).
    created_at: new Date(Date.UTC(2026, 0, 1) + (i >= 500 && i < 520 ? 0 : i) * 3_600_000),
  }));
  await db.insertInto('books').values(rows).execute();
  await db.insertInto('book_genres').values(rows.map((r, i) => ({ book_slug: r.slug, genre_slug: genreOf(i) }))).execute();
  userId = (await db.insertInto('app_users').values({ username: 'ranker' }).returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => database.close());

const anon = (name: string): Reader => ({ kind: 'anon', sessionId: `ranking-${name}-0000000000` });
const indexOf = (slug: string) => Number(slug.slice(2));
async function deck(reader: Reader, limit = 20, seed = 'seed-a', pin: string | null = null) {
  return (await rankDeck(database.db, reader, seed, limit, pin)).map((r) => r.slug);
}

describe('rankDeck', () => {
  test('without votes: popular books first, only from the bounded pools', async () => {
    const order = await deck(anon('fresh'), 50);
    expect(order).toHaveLength(50);
    // Popularity leads (on a log scale, so the jitter reorders books of similar reach): the first
    // ten are among the most read books, and the deck's first half reaches further than its second.
    for (const slug of order.slice(0, 10)) expect(readsOf(indexOf(slug))).toBeGreaterThanOrEqual(50);
    const mean = (xs: string[]) => xs.reduce((sum, s) => sum + readsOf(indexOf(s)), 0) / xs.length;
    expect(mean(order.slice(0, 25))).toBeGreaterThan(mean(order.slice(25)));
    // Only candidates are scored: the top POOL.popular by reads, or the POOL.newest newest.
    const newest = new Set(Array.from({ length: POOL.newest }, (_, k) => slugOf(BOOKS - 1 - k)));
    for (const slug of order) expect(indexOf(slug) < POOL.popular || newest.has(slug)).toBe(true);
  });

  test('the same reader and day give the same order; another seed reshuffles books of equal score', async () => {
    const reader = anon('seeded');
    expect(await deck(reader, 50, 'day-1')).toEqual(await deck(reader, 50, 'day-1'));
    const other = await deck(reader, 50, 'day-2');
    expect(other).not.toEqual(await deck(reader, 50, 'day-1'));
  });

  test('liked genres lead, even from outside the popular and newest pools', async () => {
    const reader: Reader = { kind: 'user', userId };
    await upsertVote(database.db, reader, slugOf(500), 'like', false);
    await upsertVote(database.db, reader, slugOf(501), 'like', false);
    const order = await deck(reader, 18);
    // The other 18 delta books, unread, old and never in the popular pool, fill the first places.
    expect(order.map((s) => genreOf(indexOf(s)))).toEqual(Array(18).fill('delta'));
    expect(order).not.toContain(slugOf(500));
    expect(order).not.toContain(slugOf(501));
    await sql`delete from discovery_votes`.execute(database.db);
  });

  test('a save weighs more than a like; passes push a genre down', async () => {
    expect(TASTE.save).toBeGreaterThan(TASTE.like);
    expect(TASTE.pass).toBeLessThan(0);
    const reader = anon('weights');
    await upsertVote(database.db, reader, slugOf(0), 'like', false); // alpha
    await upsertVote(database.db, reader, slugOf(1), 'save', false); // beta
    // Every well-read beta book (+3) comes before any alpha book (+2), and alpha before gamma (0).
    const order = (await deck(reader, 400)).map((s) => genreOf(indexOf(s)));
    expect(order.slice(0, 30)).toEqual(Array(30).fill('beta'));
    expect(order.indexOf('alpha')).toBeGreaterThan(29);
    expect(order.lastIndexOf('alpha')).toBeLessThan(order.indexOf('gamma'));

    const passer = anon('passer');
    await upsertVote(database.db, passer, slugOf(2), 'pass', false); // gamma
    await upsertVote(database.db, passer, slugOf(5), 'pass', false); // gamma
    const ranked = await deck(passer, 30);
    expect(ranked.slice(0, 10).some((s) => genreOf(indexOf(s)) === 'gamma')).toBe(false);
  });

  test('never a book voted, being read or in the library; a pinned book comes first', async () => {
    const reader = anon('excluded');
    const [first, second, third] = await deck(reader, 3);
    await upsertVote(database.db, reader, first!, 'pass', false);
    await database.db.insertInto('progress').values({ session_id: 'ranking-excluded-0000000000', slug: second!, chapter: 1 }).execute();
    const after = await deck(reader, 50);
    expect(after).not.toContain(first!);
    expect(after).not.toContain(second!);
    expect(after).toContain(third!);

    const user: Reader = { kind: 'user', userId };
    const top = (await deck(user, 1))[0]!;
    await database.db.insertInto('user_library').values({ user_id: userId, slug: top }).execute();
    expect(await deck(user, 50)).not.toContain(top);

    expect((await deck(reader, 5, 'seed-a', slugOf(599)))[0]).toBe(slugOf(599));
    expect(await deck(reader, 5, 'seed-a', first!)).not.toContain(first); // voted: not pinned
  });
});

describe('helpers', () => {
  test('deckSeed: per reader and UTC day', () => {
    const at = new Date('2026-11-21T23:59:00Z');
    expect(deckSeed({ kind: 'user', userId: 'u1' }, at)).toBe('user:u1:2026-11-21:');
    expect(deckSeed({ kind: 'anon', sessionId: 's1' }, at)).toBe('anon:s1:2026-11-21:');
    expect(deckSeed({ kind: 'user', userId: 'u1' }, new Date('2026-11-22T00:00:00Z'))).not.toBe(deckSeed({ kind: 'user', userId: 'u1' }, at));
  });

  test('blurbOf: short text kept, long text cut at a word with an ellipsis', () => {
    expect(blurbOf('  A short\n blurb. ')).toBe('A short blurb.');
    const long = 'word '.repeat(100);
    const cut = blurbOf(long, 50);
    expect(cut.endsWith('word…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(51);
    expect(blurbOf('x'.repeat(300), 20)).toBe(`${'x'.repeat(20)}…`);
    expect(blurbOf('Ends with a clause, and then some more words here', 20)).toBe('Ends with a clause…');
  });
});
