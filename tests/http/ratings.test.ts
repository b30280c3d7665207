import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

const MESSAGE = 'rating must be a whole number from 1 to 5';
type Summary = { average: number | null; count: number; mine: number | null };
/** Who calls: an anonymous reader by X-Session-Id, by session cookie, or a signed-in session. */
type Who = { sessionId: string } | { cookie: string } | Session | null;

function headersOf(who: Who, body: boolean): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', origin: TEST_ORIGIN };
  if (body) headers['content-type'] = 'application/json';
  if (who && 'sessionId' in who) headers['x-session-id'] = who.sessionId;
  else if (who) headers.cookie = who.cookie;
  return headers;
}
function call(method: string, path: string, who: Who, body?: string) {
  return app.fetch(path, { method, headers: headersOf(who, body !== undefined), body });
}
const rate = (slug: string, who: Who, rating: unknown) => call('POST', `/api/ratings/${slug}`, who, JSON.stringify({ rating }));
async function summary(slug: string, who: Who): Promise<Summary> {
  const res = await call('GET', `/api/ratings/${slug}`, who);
  expect(res.status).toBe(200);
  return (await res.json()) as Summary;
}
const anon = (name: string) => ({ sessionId: `anon-${name}-0123456789abcdef` });

/** What book_ratings holds for a book, and what books says about it: must always be equal. */
async function totals(slug: string) {
  const db = app.platform.db;
  const rows = await db.selectFrom('book_ratings').select([sql<number>`count(*)::int`.as('count'), sql<number>`coalesce(sum(rating), 0)::int`.as('sum')]).where('slug', '=', slug).executeTakeFirstOrThrow();
  const book = await db.selectFrom('books').select(['rating_count', 'rating_sum']).where('slug', '=', slug).executeTakeFirstOrThrow();
  return { rows, book: { count: book.rating_count, sum: book.rating_sum } };
}
async function expectConsistent(slug: string, count?: number) {
  const { rows, book } = await totals(slug);
  expect(book).toEqual(rows);
  if (count !== undefined) expect(rows.count).toBe(count);
  return rows;
}

describe('GET /api/ratings/{slug}', () => {
  test('an unrated book: {average: null, count: 0, mine: null}', async () => {
    const res = await call('GET', '/api/ratings/letters-to-the-lighthouse', anon('get'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ average: null, count: 0, mine: null });
  });

  test('unknown book 404 on every method; a malformed slug 400', async () => {
    for (const [method, body] of [['GET'], ['POST', '{"rating":3}'], ['DELETE']] as const) {
      const res = await call(method, '/api/ratings/no-such-book', anon('404'), body);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'not_found', message: 'Book not found' });
    }
    const bad = await call('GET', '/api/ratings/Not_A_Slug', anon('404'));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'invalid_request', message: 'slug must be a book slug' });
  });
});

describe('POST /api/ratings/{slug}', () => {
  test('0, 6, 2.5, "x", "2.5", true, null, missing field, no body: 400 with the one message, nothing stored', async () => {
    for (const body of ['{"rating":0}', '{"rating":6}', '{"rating":2.5}', '{"rating":"x"}', '{"rating":"2.5"}', '{"rating":true}', '{"rating":null}', '{}', '{"stars":4}', undefined]) {
      const res = await call('POST', '/api/ratings/morning-bread', anon('invalid'), body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'invalid_request', message: MESSAGE });
    }
    const notObject = await call('POST', '/api/ratings/morning-bread', anon('invalid'), '[4]');
    expect(notObject.status).toBe(400);
    expect(await notObject.json()).toEqual({ error: 'invalid_request', message: 'Expected a JSON object' });
    const malformed = await call('POST', '/api/ratings/morning-bread', anon('invalid'), '{"rating":');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'invalid_request', message: 'Invalid JSON body' });
    expect(await summary('morning-bread', anon('invalid'))).toEqual({ average: null, count: 0, mine: null });
  });

  test('rates and answers the totals with the caller\'s own rating; changing replaces it (one row)', async () => {
    const reader = anon('change');
    const first = await rate('salvage-rights', reader, 2);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ average: 2, count: 1, mine: 2 });
    const changed = await rate('salvage-rights', reader, 5);
    expect(await changed.json()).toEqual({ average: 5, count: 1, mine: 5 });
    // A numeric string is taken as the number (forms send text).
    expect(await (await rate('salvage-rights', reader, '4')).json()).toEqual({ average: 4, count: 1, mine: 4 });
    await expectConsistent('salvage-rights', 1);
  });

  test('anonymous by X-Session-Id, anonymous by cookie and signed in are three separate readers', async () => {
    const slug = 'the-clockwork-heir';
    const byHeader = anon('header');
    // The cookie reader gets its session id from a first visit, like a browser.
    const visit = await app.fetch('/', { headers: { accept: 'text/html' } });
    const sessionCookie = visit.headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => c.startsWith('session_id='))!;
    expect(sessionCookie).toBeDefined();
    const byCookie = { cookie: sessionCookie };
    // The signed-in reader's browser also carries its own anonymous session cookie.
    const user = await loginAs(app, 'rater-separate');
    expect(user.cookie).toContain('session_id=');

    expect(await (await rate(slug, byHeader, 5)).json()).toEqual({ average: 5, count: 1, mine: 5 });
    expect(await (await rate(slug, byCookie, 3)).json()).toEqual({ average: 4, count: 2, mine: 3 });
    expect(await (await rate(slug, user, 1)).json()).toEqual({ average: 3, count: 3, mine: 1 });
    expect(await summary(slug, byHeader)).toEqual({ average: 3, count: 3, mine: 5 });
    expect(await summary(slug, byCookie)).toEqual({ average: 3, count: 3, mine: 3 });
    expect(await summary(slug, user)).toEqual({ average: 3, count: 3, mine: 1 });
    expect(await summary(slug, anon('stranger'))).toEqual({ average: 3, count: 3, mine: null });
    // A bearer token is the same signed-in reader.
    const bearer = await app.fetch(`/api/ratings/${slug}`, { headers: { accept: 'application/json', authorization: `Bearer ${user.token}` } });
    expect(await bearer.json()).toEqual({ average: 3, count: 3, mine: 1 });
    // Changing the signed-in rating leaves the others alone.
    expect(await (await rate(slug, user, 4)).json()).toEqual({ average: 4, count: 3, mine: 4 });
    await expectConsistent(slug, 3);
  });

  test('averages keep two decimals, like a book\'s rating_avg', async () => {
    const slug = 'second-chance-academy';
    for (const [i, r] of [5, 4, 4].entries()) await rate(slug, anon(`avg${i}`), r);
    expect(await summary(slug, anon('avg0'))).toEqual({ average: 4.33, count: 3, mine: 5 });
  });

  test('a cookie write from another origin is refused (CSRF)', async () => {
    const user = await loginAs(app, 'rater-csrf');
    const res = await app.fetch('/api/ratings/morning-bread', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: user.cookie, origin: 'https://evil.example' },
      body: JSON.stringify({ rating: 1 }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'forbidden', message: 'Cross-site request refused' });
    expect(await summary('morning-bread', user)).toMatchObject({ mine: null });
  });
});

describe('DELETE /api/ratings/{slug}', () => {
  test('withdraws the caller\'s rating (200 with the new totals); again is the same; others stay', async () => {
    const slug = 'ink-and-alibis';
    const mine = anon('withdraw');
    await rate(slug, mine, 1);
    await rate(slug, anon('withdraw-other'), 5);
    const res = await call('DELETE', `/api/ratings/${slug}`, mine);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ average: 5, count: 1, mine: null });
    const again = await call('DELETE', `/api/ratings/${slug}`, mine);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ average: 5, count: 1, mine: null });
    await expectConsistent(slug, 1);
  });
});

describe('books.rating_sum and rating_count always equal the rows', () => {
  test('40 parallel ratings from 20 readers (anonymous and signed in), each rating twice at once', async () => {
    const slug = 'the-ninth-mountain-sect';
    const users = await Promise.all(Array.from({ length: 8 }, (_, i) => loginAs(app, `rater-burst-${i}`)));
    const readers: Who[] = [...users, ...Array.from({ length: 12 }, (_, i) => anon(`burst-${i}`))];
    // Every reader sends two different ratings at the same moment: one insert races one change.
    const responses = await Promise.all(readers.flatMap((who, i) => [rate(slug, who, (i % 5) + 1), rate(slug, who, ((i + 2) % 5) + 1)]));
    expect(responses.map((r) => r.status)).toEqual(Array(40).fill(200));
    const rows = await expectConsistent(slug, 20);
    const mine = await Promise.all(readers.map((who) => summary(slug, who)));
    // Each reader's rating is whichever of their two requests came last; the sum agrees with them.
    expect(mine.every((s, i) => s.mine === (i % 5) + 1 || s.mine === ((i + 2) % 5) + 1)).toBe(true);
    expect(mine.reduce((sum, s) => sum + s.mine!, 0)).toBe(rows.sum);
    expect(mine[0]).toMatchObject({ count: 20, average: Math.round((rows.sum / 20) * 100) / 100 });
  });

  test('parallel ratings, changes and withdrawals on two books at once', async () => {
    const books = ['the-last-train-to-veld', 'the-accidental-dark-lord'];
    const readers = Array.from({ length: 20 }, (_, i) => anon(`mixed-${i}`));
    await Promise.all(readers.map((who, i) => rate(books[i % 2]!, who, 3)));
    const work = readers.flatMap((who, i) => {
      const slug = books[i % 2]!;
      if (i % 4 === 0) return [call('DELETE', `/api/ratings/${slug}`, who), rate(books[(i + 1) % 2]!, who, 5)];
      return [rate(slug, who, (i % 5) + 1), rate(books[(i + 1) % 2]!, who, 2)];
    });
    const responses = await Promise.all(work);
    expect(responses.every((r) => r.status === 200)).toBe(true);
    // Five readers withdrew one rating and everyone rated the other book: 20 - 5 + 20.
    const a = await expectConsistent(books[0]!);
    const b = await expectConsistent(books[1]!);
    expect(a.count + b.count).toBe(35);
  });

  test('the sign-in merge keeps the totals: newer anonymous ratings win, duplicates go', async () => {
    const phone = anon('merge-phone');
    const account = await loginAs(app, 'rater-merge', { userAgent: 'Desktop' });
    // The account rated one book; the same person, anonymously on a phone, rates it and another later.
    await rate('morning-bread', account, 2);
    await rate('morning-bread', phone, 5);
    await rate('salvage-rights', phone, 1);
    await rate('morning-bread', anon('merge-bystander'), 4);
    const before = { morning: await totals('morning-bread'), salvage: await totals('salvage-rights') };

    const signedIn = await loginAs(app, 'rater-merge', { userAgent: 'Phone', sessionId: phone.sessionId });

    const morning = await expectConsistent('morning-bread');
    expect(morning.count).toBe(before.morning.rows.count - 1); // the phone's row merged into the account's
    expect(morning.sum).toBe(before.morning.rows.sum - 2); // the account's 2 replaced by the newer 5
    const salvage = await expectConsistent('salvage-rights');
    expect(salvage).toEqual(before.salvage.rows); // moved to the account, still counted once
    expect(await summary('morning-bread', signedIn)).toMatchObject({ mine: 5 });
    expect(await summary('salvage-rights', signedIn)).toMatchObject({ mine: 1 });
    expect(await summary('morning-bread', phone)).toMatchObject({ mine: null });
  });

  test('sign-ins of one account from four devices at once, over the same books in opposite orders, all succeed and keep the totals', async () => {
    const slugs = ['morning-bread', 'salvage-rights', 'ink-and-alibis'];
    await loginAs(app, 'rater-race');
    for (let round = 0; round < 4; round++) {
      const devices = Array.from({ length: 4 }, (_, i) => anon(`race-${round}-${i}`));
      // Each device rates the books in its own order, so the merges meet the rows in different orders.
      for (const [i, device] of devices.entries()) {
        const order = i % 2 === 0 ? slugs : [...slugs].reverse();
        for (const slug of order) await rate(slug, device, 1 + ((i + round) % 5));
        expect((await call('POST', '/api/progress', device, JSON.stringify({ slug: slugs[round % slugs.length], chapter: 1 + i }))).status).toBe(200);
      }
      await Promise.all(devices.map((device) => loginAs(app, 'rater-race', { sessionId: device.sessionId })));
      for (const slug of slugs) await expectConsistent(slug);
    }
    // Every sign-in is a session of its own and an account keeps ten: the first one is pruned by now.
    const again = await loginAs(app, 'rater-race');
    for (const slug of slugs) expect((await summary(slug, again)).mine).not.toBeNull();
  });

  test('writers outside the API: moving a row to another book, renaming a book, deleting a user or a book', async () => {
    const db = app.platform.db;
    await db.insertInto('books').values([{ slug: 'totals-a', title: 'Totals A' }, { slug: 'totals-b', title: 'Totals B' }]).execute();
    const user = await loginAs(app, 'rater-leaver');
    await rate('totals-a', user, 5);
    await rate('totals-a', anon('writers'), 3);
    await rate('totals-b', anon('writers'), 1);
    // A rating moved to another book leaves one and joins the other.
    await db.updateTable('book_ratings').set({ slug: 'totals-b' }).where('slug', '=', 'totals-a').where('user_id', '=', user.user.id).execute();
    expect((await expectConsistent('totals-a', 1)).sum).toBe(3);
    expect((await expectConsistent('totals-b', 2)).sum).toBe(6);
    // A renamed book keeps its totals (the slug cascades to its ratings).
    await db.updateTable('books').set({ slug: 'totals-c' }).where('slug', '=', 'totals-b').execute();
    expect((await expectConsistent('totals-c', 2)).sum).toBe(6);
    // A deleted account takes its ratings along.
    await db.deleteFrom('app_users').where('id', '=', user.user.id).execute();
    expect((await expectConsistent('totals-c', 1)).sum).toBe(1);
    // A deleted book takes its ratings along without disturbing anything else.
    await db.deleteFrom('books').where('slug', '=', 'totals-c').execute();
    expect(await db.selectFrom('book_ratings').select('id').where('slug', '=', 'totals-c').execute()).toEqual([]);
    await expectConsistent('totals-a', 1);
  });
});

describe('the new average reaches the catalogue', () => {
  test('/api/book, /api/browse and /api/ranking?by=rating show rating_avg and rating_count after rating', async () => {
    const slug = 'the-house-on-wren-street';
    const book = async () => ((await (await app.fetch(`/api/book/${slug}`, { headers: { accept: 'application/json' } })).json()) as { book: { rating_avg: number | null; rating_count: number } }).book;
    const before = await book();
    for (let i = 0; i < 12; i++) await rate(slug, anon(`catalogue-${i}`), 5);
    const after = await book();
    const expected = { count: before.rating_count + 12 };
    expect(after.rating_count).toBe(expected.count);
    const { rows } = await totals(slug);
    expect(after.rating_avg).toBe(Math.round((rows.sum / rows.count) * 100) / 100);

    type Listed = { books: { slug: string; rating_avg: number | null; rating_count: number }[] };
    const browse = (await (await app.fetch('/api/browse?sort=rating&limit=100', { headers: { accept: 'application/json' } })).json()) as Listed;
    expect(browse.books.find((b) => b.slug === slug)).toMatchObject({ rating_avg: after.rating_avg, rating_count: after.rating_count });
    // Twelve fives outweigh every other book's ratings in this file: first by the Bayesian score.
    expect(browse.books[0]!.slug).toBe(slug);
    const ranking = (await (await app.fetch('/api/ranking?by=rating', { headers: { accept: 'application/json' } })).json()) as Listed;
    expect(ranking.books[0]).toMatchObject({ slug, rating_avg: after.rating_avg, rating_count: after.rating_count });

    // Withdrawing them all takes the book back out of the rated ones.
    for (let i = 0; i < 12; i++) await call('DELETE', `/api/ratings/${slug}`, anon(`catalogue-${i}`));
    expect(await book()).toMatchObject({ rating_avg: before.rating_avg, rating_count: before.rating_count });
  });
});
