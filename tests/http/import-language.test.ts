import { afterAll, beforeAll, expect, test } from 'bun:test';
import JSZip from 'jszip';
import { readFileSync } from 'node:fs';
import { startImportApp, type ImportTestApp } from '../support/import-app.ts';
import { loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';
import { removeEpubs, writeEpub } from '../fixtures/imports/build-epub.ts';
import { createAppPassword } from '../../src/features/accounts/app-passwords/service.ts';
import type { ImportTask } from '../../src/features/imports/model.ts';

/** A book keeps the language of the EPUB it was imported from: in its export, its OPDS entry and its address. */
let app: ImportTestApp;
let admin: Session;
let pro: Session;

beforeAll(async () => {
  app = await startImportApp();
  [admin, pro] = await Promise.all([loginAs(app, 'lang-admin', { role: 'admin' }), loginAs(app, 'lang-pro', { role: 'pro' })]);
});
afterAll(async () => {
  removeEpubs();
  await app.close();
});

async function importEpub(path: string): Promise<ImportTask> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(readFileSync(path))]), 'der-fluss.epub');
  const res = await app.fetch('/api/admin/import', { method: 'POST', headers: { cookie: admin.cookie, origin: TEST_ORIGIN, accept: 'application/json' }, body: form });
  expect(res.status).toBe(202);
  const { task_id } = (await res.json()) as { task_id: string };
  for (const end = Date.now() + 30_000; ; await Bun.sleep(50)) {
    const task = (await (await app.fetch(`/api/admin/import-tasks/${task_id}`, { headers: { cookie: admin.cookie } })).json()) as ImportTask;
    if (!['pending', 'running'].includes(task.status)) return task;
    if (Date.now() > end) throw new Error(`import stuck: ${JSON.stringify(task)}`);
  }
}

test('a German EPUB becomes a German book: dc:language in its export and its OPDS entry, an address that keeps ß as ss', async () => {
  const chapter = (n: number) => `<h1>Kapitel ${n}</h1><p>${'Das Wasser floss leise unter der alten Brücke hindurch. '.repeat(20)}</p>`;
  const epub = await writeEpub({
    docs: { 'c1.xhtml': chapter(1), 'c2.xhtml': chapter(2) },
    spine: ['c1.xhtml', 'c2.xhtml'],
    toc: [{ title: 'Kapitel 1', href: 'c1.xhtml' }, { title: 'Kapitel 2', href: 'c2.xhtml' }],
    metadata: '<dc:title>Der Fluß</dc:title><dc:creator>Grete Ufer</dc:creator><dc:language>de</dc:language>',
  });
  const task = await importEpub(epub);
  expect(task).toMatchObject({ status: 'done', book_slug: 'der-fluss' });

  const exported = await app.fetch('/api/export/der-fluss', { headers: { cookie: pro.cookie, accept: 'application/epub+zip' } });
  expect(exported.status).toBe(200);
  const opf = await (await JSZip.loadAsync(new Uint8Array(await exported.arrayBuffer()))).file('OEBPS/content.opf')!.async('string');
  expect(opf).toContain('<dc:language>de</dc:language>');
  expect(opf).toContain('<dc:title>Der Fluß</dc:title>');

  // Read with the interface in Portuguese, the German text is marked German, so screen readers pronounce it right.
  const page = await (await app.fetch('/book/der-fluss/1', { headers: { accept: 'text/html', cookie: 'locale=pt' } })).text();
  expect(page).toContain('<html lang="pt"');
  expect(page).toMatch(/<h1 class="reader__title" lang="de">/);
  expect(page).toMatch(/<div class="reader__text" lang="de">/);

  const { password } = await createAppPassword(app.platform.db, pro.user.id, 'Kobo');
  const feed = await app.fetch('/opds/search?q=Fluß', { headers: { authorization: `Basic ${Buffer.from(`lang-pro:${password}`).toString('base64')}` } });
  expect(feed.status).toBe(200);
  const entry = (await feed.text()).split('<entry>').find((part) => part.includes('der-fluss'));
  expect(entry).toContain('<dc:language>de</dc:language>');
});
