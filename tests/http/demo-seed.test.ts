import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../support/app.ts';
import { seedDemoCatalogue } from '../../src/features/demo/seed.ts';
import { readDemoBooks } from '../../src/features/demo/content-reader.ts';
import { freePort, spawnApp } from '../support/processes.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('demo catalogue', () => {
  test('at least 12 books over several genres and both statuses, three of them long', async () => {
    const db = app.platform.db;
    const books = await db.selectFrom('books').select(['slug', 'status', 'chapter_count', 'cover_key']).execute();
    expect(books.length).toBeGreaterThanOrEqual(12);
    expect(new Set(books.map((b) => b.status))).toEqual(new Set(['ongoing', 'completed']));
    expect(books.filter((b) => b.chapter_count >= 30).length).toBeGreaterThanOrEqual(3);
    expect(books.every((b) => b.chapter_count >= 5)).toBe(true);
    const genres = await db.selectFrom('genres').select('slug').execute();
    expect(genres.length).toBeGreaterThanOrEqual(6);
    expect(genres.map((g) => g.slug)).toContain('martial-arts');
  });

  test('every chapter is stored, numbered from 1 without gaps, with a few hundred words of prose', async () => {
    const rows = await app.platform.db
      .selectFrom('chapters')
      .select(['book_slug', sql<number>`count(*)::int`.as('n'), sql<number>`max(number)`.as('last'), sql<number>`min(word_count)`.as('fewest')])
      .groupBy('book_slug')
      .execute();
    const books = await app.platform.db.selectFrom('books').select(['slug', 'chapter_count']).execute();
    for (const book of books) {
      const row = rows.find((r) => r.book_slug === book.slug)!;
      expect(row.n).toBe(book.chapter_count);
      expect(row.last).toBe(book.chapter_count);
      expect(row.fewest).toBeGreaterThanOrEqual(300);
    }
    const sample = await app.platform.db.selectFrom('chapters').select(['title', 'text']).where('book_slug', '=', 'salvage-rights').where('number', '=', 1).executeTakeFirstOrThrow();
    expect(sample.title.length).toBeGreaterThan(0);
    expect(sample.text).not.toMatch(/lorem ipsum/i);
    expect(sample.text).not.toMatch(/^#/);
  });

  test('every cover is stored as a drawn SVG without scripts', async () => {
    const books = await app.platform.db.selectFrom('books').select(['slug', 'cover_key']).execute();
    for (const book of books) {
      const info = await app.platform.objects.head(book.cover_key!);
      expect(info?.contentType).toBe('image/svg+xml');
    }
    for (const book of await readDemoBooks()) {
      expect(book.coverSvg).toContain('<svg');
      expect(book.coverSvg).not.toMatch(/<script|on\w+=|href="http/i);
    }
  });

  test('seeding again changes nothing, and a deleted demo book stays deleted', async () => {
    const db = app.platform.db;
    const before = await db.selectFrom('chapters').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(await seedDemoCatalogue(db, app.platform.objects)).toEqual({ seeded: 0 });
    await db.deleteFrom('books').where('slug', '=', 'morning-bread').execute();
    expect(await seedDemoCatalogue(db, app.platform.objects)).toEqual({ seeded: 0 });
    const after = await db.selectFrom('chapters').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n - 5);
  });
});

test('npm start with SEED_DEMO=0 leaves an empty catalogue empty, and the home page says so', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'chapterhouse-noseed-'));
  const port = await freePort();
  const server = spawnApp({ SEED_DEMO: '0', DATA_DIR: dataDir, PORT: String(port) });
  try {
    expect(await server.announced).toContain(`http://localhost:${port}`);
    const home = await (await fetch(`http://127.0.0.1:${port}/`)).text();
    expect(home).not.toContain('href="/book/');
    expect(home).toContain('No books yet');
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
