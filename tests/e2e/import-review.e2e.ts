import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { desktopContext, launchBrowser, noSidewaysScroll, signIn, watchErrors } from './support.ts';

/** An admin imports an EPUB with review, edits the book and its chapters there, publishes, and finds the edits on the book. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const EPUB = new URL('../fixtures/imports/novel-epub3.epub', import.meta.url).pathname;
const AXE_SOURCE = readFileSync(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url).pathname, 'utf8');

/** axe-core's serious and critical WCAG A/AA findings on the page as it stands. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Runtime evaluation is not subject to the page's Content-Security-Policy (an inline script would be).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(() =>
    (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }> }> } }).axe
      .run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] })
      .then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} on ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`)),
  );
}

test('an admin renames a chapter, merges two, sets a genre and a description in the review, publishes, and the book shows them', async () => {
  const context = await desktopContext(browser);
  await signIn(context, 'e2e-import-reviewer', 'admin');
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/admin/imports');
  await page.locator('[data-file]').setInputFiles(EPUB);
  expect(await page.getByLabel('Let me review the chapters before publishing').isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.waitForURL(/\/admin\/imports\?done=uploaded&task=/);
  const taskId = new URL(page.url()).searchParams.get('task')!;
  // The list polls while the import runs; its row keeps the task's id.
  await page.locator(`#task-${taskId}`).getByRole('link', { name: 'Review the split' }).click({ timeout: 30_000 });
  await page.getByRole('heading', { name: 'Review the import' }).waitFor();

  // The book's details come first, filled from the file.
  const bookForm = page.locator('form.review-book');
  expect(await bookForm.getByLabel('Title', { exact: true }).inputValue()).toBe('The Lantern Keeper’s Ledger');
  await bookForm.getByLabel('Title', { exact: true }).fill('The Ledger of Borrowed Light');
  await bookForm.getByLabel('Description').fill('A lighthouse ledger, reviewed before it was published.');
  await bookForm.getByLabel('Fantasy', { exact: true }).check();
  await bookForm.getByRole('button', { name: 'Save book details' }).click();
  await page.waitForURL(/done=saved/);
  await page.getByText('Saved.').waitFor();
  expect(await bookForm.getByLabel('Fantasy', { exact: true }).isChecked()).toBe(true);

  // A chapter renamed, then chapter 3 merged into chapter 2.
  await page.getByLabel('Title of chapter 2').fill('The Third Stair');
  await page.getByRole('button', { name: 'Save titles' }).first().click();
  await page.waitForURL(/done=saved/);
  expect(await page.getByLabel('Title of chapter 2').inputValue()).toBe('The Third Stair');
  await page.getByRole('button', { name: 'Merge into previous (chapter 3)' }).click();
  await page.waitForURL(/done=merged/);
  await page.getByText('Chapters merged.').waitFor();
  expect(await page.getByLabel('Title of chapter 3').inputValue()).toBe('Chapter 3: The Widow’s Candle');
  expect(await page.locator('.review-table tbody tr').count()).toBe(6);

  // Roomy on a phone and on a wide screen: nothing runs off the side, publish stays in reach.
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 844 });
    await noSidewaysScroll(page);
    expect({ width, violations: await seriousViolations(page) }).toEqual({ width, violations: [] });
    await page.getByLabel('Title of chapter 6').scrollIntoViewIfNeeded();
    expect(await page.getByRole('button', { name: 'Publish 6 chapters' }).isVisible()).toBe(true);
    const box = (await page.getByRole('button', { name: 'Publish 6 chapters' }).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Publishing with a typed but unsaved change asks first; saying no keeps the admin on the page.
  await bookForm.getByLabel('Description').fill('A lighthouse ledger, reviewed and then published.');
  const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.message()))));
  await page.getByRole('button', { name: 'Publish 6 chapters' }).click();
  expect(await asked).toBe('Some changes on this page are not saved yet. Go on without them?');
  expect(page.url()).toContain(`/admin/imports/${taskId}`);
  await bookForm.getByRole('button', { name: 'Save book details' }).click();
  await page.waitForURL(/done=saved/);

  await page.getByRole('button', { name: 'Publish 6 chapters' }).click();
  await page.waitForURL(/\/admin\/imports\?task=/);
  await page.locator(`#task-${taskId}`).getByRole('link', { name: 'Open the book' }).click({ timeout: 30_000 });
  expect(await page.locator('h1').innerText()).toBe('The Ledger of Borrowed Light');
  const bookPage = await page.locator('main').innerText();
  expect(bookPage).toContain('A lighthouse ledger, reviewed and then published.');
  expect(bookPage).toContain('Fantasy');
  expect(bookPage).toContain('The Third Stair');
  expect(bookPage).not.toContain('Chapter 2: Debts of Light');
  await page.goto(`${new URL(page.url()).pathname}/2`);
  const chapter = await page.locator('main').innerText();
  expect(chapter).toContain('The stair creaked in a voice Ada had never heard before');
  expect(chapter).toContain('Mr. Obuya from the chandlery');
  expect(errors).toEqual([]);
  await context.close();
});
