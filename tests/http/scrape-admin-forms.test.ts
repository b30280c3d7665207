import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';
import { createBook } from '../../src/features/catalogue/writes/service.ts';
import { queuePlace } from '../../src/features/scraping/queue-place.ts';

/**
 * The admin's scraping forms: a refusal keeps what was typed, the next success leaves no stale
 * error, "re-scrape every book" and a book's re-scrape ask first, a range queued behind another
 * scrape says so. No job
 * runs here: the tasks stay pending.
 */
const SITE = 'http://127.0.0.1:4555';
let app: TestApp;
let admin: Session;

beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, SOURCE_BASE_URL: SITE } });
  admin = await loginAs(app, 'forms-admin', { role: 'admin' });
});
afterAll(() => app.close());

const form = (path: string, fields: Record<string, string>) =>
  app.fetch(path, { method: 'POST', headers: { cookie: admin.cookie, origin: TEST_ORIGIN, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
const page = async (path: string) => (await app.fetch(path, { headers: { cookie: admin.cookie, accept: 'text/html' } })).text();
const tasksOfKind = (kind: 'all' | 'range' | 'book') => app.platform.db.selectFrom('scrape_tasks').select(['id', 'status']).where('kind', '=', kind).execute();
const cancelAll = () => app.platform.db.updateTable('scrape_tasks').set({ status: 'cancelled' }).where('status', 'in', ['pending', 'running']).execute();

describe('a refused form keeps what the admin typed', () => {
  test('a range with a bad "to": the page again (400) with the URL, from and to, and the reason in the form', async () => {
    const res = await form('/admin/scraping/range', { url: `${SITE}/book/a-short-errand`, from: '7', to: '3' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(`value="${SITE}/book/a-short-errand"`);
    expect(html).toContain('value="7"');
    expect(html).toContain('value="3"');
    expect(html).toContain('Not started: to must be a chapter number no smaller than from');
    expect(html).toContain('id="range-form-error"');
    expect(await tasksOfKind('range')).toEqual([]);
  });

  test('a range without from, and a book URL that is not a source page, come back with their input', async () => {
    const range = await form('/admin/scraping/range', { url: `${SITE}/book/kept-url`, from: '' });
    expect(range.status).toBe(400);
    const rangeHtml = await range.text();
    expect(rangeHtml).toContain(`value="${SITE}/book/kept-url"`);
    expect(rangeHtml).toContain('url and from are required');

    const book = await form('/admin/scraping/book', { url: 'https://evil.example/book/x"onfocus=y' });
    expect(book.status).toBe(400);
    const bookHtml = await book.text();
    expect(bookHtml).toContain('value="https://evil.example/book/x&#34;onfocus=y"');
    expect(bookHtml).toContain('evil.example is not a configured source');
    expect(bookHtml).toContain('id="book-form-error"');
  });

  test('the next action that succeeds leaves no error on the page', async () => {
    const good = await form('/admin/scraping/range', { url: `${SITE}/book/a-short-errand`, from: '1', to: '3' });
    expect(good.status).toBe(303);
    const location = good.headers.get('location')!;
    expect(location).toMatch(/^\/admin\/scraping\?task=[0-9a-f-]{36}&done=(started|queued)$/);
    const html = await page(location);
    expect(html).not.toContain('notice--error');
    expect(html).not.toContain('Not started');
    expect(html).toContain('value=""');
    await cancelAll();
  });
});

describe('a range while another scrape of the site runs', () => {
  test('is accepted and queued; the notice and the task say behind what', async () => {
    const db = app.platform.db;
    const running = await db.insertInto('scrape_tasks').values({ kind: 'book', url: `${SITE}/book/the-iron-archive`, status: 'running', detail: JSON.stringify({ total: 300, handled: 10, added: 10, updated: 0, unchanged: 0, failed: 0, gaps: [], errors: [], phase: 'Fetching' }) }).returning('id').executeTakeFirstOrThrow();
    const res = await form('/admin/scraping/range', { url: `${SITE}/book/a-short-errand`, from: '2' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/done=queued$/);
    const html = await page(res.headers.get('location')!);
    expect(html).toContain('Queued: it starts when the scrape before it has finished.');
    expect(html).toContain(`Queued, number 1: waiting for Book ${SITE}/book/the-iron-archive`);
    expect(html).not.toContain('already running');
    // In every locale.
    const pt = await (await app.fetch('/admin/scraping/tasks', { headers: { cookie: `${admin.cookie}; locale=pt`, accept: 'text/html' } })).text();
    expect(pt).toContain('Na fila, número 1: aguardando');
    await db.updateTable('scrape_tasks').set({ status: 'done' }).where('id', '=', running.id).execute();
    await cancelAll();
  });

  test('the place in the queue: the running task on the same site first, then any running one, then the one ahead', () => {
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    const active = [
      { id: 'rr', status: 'running', url: 'https://www.royalroad.com/fiction/1/x', created_at: at(0) },
      { id: 'nf', status: 'running', url: `${SITE}/book/b`, created_at: at(1) },
      { id: 'p1', status: 'pending', url: `${SITE}/book/c`, created_at: at(2) },
      { id: 'p2', status: 'pending', url: 'https://example.org/book/d', created_at: at(3) },
    ];
    expect(queuePlace({ id: 'p1', url: `${SITE}/book/c` }, active)).toEqual({ reason: 'queue', position: 1, task_id: 'nf' });
    expect(queuePlace({ id: 'p2', url: 'https://example.org/book/d' }, active)).toEqual({ reason: 'queue', position: 2, task_id: 'rr' });
    expect(queuePlace({ id: 'p2', url: null }, active.slice(2))).toEqual({ reason: 'queue', position: 2, task_id: 'p1' });
    expect(queuePlace({ id: 'p1', url: null }, active.slice(2))).toEqual({ reason: 'queue', position: 1, task_id: null });
  });
});

describe('"Re-scrape every book" asks first', () => {
  test('without confirmation nothing happens: a page names how many books, with a yes and a way back', async () => {
    for (const name of ['one', 'two']) await createBook(app.platform.db, { title: `Scraped ${name}`, author: 'A', description: '', status: 'ongoing', genres: [], sourceUrl: `${SITE}/book/${name}`, sourceKey: `novelfire:${name}`, coverKey: null });
    const count = Number((await app.platform.db.selectFrom('books').select((eb) => eb.fn.countAll<string>().as('n')).where('source_key', 'is not', null).where('source_url', 'is not', null).executeTakeFirstOrThrow()).n);
    expect(count).toBeGreaterThanOrEqual(2);
    const res = await form('/admin/scraping/all', {});
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Re-scrape every book?');
    expect(html).toContain(`Yes, re-scrape all ${count} books`);
    expect(html).toContain('name="confirmed" value="1"');
    expect(html).toContain('href="/admin/scraping"');
    expect(await tasksOfKind('all')).toEqual([]);

    const confirmed = await form('/admin/scraping/all', { confirmed: '1' });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toMatch(/^\/admin\/scraping\?task=[0-9a-f-]{36}&done=(started|queued)$/);
    expect(await tasksOfKind('all')).toHaveLength(1);
    await cancelAll();
  });
});

describe("a book's re-scrape asks first", () => {
  test('without confirmation nothing happens: a page names the book and its chapters; confirmed, it starts', async () => {
    const slug = await createBook(app.platform.db, { title: 'Overwritten <Tale>', author: 'A', description: '', status: 'ongoing', genres: [], sourceUrl: `${SITE}/book/overwritten`, sourceKey: 'novelfire:overwritten', coverKey: null });
    const res = await form(`/admin/books/${slug}/rescrape`, {});
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Re-scrape “Overwritten &lt;Tale&gt;”?');
    expect(html).toContain('name="confirmed" value="1"');
    expect(html).toContain(`href="/admin/books/${slug}"`);
    const ofBook = () => app.platform.db.selectFrom('scrape_tasks').select('id').where('url', '=', `${SITE}/book/overwritten`).execute();
    expect(await ofBook()).toEqual([]);

    const confirmed = await form(`/admin/books/${slug}/rescrape`, { confirmed: '1' });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`/admin/books/${slug}?done=started`);
    expect(await ofBook()).toHaveLength(1);
    await cancelAll();
  });
});

