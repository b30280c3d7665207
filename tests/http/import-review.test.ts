import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { startImportApp, type ImportTestApp } from '../support/import-app.ts';
import { loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';
import { removeEpubs, writeEpub } from '../fixtures/imports/build-epub.ts';
import type { ImportTask } from '../../src/features/imports/model.ts';

/**
 * The editable import review: book details and genres, chapter titles, merge and split, saved on
 * the task and applied when the book is published; refusals keep what the admin typed.
 */
let app: ImportTestApp;
let admin: Session;
let reader: Session;
let epub: string;

const para = (text: string) => `<p>${text} ${'The bell rope swung in the cold tower. '.repeat(6)}</p>`;

beforeAll(async () => {
  app = await startImportApp();
  [admin, reader] = await Promise.all([loginAs(app, 'review-admin', { role: 'admin' }), loginAs(app, 'review-reader')]);
  epub = await writeEpub({
    docs: {
      'c1.xhtml': `<h1>Opening</h1>${para('Morning came to Vell.')}${para('The ringer woke.')}`,
      'c2.xhtml': `<h1>The Tower</h1>${para('Up the stairs.')}<h2>First Bell</h2>${para('The first bell spoke.')}<h2>Second Bell</h2>${para('The second bell answered.')}`,
      'c3.xhtml': `<h1>The Square</h1>${para('People gathered below.')}`,
      'c4.xhtml': `<h1>Evening</h1>${para('The ropes were still.')}`,
    },
    spine: ['c1.xhtml', 'c2.xhtml', 'c3.xhtml', 'c4.xhtml'],
    toc: [
      { title: 'Opening', href: 'c1.xhtml' },
      { title: 'The Tower', href: 'c2.xhtml' },
      { title: 'The Square', href: 'c3.xhtml' },
      { title: 'Evening', href: 'c4.xhtml' },
    ],
    metadata: '<dc:title>The Bell Ringer</dc:title><dc:creator>Oda Venn</dc:creator><dc:language>en</dc:language>',
  });
});
afterAll(async () => {
  removeEpubs();
  await app.close();
});

async function task(id: string): Promise<ImportTask> {
  return (await (await app.fetch(`/api/admin/import-tasks/${id}`, { headers: { cookie: admin.cookie } })).json()) as ImportTask;
}

async function waitFor(id: string, until: (t: ImportTask) => boolean = (t) => !['pending', 'running'].includes(t.status)): Promise<ImportTask> {
  for (const end = Date.now() + 30_000; ; await Bun.sleep(50)) {
    const current = await task(id);
    if (until(current)) return current;
    if (Date.now() > end) throw new Error(`import stuck: ${JSON.stringify(current)}`);
  }
}

/** An upload of the four-chapter EPUB, waiting in review. */
async function inReview(): Promise<string> {
  const form = new FormData();
  form.append('review', '1');
  form.append('file', new Blob([new Uint8Array(readFileSync(epub))]), 'bell-ringer.epub');
  const res = await app.fetch('/api/admin/import', { method: 'POST', headers: { cookie: admin.cookie, origin: TEST_ORIGIN, accept: 'application/json' }, body: form });
  expect(res.status).toBe(202);
  const { task_id } = (await res.json()) as { task_id: string };
  expect((await waitFor(task_id)).status).toBe('review');
  return task_id;
}

const post = (path: string, fields: Array<[string, string]>, who: Session = admin, headers: Record<string, string> = {}) =>
  app.fetch(path, { method: 'POST', headers: { cookie: who.cookie, origin: TEST_ORIGIN, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields).toString() });
const page = async (path: string, cookie = admin.cookie) => (await app.fetch(path, { headers: { cookie, accept: 'text/html' } })).text();
const titles = async (id: string) => (await task(id)).detail.preview!.items.map((i) => i.title);
const book = (fields: Record<string, string>, genres: string[] = [], revision = '0'): Array<[string, string]> => [
  ...Object.entries({ revision, title: 'The Bell Ringer', author: 'Oda Venn', description: '', language: 'en', ...fields }),
  ...genres.map((g): [string, string] => ['genres', g]),
];
const revisionOf = async (id: string) => String((await task(id)).detail.edits?.revision ?? 0);

describe('the review page', () => {
  test('book details first (with the genre list), then every chapter with a title field, merge and split; a sticky publish button', async () => {
    const id = await inReview();
    const html = await page(`/admin/imports/${id}`);
    expect(html).toContain('value="The Bell Ringer"');
    expect(html).toContain('value="Oda Venn"');
    expect(html).toContain('<input type="checkbox" name="genres" value="fantasy"');
    expect(html).toContain('name="language" value="en"');
    expect(html.indexOf('name="description"')).toBeLessThan(html.indexOf('name="title_1"'));
    for (const [n, title] of ['Opening', 'The Tower', 'The Square', 'Evening'].entries()) expect(html).toContain(`name="title_${n + 1}" value="${title}"`);
    expect(html).toContain(`formaction="/admin/imports/${id}/merge" name="merge" value="2"`);
    expect(html).not.toContain('name="merge" value="1"');
    expect(html).toContain(`href="/admin/imports/${id}/split/2"`);
    expect(html.match(/Publish 4 chapters/g)).toHaveLength(1);
    expect(html).toContain('class="review-publish review-publish--sticky"');
    expect(html).toContain('your changes to the chapters and the book details are discarded');
  });

  test('readers and visitors are turned away from the page and its forms', async () => {
    const id = await inReview();
    expect((await app.fetch(`/admin/imports/${id}`, { headers: { cookie: reader.cookie, accept: 'text/html' } })).status).toBe(403);
    expect((await app.fetch(`/admin/imports/${id}`, { headers: { accept: 'text/html' } })).status).toBe(403);
    const res = await post(`/admin/imports/${id}/book`, book({ title: 'Stolen' }), reader);
    expect(res.status).toBe(403);
    expect((await post(`/admin/imports/${id}/merge`, [['merge', '2']], reader)).status).toBe(403);
    expect((await task(id)).detail.edits).toBeUndefined();
  });

  test('a cross-site post is refused (403) and changes nothing', async () => {
    const id = await inReview();
    const res = await post(`/admin/imports/${id}/book`, book({ title: 'Forged' }), admin, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await task(id)).detail.edits).toBeUndefined();
  });
});

describe('book details', () => {
  test('saved on the task (303 back with a notice), shown on the page, genres by the catalogue’s names', async () => {
    const id = await inReview();
    const res = await post(`/admin/imports/${id}/book`, book({ title: '  The Bell  Ringer of Vell ', description: 'A town that tells time by its bells.' }, ['fantasy', 'slice-of-life']));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin/imports/${id}?done=saved`);
    expect((await task(id)).detail.edits).toMatchObject({ revision: 1, book: { title: 'The Bell Ringer of Vell', description: 'A town that tells time by its bells.', genres: ['Fantasy', 'Slice of Life'], language: 'en' } });
    const html = await page(`/admin/imports/${id}?done=saved`);
    expect(html).toContain('Saved.');
    expect(html).toContain('value="The Bell Ringer of Vell"');
    expect(html).toContain('>A town that tells time by its bells.</textarea>');
    expect(html).toContain('value="fantasy" checked');
  });

  test('wrong fields: 400, the page again with what was typed and every problem in plain words; nothing saved', async () => {
    const id = await inReview();
    const res = await post(`/admin/imports/${id}/book`, book({ title: '  ', description: 'Kept <description>', language: 'not a code' }, ['fantasy', 'bell-punk']));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('The book needs a title.');
    expect(html).toContain('“bell-punk” is not one of the catalogue’s genres.');
    expect(html).toContain('“not a code” is not a language code such as en or pt-BR.');
    expect(html).toContain('>Kept &lt;description&gt;</textarea>');
    expect(html).toContain('value="not a code"');
    expect(html).toContain('value="fantasy" checked');
    expect(html).toContain('aria-invalid="true"');
    expect((await task(id)).detail.edits).toBeUndefined();
  });

  test('the refusal speaks the admin’s language', async () => {
    const id = await inReview();
    const res = await post(`/admin/imports/${id}/book`, book({ title: '' }), admin, { cookie: `${admin.cookie}; locale=pt` });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('O livro precisa de um título.');
  });
});

describe('chapters', () => {
  test('titles, merge and split are saved as edits, and the preview follows each save', async () => {
    const id = await inReview();
    let res = await post(`/admin/imports/${id}/chapters`, [['revision', '0'], ['page', '1'], ['title_1', 'Dawn in Vell'], ['title_2', 'The Tower']]);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin/imports/${id}?page=1&done=saved`);
    expect(await titles(id)).toEqual(['Dawn in Vell', 'The Tower', 'The Square', 'Evening']);

    // Merge chapter 3 into 2: one chapter fewer, its words added, the earlier title kept.
    const before = (await task(id)).detail.preview!.items;
    res = await post(`/admin/imports/${id}/merge`, [['revision', '1'], ['page', '1'], ['merge', '3'], ['title_1', 'Dawn in Vell']]);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin/imports/${id}?page=1&done=merged`);
    const afterMerge = (await task(id)).detail.preview!;
    expect(afterMerge.chapters).toBe(3);
    expect(afterMerge.items.map((i) => [i.number, i.title])).toEqual([[1, 'Dawn in Vell'], [2, 'The Tower'], [3, 'Evening']]);
    expect(afterMerge.items[1]!.words).toBe(before[1]!.words + before[2]!.words);

    // Split chapter 2 at its heading "Second Bell": offered on the split page, the new chapter titled by it.
    const split = await page(`/admin/imports/${id}/split/2`);
    expect(split).toContain('<option value="1.1">First Bell</option>');
    expect(split).toContain('<option value="1.2">Second Bell</option>');
    expect(split).toContain('<option value="2.0">The Square</option>');
    res = await post(`/admin/imports/${id}/split`, [['revision', '2'], ['chapter', '2'], ['place', '1.2']]);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin/imports/${id}?page=1&done=split`);
    const afterSplit = (await task(id)).detail.preview!;
    expect(afterSplit.items.map((i) => [i.number, i.title])).toEqual([[1, 'Dawn in Vell'], [2, 'The Tower'], [3, 'Second Bell'], [4, 'Evening']]);
    expect(afterSplit.items[2]!.excerpt).toStartWith('Second Bell The second bell answered.');
    const html = await page(`/admin/imports/${id}?page=1&done=split`);
    expect(html).toContain('Chapter split in two.');
    expect(html).toContain('name="title_3" value="Second Bell"');
    expect(html).toContain('Publish 4 chapters');
  });

  test('a blank title, merging the first chapter or splitting where the chapter is not: 400 with the titles typed kept', async () => {
    const id = await inReview();
    let res = await post(`/admin/imports/${id}/chapters`, [['revision', '0'], ['page', '1'], ['title_1', 'Typed and kept'], ['title_2', '   ']]);
    expect(res.status).toBe(400);
    let html = await res.text();
    expect(html).toContain('Chapter 2 needs a title.');
    expect(html).toContain('name="title_1" value="Typed and kept"');
    res = await post(`/admin/imports/${id}/merge`, [['revision', '0'], ['merge', '1']]);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('The first chapter has no chapter before it to merge into.');
    res = await post(`/admin/imports/${id}/merge`, [['revision', '0'], ['merge', '9']]);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('There is no chapter 9.');
    res = await post(`/admin/imports/${id}/split`, [['revision', '0'], ['chapter', '2'], ['place', '3.0']]);
    expect(res.status).toBe(400);
    html = await res.text();
    expect(html).toContain('Chapter 2 cannot be split there.');
    expect((await task(id)).detail.edits).toBeUndefined();
  });

  test('a form loaded before the last save is not applied to other chapters (409 notice)', async () => {
    const id = await inReview();
    expect((await post(`/admin/imports/${id}/merge`, [['revision', '0'], ['merge', '2']])).status).toBe(303);
    const res = await post(`/admin/imports/${id}/merge`, [['revision', '0'], ['merge', '2']]);
    expect(res.status).toBe(303);
    expect(decodeURIComponent(res.headers.get('location')!)).toContain('error=The chapters changed since this page was loaded');
    expect((await task(id)).detail.preview!.chapters).toBe(3);
  });
});

describe('publishing and splitting again', () => {
  test('the published book has the edited title, description, genres and chapters (titles, merge, split)', async () => {
    const id = await inReview();
    const steps: Array<[string, Array<[string, string]>]> = [
      ['book', book({ title: 'The Bell Ringer of Vell', description: 'A town that tells time by its bells.' }, ['fantasy', 'mystery'])],
      ['chapters', [['title_1', 'Dawn in Vell']]],
      ['merge', [['merge', '4']]],
      ['split', [['chapter', '2'], ['place', '1.1']]],
    ];
    for (const [action, fields] of steps) {
      const res = await post(`/admin/imports/${id}/${action}`, [['revision', await revisionOf(id)], ...fields.filter(([k]) => k !== 'revision')]);
      expect({ action, status: res.status }).toEqual({ action, status: 303 });
    }
    expect((await post(`/admin/imports/${id}/publish`, [])).status).toBe(303);
    const done = await waitFor(id);
    expect(done.status).toBe('done');
    const published = (await (await app.fetch(`/api/book/${done.book_slug}`)).json()) as { book: { title: string; description: string; genres: string[] }; chapters: Array<{ number: number; title: string }> };
    expect(published.book).toMatchObject({ title: 'The Bell Ringer of Vell', author: 'Oda Venn', description: 'A town that tells time by its bells.', chapter_count: 4 });
    expect([...published.book.genres].sort()).toEqual(['Fantasy', 'Mystery']);
    expect(published.chapters.map((c) => [c.number, c.title])).toEqual([[1, 'Dawn in Vell'], [2, 'The Tower'], [3, 'First Bell'], [4, 'The Square']]);
    expect(done.book_slug).toBe('the-bell-ringer-of-vell');
    const third = await page(`/book/${done.book_slug}/3`);
    expect(third).toContain('The first bell spoke.');
    expect(third).toContain('The second bell answered.');
    const fourth = await page(`/book/${done.book_slug}/4`);
    expect(fourth).toContain('People gathered below.');
    expect(fourth).toContain('The ropes were still.');
  });

  test('splitting again by another rule discards the edits', async () => {
    const id = await inReview();
    expect((await post(`/admin/imports/${id}/merge`, [['revision', '0'], ['merge', '2']])).status).toBe(303);
    expect((await post(`/admin/imports/${id}/book`, book({ title: 'Renamed' }, [], '1'))).status).toBe(303);
    expect((await task(id)).detail.edits?.revision).toBe(2);
    expect((await post(`/admin/imports/${id}/rerun`, [['rule', 'spine']])).status).toBe(303);
    const again = await waitFor(id, (t) => t.status === 'review' && t.detail.preview?.rule === 'spine');
    expect(again.detail.edits).toBeUndefined();
    expect(again.detail.preview!.chapters).toBe(4);
    const html = await page(`/admin/imports/${id}`);
    expect(html).toContain('value="The Bell Ringer"');
  });
});

describe('the JSON API', () => {
  const put = (id: string, body: unknown, who: Session = admin) =>
    app.fetch(`/api/admin/import-tasks/${id}/edits`, { method: 'PUT', headers: { cookie: who.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });

  test('PUT …/edits saves book fields and chapter beginnings and answers the task with the new preview', async () => {
    const id = await inReview();
    const res = await put(id, { revision: 0, book: { title: 'Bells', author: 'Oda Venn', description: 'Short.', genres: ['Fantasy'] }, chapters: [{ chapter: 0, at: 0, title: 'Dawn' }, { chapter: 1, at: 2 }, { chapter: 3, at: 0 }] });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as ImportTask;
    expect(saved.detail.edits).toMatchObject({ revision: 1, book: { title: 'Bells', genres: ['Fantasy'] } });
    expect(saved.detail.preview!.items.map((i) => i.title)).toEqual(['Dawn', 'Second Bell', 'Evening']);
  });

  test('out-of-range beginnings, unknown genres: 400 in the decisions.md body; a stale revision: 409; readers: 403', async () => {
    const id = await inReview();
    let res = await put(id, { chapters: [{ chapter: 0, at: 0 }, { chapter: 7, at: 0 }] });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_request', message: 'Chapter 2 begins at a place the book does not have.' });
    res = await put(id, { chapters: [{ chapter: 0, at: 0 }, { chapter: 1, at: 9 }] });
    expect(res.status).toBe(400);
    res = await put(id, { book: { title: 'Bells', author: '', description: '', genres: ['Bell Punk'] } });
    expect(await res.json()).toEqual({ error: 'invalid_request', message: '“Bell Punk” is not one of the catalogue’s genres.' });
    expect((await put(id, { revision: 0, chapters: [{ chapter: 0, at: 0 }] })).status).toBe(200);
    res = await put(id, { revision: 0, chapters: [{ chapter: 0, at: 0 }, { chapter: 2, at: 0 }] });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toBe('conflict');
    expect((await put(id, { chapters: [{ chapter: 0, at: 0 }] }, reader)).status).toBe(403);
    expect((await task(id)).detail.edits?.revision).toBe(1);
  });

  test('a task not in review: 409', async () => {
    const id = await inReview();
    expect((await post(`/admin/imports/${id}/publish`, [])).status).toBe(303);
    await waitFor(id);
    const res = await put(id, { chapters: [{ chapter: 0, at: 0 }] });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'conflict', message: 'This import is not waiting for review' });
  });
});
