import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startImportApp, type ImportTestApp } from '../support/import-app.ts';
import { loginAs } from '../support/auth.ts';
import { importClient } from './support/import-client.ts';
import { savedFiles } from './support/saved-files.ts';
import { longPdf, revisitingNodesPdf, revisitingPagesPdf } from './support/hostile-books.ts';
import { ImportError, parseBook, type ParseOptions } from '../../src/features/imports/parse/index.ts';
import { DEFAULT_IMPORT_LIMITS } from '../../src/features/imports/limits.ts';

/**
 * Finding 5 (the parse): a 60 KB PDF whose page tree lists one page 10,000 times took 24 s (pdf.js
 * walks the tree from its root for every page; 40,000: minutes). Such trees are refused at the
 * first repeat; a PDF has a page cap; reading stops past its time and memory budgets.
 */
let app: ImportTestApp;
let client: ReturnType<typeof importClient>;
const files = savedFiles('import-pdf-limits-');
const saved = files.saved;

beforeAll(async () => {
  app = await startImportApp();
  client = importClient(app, await loginAs(app, 'pdf-limits-admin', { role: 'admin' }));
});
afterAll(async () => {
  await app.close();
  files.remove();
});


async function refusal(bytes: Uint8Array, options: ParseOptions = {}): Promise<ImportError> {
  const error = await parseBook(saved(`book-${Math.random().toString(36).slice(2)}.pdf`, bytes), 'pdf', options).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ImportError);
  return error as ImportError;
}

const REVISIT = 'This PDF is damaged: its list of pages leads to the same page more than once (pages 1 and 2). Export it again and upload the new file.';

describe('page trees that revisit a page', () => {
  test('one page listed 10,000 times (60 KB): the task fails at the first repeat, with a message', async () => {
    const pdf = revisitingPagesPdf(10_000);
    expect(pdf.length).toBeLessThan(64 * 1024);
    const task = await client.waitFor(await client.upload('revisits.pdf', pdf));
    // "pages 1 and 2": the parse stopped at the second page instead of walking 10,000.
    expect(task).toMatchObject({ status: 'failed', error: REVISIT });
  });

  test('a Pages node listed 10,000 times is refused the same way', async () => {
    expect((await refusal(revisitingNodesPdf(10_000))).message).toBe(REVISIT);
  });
});

describe('caps and budgets', () => {
  test('more pages than IMPORT_MAX_PAGES allows are refused before any is read', async () => {
    let read = 0;
    const error = await refusal(longPdf(60), { limits: { ...DEFAULT_IMPORT_LIMITS, pages: 50 }, onProgress: () => read++ });
    expect(error.message).toBe('This PDF has 60 pages; an import takes at most 50.');
    expect(read).toBe(0);
  });

  test('past the time budget the parse stops with a plain message (a clock that moves a minute a step)', async () => {
    let minutes = 0;
    let read = 0;
    const error = await refusal(longPdf(30), { now: () => minutes++ * 60_000, onProgress: () => read++ });
    expect(error.message).toBe('Reading this file took longer than the 10 minutes an import may take; it was stopped.');
    expect(read).toBeLessThan(12);
  });

  test('past the memory budget the parse stops with a plain message', async () => {
    // The heap holds 300 MB when the parse starts, then the parse adds twice its budget.
    let reads = 0;
    const heapBytes = () => 300 * 2 ** 20 + (reads++ === 0 ? 0 : 2 * DEFAULT_IMPORT_LIMITS.memoryBytes);
    const error = await refusal(longPdf(5), { heapBytes });
    expect(error.message).toBe('Reading this file needed more than the 1024 MB of memory an import may use; it was stopped.');
  });

  test('what the thread held before the parse does not count against its budget', async () => {
    const book = await parseBook(saved('held.pdf', longPdf(5)), 'pdf', { heapBytes: () => 3 * DEFAULT_IMPORT_LIMITS.memoryBytes });
    expect(book.chapters.length).toBeGreaterThan(0);
  });
});
