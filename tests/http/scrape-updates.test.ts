import { afterAll, beforeAll, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { startScrapeApp, type ScrapeTestApp } from '../support/scrape-app.ts';
import { SMALL_LIGHTS, startSourceSite, type SourceSite } from '../support/source-site/index.ts';
import { loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';
import { startScrape, waitForTask } from '../support/scrape-tasks.ts';
import { checkUpdatesKind } from '../../src/features/scraping/kind.ts';
import { scheduleUpdateChecks } from '../../src/features/scraping/schedule.ts';
import { listTasks } from '../../src/features/scraping/service.ts';

/** New chapters of ongoing books: one schedule, one task a run, one notification per saver and book. */
let site: SourceSite;
let app: ScrapeTestApp;
let admin: Session;
let saver: Session;
let frenchSaver: Session;
let bystander: Session;

beforeAll(async () => {
  site = await startSourceSite();
  app = await startScrapeApp({ siteUrl: site.novelfireUrl, royalroadUrl: site.royalroadUrl, extraKinds: [checkUpdatesKind] });
  admin = await loginAs(app, 'updates-admin', { role: 'admin' });
  saver = await loginAs(app, 'saver');
  bystander = await loginAs(app, 'bystander');
  await waitForTask(app, admin, await startScrape(app, admin, { url: `${site.novelfireUrl}/book/${SMALL_LIGHTS}` }));
  frenchSaver = await loginAs(app, 'lectrice');
  for (const who of [saver, frenchSaver]) {
    const saved = await app.fetch(`/api/library/${SMALL_LIGHTS}`, { method: 'POST', headers: { cookie: who.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' }, body: '{}' });
    expect(saved.status).toBeLessThan(300);
  }
  const french = await app.fetch('/api/settings', { method: 'PUT', headers: { cookie: frenchSaver.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify({ locale: 'fr' }) });
  expect(french.status).toBe(200);
});
afterAll(async () => {
  await app.close();
  await site.close();
});

const dueNow = () => app.platform.db.updateTable('jobs').set({ run_at: sql`now()` }).where('kind', '=', checkUpdatesKind.kind).where('status', '=', 'queued').execute();
const updateTasks = async () => (await listTasks(app.platform.db, 50)).filter((t) => t.kind === 'update');
const notesOf = (who: Session) => app.platform.db.selectFrom('notifications').select(['title', 'body', 'link']).where('user_id', '=', who.user.id).execute();

test('one schedule across every process: scheduling again does not add a second', async () => {
  const interval = 6 * 3600_000;
  await scheduleUpdateChecks(app.platform.db, interval, new Date());
  await scheduleUpdateChecks(app.platform.db, interval, new Date());
  const jobs = await app.platform.db.selectFrom('jobs').select(['run_at']).where('kind', '=', checkUpdatesKind.kind).where('status', '=', 'queued').execute();
  expect(jobs).toHaveLength(1);
  expect(new Date(jobs[0]!.run_at).getTime() - Date.now()).toBeGreaterThan(interval - 60_000);
});

test('the run finds the 5 new chapters, fetches only those, and tells the saver once', async () => {
  const before = (await app.platform.db.selectFrom('books').select('updated_at').where('slug', '=', SMALL_LIGHTS).executeTakeFirstOrThrow()).updated_at;
  site.control.addChapters(SMALL_LIGHTS, 5);
  site.control.requests.length = 0;
  await dueNow();
  const task = await waitForTask(app, admin, await waitForUpdateTask(1));
  expect(task.status).toBe('done');
  expect(task.detail).toMatchObject({ total: 5, added: 5, failed: 0 });
  const fetched = site.control.requests.filter((r) => r.path.includes('/chapter-')).map((r) => r.path);
  expect(fetched.sort()).toEqual([21, 22, 23, 24, 25].map((n) => `/book/${SMALL_LIGHTS}/chapter-${n}`).sort());

  const book = await app.platform.db.selectFrom('books').select(['chapter_count', 'updated_at', 'last_checked_at']).where('slug', '=', SMALL_LIGHTS).executeTakeFirstOrThrow();
  expect(book.chapter_count).toBe(25);
  expect(new Date(book.updated_at).getTime()).toBeGreaterThan(new Date(before).getTime());
  expect(book.last_checked_at).not.toBeNull();
  const ranking = (await (await app.fetch('/api/ranking?by=updated')).json()) as { books: { slug: string }[] };
  expect(ranking.books[0]!.slug).toBe(SMALL_LIGHTS);

  const notes = await notesOf(saver);
  expect(notes).toEqual([{ title: 'Harbour of Small Lights: 5 new chapters', body: 'New since your last visit, from chapter 21.', link: `/book/${SMALL_LIGHTS}/21` }]);
  // Each saver in their own language.
  expect(await notesOf(frenchSaver)).toEqual([{ title: 'Harbour of Small Lights : 5 nouveaux chapitres', body: 'Nouveau depuis votre dernière visite, à partir du chapitre 21.', link: `/book/${SMALL_LIGHTS}/21` }]);
  expect(await notesOf(bystander)).toEqual([]);
  // The next run was booked at the interval.
  const next = await app.platform.db.selectFrom('jobs').select('run_at').where('kind', '=', checkUpdatesKind.kind).where('status', '=', 'queued').execute();
  expect(next).toHaveLength(1);
});

test('a run with nothing new tells nobody', async () => {
  await dueNow();
  const task = await waitForTask(app, admin, await waitForUpdateTask(2));
  expect(task.detail).toMatchObject({ total: 0, added: 0 });
  expect(await notesOf(saver)).toHaveLength(1);
});

async function waitForUpdateTask(count: number): Promise<string> {
  for (const end = Date.now() + 20_000; Date.now() < end; await Bun.sleep(50)) {
    const tasks = await updateTasks();
    if (tasks.length >= count) return tasks[0]!.id;
  }
  throw new Error('no update task started');
}

test('"look for new chapters now" on one book: 404 for no such book, 400 for a book that was not scraped, 202 with a task otherwise', async () => {
  const post = (slug: string) => app.fetch(`/api/admin/books/${slug}/check-updates`, { method: 'POST', headers: { cookie: admin.cookie, origin: TEST_ORIGIN, accept: 'application/json' } });
  const missing = await post('no-such-book');
  expect([missing.status, await missing.json()]).toEqual([404, { error: 'not_found', message: 'No such book' }]);
  await app.platform.db.insertInto('books').values({ slug: 'typed-in-by-hand', title: 'Typed In By Hand', author: 'Someone', description: '', status: 'ongoing' } as never).execute();
  const unscraped = await post('typed-in-by-hand');
  expect([unscraped.status, await unscraped.json()]).toEqual([400, { error: 'invalid_request', message: 'This book was not scraped from a source' }]);
  const started = await post(SMALL_LIGHTS);
  expect(started.status).toBe(202);
  const { task_id } = (await started.json()) as { task_id: string };
  expect((await waitForTask(app, admin, task_id)).status).toBe('done');
});
