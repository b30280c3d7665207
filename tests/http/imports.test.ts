import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { startImportApp, type ImportTestApp } from '../support/import-app.ts';
import { loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';
import type { ImportTask } from '../../src/features/imports/model.ts';

/** PDF and EPUB import through the running app: upload, worker, review, publish, failures. */
const FIXTURES = new URL('../fixtures/imports/', import.meta.url).pathname;
let app: ImportTestApp;
let admin: Session;

beforeAll(async () => {
  app = await startImportApp({ IMPORT_MAX_MB: '1' });
  admin = await loginAs(app, 'import-admin', { role: 'admin' });
});
afterAll(() => app.close());

function upload(name: string, fields: Record<string, string> = {}, who: Session = admin, bytes?: Uint8Array) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("file", new Blob([new Uint8Array(bytes ?? readFileSync(FIXTURES + name))]), name);
  return app.fetch('/api/admin/import', { method: 'POST', headers: { cookie: who.cookie, origin: TEST_ORIGIN, accept: 'application/json' }, body: form });
}

async function accepted(res: Response): Promise<string> {
  expect(res.status).toBe(202);
  return ((await res.json()) as { task_id: string }).task_id;
}

async function waitFor(id: string, until: (t: ImportTask) => boolean = (t) => !['pending', 'running'].includes(t.status)): Promise<ImportTask> {
  for (const end = Date.now() + 30_000; ; await Bun.sleep(50)) {
    const task = (await (await app.fetch(`/api/admin/import-tasks/${id}`, { headers: { cookie: admin.cookie } })).json()) as ImportTask;
    if (until(task)) return task;
    if (Date.now() > end) throw new Error(`import stuck: ${JSON.stringify(task)}`);
  }
}

const post = (path: string, body?: unknown) => app.fetch(path, { method: 'POST', headers: { cookie: admin.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
const bookTitled = (title: string) => app.platform.db.selectFrom('books').selectAll().where('title', '=', title).executeTakeFirst();
const uploadsLeft = async () => (await app.platform.objects.list('imports/')).length;

describe('refused at the door', () => {
  test('only admins', async () => {
    const reader = await loginAs(app, 'import-reader');
    expect((await upload('novel-epub2.epub', {}, reader)).status).toBe(403);
  });

  test('over the size limit is 413 and nothing is kept', async () => {
    // A real EPUB's first bytes (it passes the content check), padded past the limit.
    const big = new Uint8Array(1.5 * 1024 * 1024);
    big.set(readFileSync(FIXTURES + 'novel-epub3.epub'));
    const res = await upload('big.epub', {}, admin, big);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'too_large', message: 'The file is larger than the 1 MB import limit' });
    expect(await uploadsLeft()).toBe(0);
  });

  test('a PNG named .pdf is 400, decided by its content; not multipart is 400', async () => {
    const res = await upload('not-a-pdf.pdf');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_request', message: 'This file is neither a PDF nor an EPUB (checked by its content, not its name)' });
    expect(await uploadsLeft()).toBe(0);
    const json = await post('/api/admin/import', { file: 'x' });
    expect(json.status).toBe(400);
  });
});

describe('published at once', () => {
  test('an EPUB 3 becomes a book with its chapters, cover and author, and the admin is told', async () => {
    const task = await waitFor(await accepted(await upload('novel-epub3.epub')));
    expect(task).toMatchObject({ status: 'done', format: 'epub', file_name: 'novel-epub3.epub', progress: 1 });
    const book = (await bookTitled('The Lantern Keeper’s Ledger'))!;
    expect(book).toMatchObject({ author: 'Wren Halloway', chapter_count: 7, status: 'completed', slug: task.book_slug });
    expect(book.cover_key).toMatch(/^covers\/import-.+\.png$/);
    const chapters = (await (await app.fetch(`/api/book/${book.slug}`)).json()) as { chapters: { number: number; title: string }[] };
    expect(chapters.chapters.map((c) => c.title)).toEqual(['Prologue', 'Chapter 1: The Third Stair', 'Chapter 2: Debts of Light', 'Chapter 3: The Widow’s Candle', 'Chapter 4: Fog Law', 'Chapter 5: The Ship That Never Came Home', 'Epilogue']);
    const page = await app.fetch(`/book/${book.slug}/2`);
    expect(await page.text()).toContain('The stair creaked in a voice Ada had never heard before');
    const note = await app.platform.db.selectFrom('notifications').select(['title', 'link']).where('user_id', '=', admin.user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(note).toEqual({ title: 'Imported “novel-epub3.epub”', link: `/book/${book.slug}` });
    expect(await uploadsLeft()).toBe(0);
  });
});

describe('review before publishing', () => {
  test('a PDF stops at review with the detected split; readers see nothing until it is published', async () => {
    await app.platform.db.deleteFrom('books').where('title', '=', 'The Lantern Keeper’s Ledger').execute();
    const id = await accepted(await upload('novel-no-outline.pdf', { review: '1' }));
    const review = await waitFor(id);
    expect(review.status).toBe('review');
    expect(review.detail.preview).toMatchObject({ title: 'The Lantern Keeper’s Ledger', author: 'Wren Halloway', rule: 'headings', chapters: 7 });
    expect(review.detail.preview!.items[1]).toMatchObject({ number: 2, title: 'Chapter 1: The Third Stair' });
    expect(review.detail.preview!.items[1]!.excerpt).toStartWith('The stair creaked in a voice');
    expect(await bookTitled('The Lantern Keeper’s Ledger')).toBeUndefined();

    // Split again by pages, then back to headings, then publish.
    expect((await post(`/api/admin/import-tasks/${id}/rerun`, { rule: 'pages', pages_per_chapter: 2 })).status).toBe(202);
    const byPages = await waitFor(id, (t) => t.status === 'review' && t.detail.preview?.rule === 'pages');
    expect(byPages.detail.preview!.items.map((i) => i.title)).toEqual(['Pages 1–2', 'Pages 3–4', 'Pages 5–6', 'Page 7']);
    expect((await post(`/api/admin/import-tasks/${id}/rerun`, { rule: 'sideways' })).status).toBe(400);
    await post(`/api/admin/import-tasks/${id}/rerun`, { rule: 'headings' });
    await waitFor(id, (t) => t.status === 'review' && t.detail.preview?.rule === 'headings');
    const published = await post(`/api/admin/import-tasks/${id}/publish`);
    expect(published.status).toBe(202);
    const done = await waitFor(id);
    expect(done.status).toBe('done');
    expect((await bookTitled('The Lantern Keeper’s Ledger'))!.chapter_count).toBe(7);
    // Publishing twice is refused.
    const again = await post(`/api/admin/import-tasks/${id}/publish`);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'conflict', message: 'This import is not waiting for that step' });
  });
});

describe('failures leave nothing visible', () => {
  for (const [file, message] of [
    ['encrypted.pdf', 'This PDF is password-protected. Remove the password (print it to a new PDF) and upload it again.'],
    ['corrupt.epub', 'This EPUB is damaged: its zip container cannot be read. Export it again and upload the new file.'],
  ] as const) {
    test(`${file} fails with its reason`, async () => {
      const before = await app.platform.db.selectFrom('books').select('slug').execute();
      const task = await waitFor(await accepted(await upload(file)));
      expect(task).toMatchObject({ status: 'failed', error: message });
      expect(await app.platform.db.selectFrom('books').select('slug').execute()).toEqual(before);
      const note = await app.platform.db.selectFrom('notifications').select(['title', 'body']).where('user_id', '=', admin.user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(note).toEqual({ title: `Import of “${file}” failed`, body: message });
    });
  }

  test('the task list has every import, newest first', async () => {
    const { tasks } = (await (await app.fetch('/api/admin/import-tasks', { headers: { cookie: admin.cookie } })).json()) as { tasks: ImportTask[] };
    expect(tasks.map((t) => [t.file_name, t.status])).toEqual([
      ['corrupt.epub', 'failed'],
      ['encrypted.pdf', 'failed'],
      ['novel-no-outline.pdf', 'done'],
      ['novel-epub3.epub', 'done'],
    ]);
  });
});
