import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startAiApp, type AiTestApp } from '../support/ai-app.ts';
import { TEST_ORIGIN } from '../support/auth.ts';

let app: AiTestApp;
let slug: string;

const page = async (path: string, hx = false) => {
  const res = await app.fetch(path, { headers: { cookie: app.admin.cookie, accept: 'text/html', ...(hx ? { 'hx-request': 'true' } : {}) } });
  return { status: res.status, html: await res.text() };
};
const form = (path: string, fields: Record<string, string>, hx = false) =>
  app.fetch(path, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: app.admin.cookie, origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded', ...(hx ? { 'hx-request': 'true' } : {}) },
    body: new URLSearchParams(fields).toString(),
  });

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await Bun.sleep(50);
  }
}

beforeAll(async () => {
  app = await startAiApp();
  slug = (await app.platform.db.selectFrom('books').select('slug').where('chapter_count', '>=', 3).orderBy('slug').executeTakeFirstOrThrow()).slug;
});
afterAll(() => app.close());

describe('/admin/ai-jobs', () => {
  test('empty at first, with the naming form prefilled from ?book=', async () => {
    const { status, html } = await page(`/admin/ai-jobs?book=${slug}`);
    expect(status).toBe(200);
    expect(html).toContain('No AI jobs yet');
    expect(html).toContain(`name="slug" required maxlength="200" value="${slug}"`);
  });

  test('the form starts a job; its page follows it, then offers old → proposed, row by row; apply keeps only what was kept', async () => {
    const start = await form('/admin/ai-jobs/chapter-names', { slug, from: '1', to: '3' });
    expect(start.status).toBe(303);
    const location = start.headers.get('location')!;
    expect(location).toMatch(/^\/admin\/ai-jobs\/[0-9a-f-]{36}\?done=named$/);
    const id = location.split('/')[3]!.split('?')[0]!;
    const first = await page(location);
    expect(first.html).toContain('Naming started');
    await until(async () => (await page(`/admin/ai-jobs/${id}/progress`, true)).html.includes('data-status="done"'));
    const fragment = (await page(`/admin/ai-jobs/${id}/progress`, true)).html;
    expect(fragment).not.toContain('hx-trigger="every 2s"');
    expect(fragment).toContain('name="keep_1"');
    expect(fragment).toContain('name="title_3"');
    const titles = await app.platform.db.selectFrom('chapters').select(['number', 'title']).where('book_slug', '=', slug).where('number', '<=', 3).orderBy('number').execute();
    // Row 1 kept as proposed, row 2 rejected (unchecked), row 3 kept with an edit.
    const applied = await form(`/admin/ai-jobs/${id}/apply`, { keep_1: '1', title_1: 'The First Light', title_2: 'Not Wanted', keep_3: '1', title_3: 'A Title I Wrote' });
    expect([applied.status, applied.headers.get('location')]).toEqual([303, `/admin/ai-jobs/${id}?done=applied`]);
    const after = await app.platform.db.selectFrom('chapters').select(['number', 'title']).where('book_slug', '=', slug).where('number', '<=', 3).orderBy('number').execute();
    expect(after.map((c) => c.title)).toEqual(['The First Light', titles[1]!.title, 'A Title I Wrote']);
    const done = await page(`/admin/ai-jobs/${id}?done=applied`);
    expect(done.html).toContain('The titles you kept were applied.');
    expect(done.html).toContain('These titles were applied to the book.');
    const list = await page('/admin/ai-jobs/list', true);
    expect(list.html).toContain(`/admin/ai-jobs/${id}`);
    expect(list.html).toContain('Applied');
  });

  test('an unknown book comes back as a notice on the page', async () => {
    const res = await form('/admin/ai-jobs/chapter-names', { slug: 'no-such-book' });
    expect(res.status).toBe(303);
    expect(decodeURIComponent(res.headers.get('location')!)).toBe('/admin/ai-jobs?book=no-such-book&error=No such book');
  });
});

describe('AI suggestions on /admin/books/{slug}', () => {
  test('the book page offers the four suggestions and the other AI tools', async () => {
    const { html } = await page(`/admin/books/${slug}`);
    for (const kind of ['tagline', 'genres', 'warnings', 'quality']) expect(html).toContain(`hx-post="/admin/books/${slug}/ai/${kind}"`);
    expect(html).toContain(`/admin/covers?slug=${slug}`);
    expect(html).toContain(`/admin/books/${slug}/glossary`);
  });

  test('suggest (htmx fragment), edit, save: stored on the book', async () => {
    const res = await form(`/admin/books/${slug}/ai/tagline`, {}, true);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).not.toContain('<html');
    expect(html).toMatch(/name="value" maxlength="1000" value="A tale of .+ you will not put down\."/);
    const saved = await form(`/admin/books/${slug}/ai/tagline/apply`, { value: 'Edited by hand.' });
    expect([saved.status, saved.headers.get('location')]).toEqual([303, `/admin/books/${slug}?done=stored`]);
    expect((await page(`/admin/books/${slug}`)).html).toContain('Now: Edited by hand.');
  });

  test('without JavaScript a suggestion comes on its own page; warnings and a score save from their lines', async () => {
    const res = await form(`/admin/books/${slug}/ai/warnings`, {});
    const html = await res.text();
    expect(html).toContain('<html');
    expect(html).toContain('Violence | moderate | Fights are described in some detail.');
    await form(`/admin/books/${slug}/ai/warnings/apply`, { value: 'Violence | strong | Battles.\nLanguage | mild' });
    await form(`/admin/books/${slug}/ai/quality/apply`, { score: '6', value: 'Tight.\n\nUneven.' });
    const row = await app.platform.db.selectFrom('books').select(['content_warnings', 'quality_score', 'quality_reasons']).where('slug', '=', slug).executeTakeFirstOrThrow();
    expect(row.content_warnings).toEqual([{ label: 'Violence', severity: 'strong', reason: 'Battles.' }, { label: 'Language', severity: 'mild', reason: '' }]);
    expect([row.quality_score, row.quality_reasons]).toEqual([6, ['Tight.', 'Uneven.']]);
  });

  test('a time-out is explained in words, not an error page', async () => {
    app.ai.fault({ delayMs: 1500 });
    const html = await (await form(`/admin/books/${slug}/ai/genres`, {}, true)).text();
    expect(html).toContain('The AI service took too long to answer. Try again in a moment, or ask for less at once.');
    app.ai.fault({ status: 500 });
    expect(await (await form(`/admin/books/${slug}/ai/genres`, {}, true)).text()).toContain('The AI service failed: The AI service answered 500');
  });
});

describe('the admin home dashboard', () => {
  test('counts, jobs by kind and status, recent failures with links, AI use per day', async () => {
    await app.platform.db.insertInto('scrape_tasks').values({ status: 'failed', source: 'https://example.org/book/x', error: 'The source site blocked us' }).execute();
    const { html } = await page('/admin');
    expect(html).toContain('At a glance');
    const books = await app.platform.db.selectFrom('books').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(html).toContain(`<dt>Books</dt><dd>${Number(books.n)}</dd>`);
    expect(html).toContain('<dt>Readers with an account</dt>');
    expect(html).toContain('ai.chapter-names');
    expect(html).toContain('The source site blocked us');
    expect(html).toContain('href="/admin/scraping"');
    expect(html).toContain('AI service use per day');
    expect(html).toMatch(/<td>\d{4}-\d{2}-\d{2}<\/td><td>chapter-names<\/td>/);
    expect(html).toContain('href="/admin/ai-jobs"');
    expect(html).toContain('href="/admin/covers"');
  });
});
