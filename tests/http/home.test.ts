import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

type Headers = Record<string, string>;
type Home = {
  continue_reading: Array<{ book: { slug: string; title: string }; chapter: number; updated: string }>;
  feed: Array<{ user: { username: string; avatar_url: string | null }; book: { slug: string }; chapter: number; updated: string }>;
};
const SLUGS = [
  'ashes-of-the-dragon-throne', 'ink-and-alibis', 'letters-to-the-lighthouse', 'morning-bread', 'salvage-rights', 'second-chance-academy',
  'the-accidental-dark-lord', 'the-cartographers-daughter', 'the-clockwork-heir', 'the-house-on-wren-street', 'the-last-train-to-veld', 'the-ninth-mountain-sect',
];
const anon = (name: string): Headers => ({ 'x-session-id': `${name}-0123456789abcdef` });
const as = (session: Session): Headers => ({ cookie: session.cookie });
/** Progress `minutesAgo` in the past, so that the order does not hang on the clock's resolution. */
async function read(who: Headers, slug: string, chapter: number, minutesAgo: number) {
  const res = await app.fetch('/api/progress', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...who },
    body: JSON.stringify({ slug, chapter, timestamp: Date.now() - minutesAgo * 60_000 }),
  });
  expect(res.status).toBe(200);
}
async function home(who: Headers): Promise<Home> {
  const res = await app.fetch('/api/home', { headers: { accept: 'application/json', ...who } });
  expect(res.status).toBe(200);
  return res.json() as Promise<Home>;
}
const page = async (who: Headers) => (await app.fetch('/', { headers: { accept: 'text/html', ...who } })).text();
const follow = (session: Session, username: string) =>
  app.fetch(`/api/users/${username}/subscribe`, { method: 'POST', headers: { origin: TEST_ORIGIN, ...as(session) } });

describe('GET /api/home', () => {
  test('anonymous: the session’s books in progress, most recent first, and an empty feed', async () => {
    const me = anon('home-anon');
    expect(await home(me)).toEqual({ continue_reading: [], feed: [] });
    await read(me, 'morning-bread', 2, 30);
    await read(me, 'salvage-rights', 5, 10);
    await read(me, 'ink-and-alibis', 1, 20);
    const body = await home(me);
    expect(body.continue_reading.map((c) => [c.book.slug, c.chapter])).toEqual([['salvage-rights', 5], ['ink-and-alibis', 1], ['morning-bread', 2]]);
    expect(Object.keys(body.continue_reading[0]!).sort()).toEqual(['book', 'chapter', 'updated']);
    expect(body.continue_reading[0]!.book).toMatchObject({ slug: 'salvage-rights', title: 'Salvage Rights', chapter_count: 30 });
    expect(Date.parse(body.continue_reading[0]!.updated)).toBeGreaterThan(Date.now() - 11 * 60_000);
    expect(body.feed).toEqual([]);
    expect((await home(anon('home-anon-other'))).continue_reading).toEqual([]);
  });

  test('signed in: the user’s own progress, at most 12 books', async () => {
    const ann = await loginAs(app, 'home-ann');
    for (const [i, slug] of SLUGS.entries()) await read(as(ann), slug, 1, 100 - i);
    const body = await home(as(ann));
    expect(body.continue_reading).toHaveLength(12);
    expect(body.continue_reading[0]!.book.slug).toBe(SLUGS[11]!);
    expect(body.continue_reading[11]!.book.slug).toBe(SLUGS[0]!);
  });

  test('the feed: only followed readers, one entry per reader and book, newest first, at most 20', async () => {
    const me = await loginAs(app, 'feed-me');
    const ada = await loginAs(app, 'feed-ada');
    const bo = await loginAs(app, 'feed-bo');
    const stranger = await loginAs(app, 'feed-stranger');
    await follow(me, 'feed-ada');
    await follow(me, 'feed-bo');
    await read(as(ada), 'salvage-rights', 3, 50);
    await read(as(ada), 'salvage-rights', 4, 5); // the same book again: still one entry, the newest place
    await read(as(ada), 'morning-bread', 1, 40);
    await read(as(bo), 'ink-and-alibis', 2, 20);
    await read(as(stranger), 'the-clockwork-heir', 1, 1);
    await read(as(me), 'the-last-train-to-veld', 1, 1); // one's own reading is not in one's feed
    let feed = (await home(as(me))).feed;
    expect(feed.map((f) => [f.user.username, f.book.slug, f.chapter])).toEqual([
      ['feed-ada', 'salvage-rights', 4],
      ['feed-bo', 'ink-and-alibis', 2],
      ['feed-ada', 'morning-bread', 1],
    ]);
    expect(Object.keys(feed[0]!).sort()).toEqual(['book', 'chapter', 'updated', 'user']);
    expect(feed[0]!.user).toEqual({ username: 'feed-ada', avatar_url: null });

    // Two followed readers with 12 books each: 24 candidates, the newest 20 are shown.
    for (const [i, slug] of SLUGS.entries()) {
      await read(as(ada), slug, 2, 200 - 2 * i);
      await read(as(bo), slug, 2, 199 - 2 * i);
    }
    feed = (await home(as(me))).feed;
    expect(feed).toHaveLength(20);
    const times = feed.map((f) => Date.parse(f.updated));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(new Set(feed.map((f) => `${f.user.username}/${f.book.slug}`)).size).toBe(20);
  });
});

describe('the home page', () => {
  test('a new visitor: the hero, the catalogue\'s rows, then a sign-in prompt for the feed', async () => {
    const body = await page(anon('page-new'));
    expect(body).toContain('class="hero"');
    expect(body).not.toContain('Continue reading');
    expect(body).toContain('From people you follow');
    expect(body).toContain('See what other readers are reading');
    expect(body).toContain('<h2 id="shelf-new">New books</h2>');
    // Nobody read anything this week in the demo catalogue: the second row is the recently updated.
    expect(body).toContain('<h2 id="shelf-updated">Recently updated</h2>');
    expect(body).not.toContain('Popular this week');
    expect(body).toContain('href="/ranking?by=new" aria-label="See all: New books"');
    // Books first, the invitation to follow readers after them.
    expect(body.indexOf('id="shelf-updated"')).toBeLessThan(body.indexOf('id="shelf-feed"'));
  });

  test('the first covers on screen (the largest paint) load at once; the others when scrolled to', async () => {
    const covers = (body: string) => [...body.matchAll(/<img class="cover"[^>]*>/g)].map((m) => (m[0].includes('fetchpriority="high"') && !m[0].includes('loading="lazy"') ? 'eager' : m[0].includes('loading="lazy"') ? 'lazy' : '?'));
    const visitor = covers(await page(anon('page-lcp')));
    expect(visitor.slice(0, 3)).toEqual(['eager', 'eager', 'lazy']);
    expect(visitor.filter((c) => c === 'eager')).toHaveLength(2);
    const me = anon('page-lcp-returning');
    await read(me, 'salvage-rights', 3, 5);
    const returning = covers(await page(me));
    expect(returning.slice(0, 2)).toEqual(['eager', 'lazy']);
    expect(returning.filter((c) => c === 'eager')).toHaveLength(1);
  });

  test('a returning reader: a continue-reading shelf linking to the chapter, with a progress bar', async () => {
    const me = anon('page-returning');
    await read(me, 'salvage-rights', 12, 5);
    const body = await page(me);
    expect(body).not.toContain('class="hero"');
    expect(body).toContain('Continue reading');
    expect(body).toContain('href="/book/salvage-rights/12"');
    expect(body).toContain('Chapter 12 of 30');
    // Drawn on the cover: "Ch. 12 / 30" and a bar 11 chapters of 30 long.
    expect(body).toContain('<span class="cover-frame__chapter" aria-hidden="true">Ch. 12 / 30</span>');
    expect(body).toContain('<span class="cover-frame__fill" style="width: 37%"></span>');
    expect(body.indexOf('Continue reading')).toBeLessThan(body.indexOf('New books'));
  });

  test('an empty feed suggests recent readers to follow, not oneself nor people already followed', async () => {
    const me = await loginAs(app, 'sugg-me');
    const fresh = await loginAs(app, 'sugg-fresh');
    const known = await loginAs(app, 'sugg-known');
    // Now: the most recent readers of this file, so that they make the few suggested.
    await read(as(fresh), 'morning-bread', 1, 0);
    await read(as(known), 'morning-bread', 1, 0);
    await read(as(me), 'morning-bread', 1, 0);
    let body = await page(as(me));
    expect(body).toContain('Nothing here yet');
    expect(body).toContain('action="/users/sugg-fresh/follow"');
    expect(body).toContain('action="/users/sugg-known/follow"');
    expect(body).not.toContain('action="/users/sugg-me/follow"');
    // Following someone who has not read anything yet leaves the feed empty: suggestions stay.
    await loginAs(app, 'sugg-quiet');
    await follow(me, 'sugg-quiet');
    await follow(me, 'sugg-known');
    body = await page(as(me));
    expect(body).not.toContain('Nothing here yet');
    expect(body).toContain('sugg-known');
    expect(body).not.toContain('action="/users/sugg-fresh/follow"'); // a feed: no suggestions needed
    const quietOnly = await loginAs(app, 'sugg-quiet-only');
    await follow(quietOnly, 'sugg-quiet');
    body = await page(as(quietOnly));
    expect(body).toContain('Nothing here yet');
    expect(body).toContain('action="/users/sugg-fresh/follow"');
    expect(body).not.toContain('action="/users/sugg-quiet/follow"'); // already followed
  });

  test('the feed lists followed readers and their books', async () => {
    const me = await loginAs(app, 'pfeed-me');
    const ada = await loginAs(app, 'pfeed-ada');
    await follow(me, 'pfeed-ada');
    await read(as(ada), 'the-ninth-mountain-sect', 7, 90);
    const body = await page(as(me));
    expect(body).toContain('<strong>pfeed-ada</strong>');
    expect(body).toContain('The Ninth Mountain Sect');
    expect(body).toContain('Chapter 7 of 32');
    expect(body).toMatch(/<time datetime="[^"]+"[^>]*>1 hour ago<\/time>/);
    // A feed with something in it comes before the catalogue's rows.
    expect(body.indexOf('id="shelf-feed"')).toBeLessThan(body.indexOf('id="shelf-new"'));
  });
});
