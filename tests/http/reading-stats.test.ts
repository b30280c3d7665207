import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, type Session } from '../support/auth.ts';
import { testClock } from '../support/clock.ts';

// Reading statistics (features/stats): the progress trigger's daily roll-up, the totals and streak
// the profile shows, its privacy. The app's clock is fixed on a day that is already past, and every
// write is stamped before it, so no date here depends on today's.
const TODAY = '2026-03-10';
let app: TestApp;
let alice: Session;
let bob: Session;
let slug: string;
let words: Map<number, number>;

beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN }, clock: testClock(new Date(`${TODAY}T15:00:00Z`)).now });
  alice = await loginAs(app, 'stats-alice');
  bob = await loginAs(app, 'stats-bob');
  const book = (await sql<{ book_slug: string }>`select book_slug from chapters group by book_slug having count(*) >= 4 order by book_slug limit 1`.execute(app.platform.db)).rows[0]!;
  slug = book.book_slug;
  const rows = (await sql<{ number: number; word_count: number }>`select number, word_count from chapters where book_slug = ${slug}`.execute(app.platform.db)).rows;
  words = new Map(rows.map((r) => [r.number, r.word_count]));
});
afterAll(() => app.close());

const progress = async (who: Session, body: Record<string, unknown>) => {
  const res = await app.fetch('/api/progress', { method: 'POST', headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ slug, ...body }) });
  expect(res.status).toBe(200);
  return (await res.json()) as { applied?: boolean };
};
const listen = async (who: Session, body: Record<string, unknown>) => {
  const res = await app.fetch('/api/progress/audio-time', { method: 'PATCH', headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ slug, ...body }) });
  expect(res.status).toBe(200);
};
const stats = (username: string, who?: Session) => app.fetch(`/api/users/${username}/stats`, { headers: who ? { authorization: `Bearer ${who.token}` } : {} });
const page = async (username: string, who?: Session) => (await app.fetch(`/users/${username}`, { headers: { accept: 'text/html', ...(who ? { cookie: who.cookie } : {}) } })).text();

describe('reading statistics', () => {
  test('a day of reading and listening gives the right totals, per day and per book, and a streak', async () => {
    expect((await (await stats('stats-alice', alice)).json()).days).toEqual([]);
    await progress(alice, { chapter: 1, timestamp: '2026-03-08T10:00:00Z' });
    await progress(alice, { chapter: 2, timestamp: '2026-03-08T11:00:00Z' });
    await progress(alice, { chapter: 2, scroll: 0.5, timestamp: '2026-03-08T11:05:00Z' }); // same chapter: nothing more read
    await progress(alice, { chapter: 3, timestamp: '2026-03-09T09:00:00Z' });
    await listen(alice, { chapter: 3, audio_time: 30, timestamp: '2026-03-09T09:01:00Z' });
    await listen(alice, { chapter: 3, audio_time: 70, timestamp: '2026-03-09T09:02:00Z' });
    await listen(alice, { chapter: 3, audio_time: 400, timestamp: '2026-03-09T09:03:00Z' }); // a seek: counts 60 s at most
    await listen(alice, { chapter: 3, audio_time: 20, timestamp: '2026-03-09T09:04:00Z' }); // back: nothing
    await progress(alice, { chapter: 4, timestamp: `${TODAY}T08:00:00Z` });
    // An older write is not applied, so it counts nothing.
    await progress(alice, { chapter: 9, timestamp: '2026-03-07T08:00:00Z' });

    const res = await stats('stats-alice', alice);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.today).toBe(TODAY);
    expect(body.from).toBe('2025-03-11');
    expect(body.days).toEqual([
      { day: '2026-03-08', chapters: 2, words: words.get(1)! + words.get(2)!, minutes: 0 },
      { day: '2026-03-09', chapters: 1, words: words.get(3)!, minutes: 2.2 },
      { day: TODAY, chapters: 1, words: words.get(4)!, minutes: 0 },
    ]);
    expect(body.totals).toEqual({ chapters: 4, words: words.get(1)! + words.get(2)! + words.get(3)! + words.get(4)!, minutes: 2.2, activeDays: 3 });
    expect(body.streak).toEqual({ current: 3, longest: 3 });
    expect(body.books).toHaveLength(1);
    expect(body.books[0]).toMatchObject({ slug, chapters: 4, minutes: 2.2 });
  });

  test('an anonymous reader is not counted', async () => {
    const before = (await sql<{ n: number }>`select count(*)::int as n from reading_days`.execute(app.platform.db)).rows[0]!.n;
    const res = await app.fetch('/api/progress', { method: 'POST', headers: { 'content-type': 'application/json', 'x-session-id': 'stats-anonymous-reader-0001' }, body: JSON.stringify({ slug, chapter: 2, timestamp: '2026-03-09T10:00:00Z' }) });
    expect(res.status).toBe(200);
    expect((await sql<{ n: number }>`select count(*)::int as n from reading_days`.execute(app.platform.db)).rows[0]!.n).toBe(before);
  });

  test('the profile draws the year and the last 30 days as SVG, with a title on every day', async () => {
    const html = await page('stats-alice', bob);
    expect(html).toContain('id="reading-stats"');
    const heatmap = /<figure class="stats-heatmap">([\s\S]*?)<\/figure>/.exec(html)![1]!;
    expect(heatmap.match(/<rect [^>]*data-day="/g)).toHaveLength(365);
    expect(heatmap).toContain('class="stats-heat stats-heat--2" data-day="2026-03-08"');
    expect(heatmap).toContain('class="stats-heat stats-heat--0" data-day="2026-03-07"');
    expect(heatmap).toContain('Sun, Mar 8, 2026: 2 chapters, 0 minutes listened');
    const bars = html.match(/<figure class="stats-bars">[\s\S]*?<\/figure>/g)!;
    expect(bars).toHaveLength(2);
    expect(bars[0]!.match(/<rect /g)).toHaveLength(30);
    expect(bars[1]).toContain('data-day="2026-03-09" data-value="2.2"');
    expect(html).toContain('3-day streak');
  });

  test('private like the library: others get 404 and no statistics on the page, the owner sees them', async () => {
    const res = await app.fetch('/api/settings/privacy', { method: 'PUT', headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ library_private: true }) });
    expect(res.status).toBe(200);
    const hidden = await stats('stats-alice', bob);
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual({ error: 'not_found', message: 'This library is private' });
    expect((await stats('stats-alice')).status).toBe(404);
    expect(await page('stats-alice', bob)).not.toContain('id="reading-stats"');
    expect((await stats('stats-alice', alice)).status).toBe(200);
    expect(await page('stats-alice', alice)).toContain('id="reading-stats"');
    expect((await stats('nobody-here')).status).toBe(404);
  });

  test('a reader with nothing recorded sees an empty state, in their language', async () => {
    const own = await page('stats-bob', bob);
    expect(own).toContain('Read or listen to a chapter and your days will show up here.');
    const pt = await (await app.fetch('/users/stats-bob', { headers: { accept: 'text/html', cookie: `${bob.cookie}; locale=pt` } })).text();
    expect(pt).toContain('Leia ou ouça um capítulo e seus dias aparecerão aqui.');
  });
});
