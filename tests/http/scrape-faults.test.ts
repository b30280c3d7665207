import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startScrapeApp, type ScrapeTestApp } from '../support/scrape-app.ts';
import { IRON_ARCHIVE, SHORT_BOOK, startSourceSite, type SourceSite } from '../support/source-site/index.ts';
import { loginAs, type Session } from '../support/auth.ts';
import { adminPost, startScrape, waitForTask } from '../support/scrape-tasks.ts';

/** What real sources do to scrapers, and what the task makes of it (sources.md "Behaviour"). */
let site: SourceSite;
let app: ScrapeTestApp;
let admin: Session;

beforeAll(async () => {
  site = await startSourceSite();
  app = await startScrapeApp({ siteUrl: site.novelfireUrl, royalroadUrl: site.royalroadUrl, sources: { maxRetries: 2, timeoutMs: 700, maxBackoffMs: 300, emptyRetries: 2 } });
  admin = await loginAs(app, 'fault-admin', { role: 'admin' });
});
afterAll(async () => {
  await app.close();
  await site.close();
});

const chapterPath = (slug: string, n: number) => `/book/${slug}/chapter-${n}`;
const hits = (path: string) => site.control.requests.filter((r) => r.path === path);

describe('faults are retried after their wait, gaps are reported, nothing empty is stored', () => {
  test('429 with Retry-After, a "rate limited" page, a Cloudflare page, an empty body, a page that never answers', async () => {
    site.control.reset();
    site.control.fault(chapterPath(SHORT_BOOK, 2), 'too-many-requests');
    site.control.fault(chapterPath(SHORT_BOOK, 3), 'rate-limited-page');
    site.control.fault(chapterPath(SHORT_BOOK, 4), 'cloudflare');
    site.control.fault(chapterPath(SHORT_BOOK, 5), 'empty-content');
    site.control.fault(chapterPath(SHORT_BOOK, 7), 'hang', Infinity);
    site.control.fault(chapterPath(SHORT_BOOK, 9), 'empty-content', Infinity);
    const task = await waitForTask(app, admin, await startScrape(app, admin, { url: `${site.novelfireUrl}/book/${SHORT_BOOK}` }));

    expect(task.status).toBe('done');
    expect(task.detail).toMatchObject({ total: 12, handled: 12, added: 10, failed: 2, gaps: [7, 9] });
    expect(task.detail.errors.map((e) => [e.chapter, e.message])).toEqual([
      [7, 'The source did not answer in time'],
      [9, 'The chapter came back empty every time'],
    ]);
    // 429: the retry waited for Retry-After (1 s).
    const [refused, retried] = hits(chapterPath(SHORT_BOOK, 2));
    expect(retried!.at - refused!.at).toBeGreaterThanOrEqual(950);
    expect(hits(chapterPath(SHORT_BOOK, 3))).toHaveLength(2);
    expect(hits(chapterPath(SHORT_BOOK, 4))).toHaveLength(2);
    expect(hits(chapterPath(SHORT_BOOK, 5))).toHaveLength(2);
    expect(hits(chapterPath(SHORT_BOOK, 7))).toHaveLength(3); // the first try and two retries, each timed out

    const stored = await app.platform.db.selectFrom('chapters').select(['number', 'text']).where('book_slug', '=', SHORT_BOOK).orderBy('number').execute();
    expect(stored.map((c) => c.number)).toEqual([1, 2, 3, 4, 5, 6, 8, 10, 11, 12]);
    expect(stored.every((c) => c.text.trim().length > 200)).toBe(true);
    const book = await app.platform.db.selectFrom('books').select('chapter_count').where('slug', '=', SHORT_BOOK).executeTakeFirstOrThrow();
    expect(book.chapter_count).toBe(10);
    // The reader goes from 6 to 8: a gap stays a gap, never a shifted chapter.
    expect(((await (await app.fetch(`/api/chapter/${SHORT_BOOK}/6`)).json()) as { next: number }).next).toBe(8);

    // Once the site behaves, a re-scrape fills exactly the gaps.
    site.control.reset();
    const again = await waitForTask(app, admin, await startScrape(app, admin, { url: `${site.novelfireUrl}/book/${SHORT_BOOK}` }));
    expect(again.detail).toMatchObject({ added: 2, unchanged: 10, failed: 0, gaps: [] });
  });

  test('a missing book ("200 but 404") fails the task with the reason', async () => {
    const task = await waitForTask(app, admin, await startScrape(app, admin, { url: `${site.royalroadUrl}/fiction/999/gone` }));
    expect(task.status).toBe('failed');
    expect(task.error).toBe('The source says this page does not exist');
    const note = await app.platform.db.selectFrom('notifications').select(['title', 'body']).where('user_id', '=', admin.user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(note.title).toBe('A scrape failed');
    expect(note.body).toContain('does not exist');
  });
});

describe('safety', () => {
  test('only pages of configured sources: loopback, private ranges, other hosts and file: are refused', async () => {
    for (const url of ['http://127.0.0.1:1/book/x', 'http://localhost:3000/book/x', 'http://10.0.0.5/book/x', 'http://192.168.1.1/book/x', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/book/x', 'https://evil.example/book/x', 'file:///etc/passwd', 'gopher://127.0.0.1/x', `${site.novelfireUrl.replace('http:', 'ftp:')}/book/x`, `${site.novelfireUrl}/about`]) {
      const res = await adminPost(app, admin, '/api/scrape', { url });
      expect({ url, status: res.status }).toEqual({ url, status: 400 });
    }
    const plain = await loginAs(app, 'not-an-admin');
    expect((await adminPost(app, plain, '/api/scrape', { url: `${site.novelfireUrl}/book/${SHORT_BOOK}` })).status).toBe(403);
  });
});

describe('cancel and resume', () => {
  test('a cancelled scrape stops between chapters and keeps what it stored', async () => {
    site.control.reset();
    // Slow enough to cancel half-way: each chapter waits for a 429's second.
    for (let n = 1; n <= 300; n++) site.control.fault(chapterPath(IRON_ARCHIVE, n), 'too-many-requests');
    await app.platform.db.deleteFrom('books').where('slug', '=', IRON_ARCHIVE).execute();
    const id = await startScrape(app, admin, { url: `${site.novelfireUrl}/book/${IRON_ARCHIVE}` });
    await waitForTask(app, admin, id, (t) => t.detail.handled >= 2);
    const res = await adminPost(app, admin, `/api/admin/scrape-tasks/${id}/cancel`);
    expect(res.status).toBe(200);
    const task = await waitForTask(app, admin, id);
    expect(task.status).toBe('cancelled');
    expect(task.detail.added).toBeGreaterThanOrEqual(2);
    expect(task.detail.added).toBeLessThan(10);
    const count = (await app.platform.db.selectFrom('books').select('chapter_count').where('slug', '=', IRON_ARCHIVE).executeTakeFirstOrThrow()).chapter_count;
    expect(count).toBe(task.detail.added);
  });

  test('a scrape whose worker stops half-way resumes from the first missing chapter, without duplicates', async () => {
    site.control.reset();
    await app.platform.db.deleteFrom('books').where('slug', '=', IRON_ARCHIVE).execute();
    const id = await startScrape(app, admin, { url: `${site.novelfireUrl}/book/${IRON_ARCHIVE}` });
    await waitForTask(app, admin, id, (t) => t.detail.handled >= 40);
    await app.stopRunner(); // the worker goes away mid-book; the task stays running
    const halfway = await app.platform.db.selectFrom('chapters').select('number').where('book_slug', '=', IRON_ARCHIVE).execute();
    expect(halfway.length).toBeGreaterThan(30);
    expect(halfway.length).toBeLessThan(300);
    app.startRunner();
    const task = await waitForTask(app, admin, id);
    expect(task.status).toBe('done');
    const stored = await app.platform.db.selectFrom('chapters').select('number').where('book_slug', '=', IRON_ARCHIVE).orderBy('number').execute();
    expect(stored.map((c) => c.number)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    // Chapters stored before the stop were not fetched again (at most the last one or two in flight).
    const refetched = halfway.filter((c) => hits(chapterPath(IRON_ARCHIVE, c.number)).length > 1);
    expect(refetched.length).toBeLessThanOrEqual(3);
  });
});
