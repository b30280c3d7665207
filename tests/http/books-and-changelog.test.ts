import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../support/app.ts';
import { changelogReader, parseChangelog, CHANGELOG_TTL_MS } from '../../src/features/docs/changelog.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

test('GET /api/books: every book in the Book shape, by title, kept 5 minutes', async () => {
  const res = await app.fetch('/api/books');
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('public, max-age=300');
  const { books } = (await res.json()) as { books: { slug: string; title: string; genres: string[] }[] };
  const count = await app.platform.db.selectFrom('books').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  expect(books.length).toBe(Number(count.n));
  expect(books.map((b) => b.title)).toEqual([...books.map((b) => b.title)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  expect(Object.keys(books[0]!).sort()).toEqual(['author', 'chapter_count', 'cover_url', 'description', 'genres', 'has_audio', 'rating_avg', 'rating_count', 'slug', 'status', 'title']);
  // A book added now shows once the 5 minutes are over (here: once the cached list is dropped).
  await app.platform.db.insertInto('books').values({ slug: 'aaa-new', title: 'AAA New', author: 'N' }).execute();
  expect(((await (await app.fetch('/api/books')).json()) as { books: unknown[] }).books.length).toBe(Number(count.n));
  expect(await app.platform.cache.ttl('catalogue:all-books')).toBeGreaterThan(290);
  await app.platform.cache.del('catalogue:all-books');
  expect(((await (await app.fetch('/api/books')).json()) as { books: { slug: string }[] }).books[0]!.slug).toBe('aaa-new');
});

test('GET /api/changelog: the releases of docs/changelog.md, newest first', async () => {
  const res = await app.fetch('/api/changelog');
  expect(res.status).toBe(200);
  const { releases } = (await res.json()) as { releases: { version: string; date: string | null; changes: string[] }[] };
  expect(releases[0]!.version).toBe('Unreleased');
  expect(releases.at(-1)).toMatchObject({ version: '0.1.0', date: '2026-11-21' });
  expect(releases.every((r) => r.changes.length > 0)).toBe(true);
});

test('the changelog: headings with and without a date; re-read only after 5 minutes', async () => {
  expect(parseChangelog('# Changelog\n\n## 1.0.0 — 2026-01-02\n- One\n- Two\n\n## Later\n* Three\n')).toEqual([
    { version: '1.0.0', date: '2026-01-02', changes: ['One', 'Two'] },
    { version: 'Later', date: null, changes: ['Three'] },
  ]);
  const dir = mkdtempSync(join(tmpdir(), 'changelog-'));
  const file = join(dir, 'changelog.md');
  writeFileSync(file, '## 1.0.0\n- First\n');
  let now = 1_000_000;
  const read = changelogReader(file, () => now);
  expect((await read())[0]!.changes).toEqual(['First']);
  writeFileSync(file, '## 1.0.1\n- Second\n');
  now += CHANGELOG_TTL_MS - 1;
  expect((await read())[0]!.version).toBe('1.0.0');
  now += 2;
  expect((await read())[0]!.version).toBe('1.0.1');
  rmSync(dir, { recursive: true, force: true });
});
