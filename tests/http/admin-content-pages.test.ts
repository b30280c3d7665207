import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';
import { createBook, writeChapter } from '../../src/features/catalogue/writes/service.ts';

/** The admin pages of the content pipeline: who may see them, what they show, their forms. */
let app: TestApp;
let admin: Session;
let reader: Session;

beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, SOURCE_BASE_URL: 'http://127.0.0.1:4555' } });
  admin = await loginAs(app, 'pages-admin', { role: 'admin' });
  reader = await loginAs(app, 'pages-reader');
});
afterAll(() => app.close());

const get = (path: string, who: Session | null, headers: Record<string, string> = {}) => app.fetch(path, { headers: { accept: 'text/html', ...(who ? { cookie: who.cookie } : {}), ...headers } });
const form = (path: string, fields: Record<string, string>, who: Session = admin) =>
  app.fetch(path, { method: 'POST', headers: { cookie: who.cookie, origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });

const PAGES = ['/admin', '/admin/scraping', '/admin/imports', '/admin/books', '/admin/books/morning-bread'];

describe('who may', () => {
  test('every page is the 403 page for visitors and readers, and 200 for admins; the header links admins there', async () => {
    for (const path of PAGES) {
      for (const who of [null, reader]) expect({ path, status: (await get(path, who)).status }).toEqual({ path, status: 403 });
      const res = await get(path, admin);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      expect(await res.text()).toContain('<meta name="robots" content="noindex');
    }
    expect(await (await get('/', admin)).text()).toContain('href="/admin"');
    expect(await (await get('/', reader)).text()).not.toContain('href="/admin"');
  });
});

describe('scraping page', () => {
  test('the task list polls every 3 s only while a task is pending or running', async () => {
    const db = app.platform.db;
    const task = await db.insertInto('scrape_tasks').values({ kind: 'book', url: 'http://127.0.0.1:4555/book/x', status: 'running', progress: 0.4, detail: JSON.stringify({ total: 10, handled: 4, added: 4, updated: 0, unchanged: 0, failed: 1, gaps: [3], errors: [{ chapter: 3, message: 'The source did not answer in time' }], phase: 'Fetching 10 chapters of <b>X</b>' }) }).returning('id').executeTakeFirstOrThrow();
    let html = await (await get('/admin/scraping', admin)).text();
    expect(html).toContain('hx-trigger="every 3s"');
    expect(html).toContain('value="40"');
    expect(html).toContain('Missing chapters (gaps): 3');
    expect(html).toContain('Fetching 10 chapters of &lt;b&gt;X&lt;/b&gt;');
    expect(html).toContain(`action="/admin/scraping/tasks/${task.id}/cancel"`);
    await db.updateTable('scrape_tasks').set({ status: 'done', progress: 1 }).where('id', '=', task.id).execute();
    html = await (await get('/admin/scraping/tasks', admin)).text();
    expect(html).not.toContain('hx-trigger');
    expect(html).toContain('Done');
  });

  test('a form posting a URL that is not a source page comes back with the reason (and the URL); a good one starts a task', async () => {
    const bad = await form('/admin/scraping/book', { url: 'https://evil.example/book/x' });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain('evil.example is not a configured source');
    expect(badHtml).toContain('value="https://evil.example/book/x"');
    const good = await form('/admin/scraping/book', { url: 'http://127.0.0.1:4555/book/a-short-errand' });
    expect(good.headers.get('location')).toMatch(/^\/admin\/scraping\?task=[0-9a-f-]{36}&done=started$/);
    const page = await (await get(good.headers.get('location')!, admin)).text();
    expect(page).toContain('Started. The task is below.');
    expect(page).toContain('task--highlight');
    const range = await form('/admin/scraping/range', { url: 'http://127.0.0.1:4555/book/a-short-errand', from: '' });
    expect(range.status).toBe(400);
    expect(await range.text()).toContain('url and from are required');
  });
});

describe('imports pages', () => {
  test('the review lists the detected chapters of a task in review, escaped', async () => {
    const preview = { title: 'The <i>Ledger</i>', author: 'W. H.', rule: 'headings', chapters: 2, warnings: [], items: [{ number: 1, title: 'Prologue', excerpt: 'The ledger had been <script>x</script> in the lighthouse', words: 300 }, { number: 2, title: 'Chapter 1: The Third Stair', excerpt: 'The stair creaked', words: 500 }] };
    const task = await app.platform.db.insertInto('import_tasks').values({ status: 'review', file_name: 'ledger.pdf', format: 'pdf', review: true, detail: JSON.stringify({ phase: 'Waiting for your review', preview }) }).returning('id').executeTakeFirstOrThrow();
    const html = await (await get(`/admin/imports/${task.id}`, admin)).text();
    expect(html).toContain('Chapter 1: The Third Stair');
    expect(html).toContain('Publish 2 chapters');
    expect(html).toContain('The ledger had been &lt;script&gt;x&lt;/script&gt; in the lighthouse');
    expect(html).toContain('The &lt;i&gt;Ledger&lt;/i&gt;');
    const list = await (await get('/admin/imports', admin)).text();
    expect(list).toContain(`href="/admin/imports/${task.id}"`);
    expect(list).toContain('data-import-form');
  });

  test('in Portuguese', async () => {
    const html = await (await get('/admin/imports', admin, { cookie: `${admin.cookie}; locale=pt` })).text();
    expect(html).toContain('Importar PDF e EPUB');
  });
});

describe('book page', () => {
  test('de-duplication preview, then removal; metadata saved and shown to readers', async () => {
    const db = app.platform.db;
    const slug = await db.transaction().execute(async (trx) => {
      const s = await createBook(trx, { title: 'Twice', author: 'A', description: '', status: 'ongoing', genres: [], sourceUrl: null, sourceKey: null, coverKey: null });
      await writeChapter(trx, s, { number: 1, title: 'Chapter 1: One', text: 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron' });
      await writeChapter(trx, s, { number: 2, title: 'Chapter 2: Two', text: 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron' });
      return s;
    });
    const preview = await (await get(`/admin/books/${slug}/dedup`, admin, { 'hx-request': 'true' })).text();
    expect(preview).toContain('Chapter 2 “Chapter 2: Two” has the same text as chapter 1');
    expect(preview).toContain('Remove these 1 chapters');
    const applied = await app.fetch(`/admin/books/${slug}/dedup`, { method: 'POST', headers: { cookie: admin.cookie, origin: TEST_ORIGIN, 'hx-request': 'true' } });
    expect(await applied.text()).toContain('1 duplicate chapters removed.');
    expect((await db.selectFrom('books').select('chapter_count').where('slug', '=', slug).executeTakeFirstOrThrow()).chapter_count).toBe(1);

    const saved = await form(`/admin/books/${slug}/metadata`, { title: 'Once, Properly', author: 'B. Author', description: 'Now with a <description>.', status: 'completed', genres: 'Fantasy, Slice of Life' });
    expect(saved.headers.get('location')).toBe(`/admin/books/${slug}?done=saved`);
    const book = (await (await app.fetch(`/api/book/${slug}`)).json()) as { book: { title: string; author: string; status: string; genres: string[] } };
    expect(book.book).toMatchObject({ title: 'Once, Properly', author: 'B. Author', status: 'completed', genres: ['Fantasy', 'Slice of Life'] });
    expect(await (await get(`/book/${slug}`, null)).text()).toContain('Once, Properly');
  });
});
