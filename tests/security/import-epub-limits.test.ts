import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startImportApp, type ImportTestApp } from '../support/import-app.ts';
import { loginAs } from '../support/auth.ts';
import { importClient } from './support/import-client.ts';
import { savedFiles } from './support/saved-files.ts';
import { chaptersEpub, bigChapterEpub, repeatedSpineEpub, zipBombEpub } from './support/hostile-books.ts';
import { parsedKey } from '../../src/features/imports/files.ts';
import { ImportError, parseBook } from '../../src/features/imports/parse/index.ts';
import { openArchive } from '../../src/features/imports/parse/epub/archive.ts';
import { DEFAULT_IMPORT_LIMITS } from '../../src/features/imports/limits.ts';

/**
 * Finding 4: a 5 KB EPUB took the server from 312 MB to 907 MB (one 1 MB chapter listed 40 times
 * in the reading order, inflated and parsed 40 times, a 41 MB parsed.json); a 16 MB chapter peaked
 * near 1 GB; a zip entry of 200 MB of spaces was inflated whole. Each file is now inflated once and
 * never past a cap, a repeated chapter is read once, and chapters and books have text caps.
 */
const MB = 1 << 20;
let app: ImportTestApp;
let client: ReturnType<typeof importClient>;
const files = savedFiles('import-epub-limits-');
const saved = files.saved;

beforeAll(async () => {
  // One chapter may hold 2 MB of text here (its XHTML twice that), to keep the files small.
  app = await startImportApp({ IMPORT_MAX_CHAPTER_TEXT_MB: '2' });
  client = importClient(app, await loginAs(app, 'limits-admin', { role: 'admin' }));
});
afterAll(async () => {
  await app.close();
  files.remove();
});


describe('a chapter listed 40 times in the reading order', () => {
  test('is read once: one chapter for review, a warning, a parsed book the size of the chapter', async () => {
    const book = await repeatedSpineEpub(40);
    expect(book.length).toBeLessThan(8 * 1024);
    const id = await client.upload('forty.epub', book, { review: '1' });
    const task = await client.waitFor(id);
    expect(task.status).toBe('review');
    expect(task.detail.preview).toMatchObject({ chapters: 1 });
    expect(task.detail.preview!.warnings).toContain("OEBPS/ch1.xhtml is listed 40 times in the book's reading order; it was read once, where it first appears.");
    const parsed = await app.platform.objects.head(parsedKey(id));
    expect(parsed!.size).toBeLessThan(1.5 * MB); // 41 MB when it was read 40 times
  });

  test('each file of the archive is inflated at most once: asking for a large one again is refused', async () => {
    const archive = await openArchive(saved('forty.epub', await repeatedSpineEpub(40)), DEFAULT_IMPORT_LIMITS.entryBytes);
    expect(archive.text('OEBPS/ch1.xhtml').length).toBeGreaterThan(MB);
    const again = (() => {
      try {
        return `read again (${archive.text('OEBPS/ch1.xhtml').length} characters)`;
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(again).toBe('This EPUB uses OEBPS/ch1.xhtml in more than one place of its reading order; it was refused as unsafe.');
    // Small files (container, package) are kept for a second reader instead.
    expect(archive.text('META-INF/container.xml')).toBe(archive.text('META-INF/container.xml'));
  });
});

describe('a zip bomb: one entry of 200 MB of spaces (200 KB deflated)', () => {
  const message = 'This EPUB holds a file (OEBPS/blank.xhtml) that unpacks to more than 32 MB, the most one file may; it was refused as unsafe.';
  let built: Promise<Uint8Array> | null = null;
  const bomb = () => (built ??= zipBombEpub(200));

  test('the import fails with a message', async () => {
    const task = await client.waitFor(await client.upload('bomb.epub', await bomb()));
    expect(task).toMatchObject({ status: 'failed', error: message });
  });

  test('without the entry being inflated whole (memory stays flat)', async () => {
    const path = saved('bomb.epub', await bomb());
    Bun.gc(true);
    const before = process.memoryUsage().rss;
    const error = await parseBook(path, 'epub').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).message).toBe(message);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * MB);
  });
});

describe('text caps', () => {
  test('a chapter over the cap (3 MB of text, IMPORT_MAX_CHAPTER_TEXT_MB=2) fails the task with a message', async () => {
    const task = await client.waitFor(await client.upload('long-chapter.epub', await bigChapterEpub(3 * MB)));
    expect(task).toMatchObject({ status: 'failed', error: 'OEBPS/ch1.xhtml holds more than 2 MB of text, the most one chapter may hold; it was refused.' });
  });

  test('a 16 MB chapter is refused before it is parsed', async () => {
    const task = await client.waitFor(await client.upload('huge-chapter.epub', await bigChapterEpub(16 * MB)));
    expect(task).toMatchObject({ status: 'failed', error: 'OEBPS/ch1.xhtml is larger than 4 MB, the most one document of a book may be; it was refused.' });
  });

  test('a book over the cap for its whole text is refused', async () => {
    const path = saved('three.epub', await chaptersEpub(3, MB / 2));
    const error = await parseBook(path, 'epub', { limits: { ...DEFAULT_IMPORT_LIMITS, bookChars: MB } }).catch((e: unknown) => e);
    expect((error as ImportError).message).toBe('This book holds more than 1 MB of text, the most one import may hold; it was refused.');
  });
});
