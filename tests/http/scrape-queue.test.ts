import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { startScrapeApp, type ScrapeTestApp } from '../support/scrape-app.ts';
import { IRON_ARCHIVE, nfChapterPath, SHORT_BOOK, startSourceSite, type SourceSite } from '../support/source-site/index.ts';
import { loginAs, type Session } from '../support/auth.ts';
import { adminPost, startScrape, taskOf, waitForTask } from '../support/scrape-tasks.ts';
import type { ScrapeTask } from '../../src/features/scraping/model.ts';

/**
 * Scrapes queue instead of being refused (one at a time per site), and a task says what it waits
 * for: its place in the queue, another task holding the site, the site's rate limit, a retry after
 * an error, a source slow to answer. Waits are made short here (a 5/s pace, 200 ms "slow").
 */
let site: SourceSite;
let app: ScrapeTestApp;
let admin: Session;

beforeAll(async () => {
  site = await startSourceSite();
  app = await startScrapeApp({ siteUrl: site.novelfireUrl, royalroadUrl: site.royalroadUrl, rate: 5, sources: { maxRetries: 2, timeoutMs: 1200, maxBackoffMs: 400, slowAfterMs: 200, minWaitMs: 100 } });
  admin = await loginAs(app, 'queue-admin', { role: 'admin' });
});
afterAll(async () => {
  await app.close();
  await site.close();
});

/** Every reason the task gave for standing still, in the order first seen, until it ended. */
async function reasonsWhileRunning(id: string): Promise<{ task: ScrapeTask; reasons: string[]; seen: ScrapeTask[] }> {
  const reasons: string[] = [];
  const seen: ScrapeTask[] = [];
  const task = await waitForTask(app, admin, id, (t) => {
    const reason = t.detail.waiting_for?.reason;
    if (reason && !reasons.includes(reason)) (reasons.push(reason), seen.push(t));
    return !['pending', 'running'].includes(t.status);
  });
  return { task, reasons, seen };
}

describe('a range while a book scrape runs', () => {
  test('is 202 and queued behind it, says so, and runs after it', async () => {
    site.control.reset();
    const book = await startScrape(app, admin, { url: `${site.novelfireUrl}/book/${SHORT_BOOK}` });
    await waitForTask(app, admin, book, (t) => t.status === 'running');

    const res = await adminPost(app, admin, '/api/scrape/range', { url: `${site.novelfireUrl}/book/${IRON_ARCHIVE}`, from: 1, to: 3 });
    expect(res.status).toBe(202);
    const { task_id: range, status } = (await res.json()) as { task_id: string; status: string };
    expect(status).toBe('pending');
    const queued = await taskOf(app, admin, range);
    if (queued.status === 'pending') expect(queued.detail.waiting_for).toEqual({ reason: 'queue', position: 1, task_id: book });

    // The page says whom it waits for, in words.
    const html = await (await app.fetch('/admin/scraping/tasks', { headers: { cookie: admin.cookie, accept: 'text/html' } })).text();
    if (queued.status === 'pending') expect(html).toContain(`Queued, number 1: waiting for Book ${site.novelfireUrl}/book/${SHORT_BOOK}`);

    const first = await waitForTask(app, admin, book);
    const second = await waitForTask(app, admin, range);
    expect(first.status).toBe('done');
    expect(second).toMatchObject({ status: 'done', detail: { added: 3, waiting_for: null } });
    expect(Date.parse(second.started!)).toBeGreaterThanOrEqual(Date.parse(first.finished!));
  });
});

describe('what a running task waits for', () => {
  test("the site's rate limit, a retry after an error (with its attempt), a source slow to answer; none once done", async () => {
    site.control.reset();
    await app.platform.db.deleteFrom('chapters').where('book_slug', '=', SHORT_BOOK).execute();
    site.control.fault(nfChapterPath(SHORT_BOOK, 3), 'hang');
    site.control.fault(nfChapterPath(SHORT_BOOK, 6), 'server-error');
    const { task, reasons, seen } = await reasonsWhileRunning(await startScrape(app, admin, { url: `${site.novelfireUrl}/book/${SHORT_BOOK}` }));

    expect(task.status).toBe('done');
    expect(task.detail.failed).toBe(0);
    expect(task.detail.waiting_for ?? null).toBeNull();
    expect(reasons).toEqual(expect.arrayContaining(['rate_limit', 'slow_source', 'retry']));
    expect(seen.find((t) => t.detail.waiting_for?.reason === 'retry')!.detail.waiting_for).toMatchObject({ attempt: 2, seconds: 1 });
    expect(seen.find((t) => t.detail.waiting_for?.reason === 'rate_limit')!.detail.waiting_for).toMatchObject({ seconds: 1 });
  });

  test('another task holding the site: the task names it, then goes on when the lease is released', async () => {
    const holder = (await app.platform.db.selectFrom('scrape_tasks').select('id').orderBy('created_at').limit(1).executeTakeFirstOrThrow()).id;
    const host = new URL(site.novelfireUrl).host;
    await sql`insert into scrape_hosts (host, task_id, until) values (${host}, ${holder}, now() + interval '1 minute')`.execute(app.platform.db);
    const id = await startScrape(app, admin, { url: `${site.novelfireUrl}/book/${IRON_ARCHIVE}` });
    const waiting = await waitForTask(app, admin, id, (t) => t.detail.waiting_for?.reason === 'host');
    expect(waiting.detail.waiting_for).toEqual({ reason: 'host', task_id: holder });
    const html = await (await app.fetch('/admin/scraping/tasks', { headers: { cookie: admin.cookie, accept: 'text/html' } })).text();
    expect(html).toContain(`Waiting for Book ${SHORT_BOOK}, which is scraping this site`);

    await app.platform.db.deleteFrom('scrape_hosts').where('host', '=', host).execute();
    const going = await waitForTask(app, admin, id, (t) => t.detail.handled > 0);
    expect(going.detail.waiting_for?.reason).not.toBe('host');
    await adminPost(app, admin, `/api/admin/scrape-tasks/${id}/cancel`);
    await waitForTask(app, admin, id);
  });
});
