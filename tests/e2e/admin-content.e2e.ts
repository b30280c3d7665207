import { afterAll, beforeAll, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { desktopContext, launchBrowser, signIn, watchErrors } from './support.ts';

/** An admin fills the library: a scrape from the admin page, and an EPUB dropped on the import page. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const SOURCE = process.env.E2E_SOURCE_URL ?? 'http://127.0.0.1:4010';

test('an admin starts a scrape from the admin page, watches it reach done, and opens the new book', async () => {
  const context = await desktopContext(browser);
  await signIn(context, 'e2e-scraper', 'admin');
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
  await page.getByRole('link', { name: /Scraping/ }).click();
  await page.waitForURL('**/admin/scraping');
  const form = page.locator('form[action="/admin/scraping/book"]');
  await form.getByLabel('Book or chapter URL').fill(`${SOURCE}/book/a-short-errand/chapter-3`);
  await form.getByRole('button', { name: 'Start scraping' }).click();
  await page.waitForURL(/\/admin\/scraping\?task=/);
  const task = page.locator('.task--highlight');
  await task.waitFor();
  // The list polls every 3 seconds until the task is done; the progress bar then reads 100 %.
  await task.locator('.task-status--done').waitFor({ timeout: 30_000 });
  expect(await task.locator('progress').getAttribute('value')).toBe('100');
  expect(await task.locator('.task__counts').innerText()).toContain('12 added');
  await task.getByRole('link', { name: 'a-short-errand' }).click();
  await page.getByRole('link', { name: 'Open the book page' }).click();
  await page.waitForURL('**/book/a-short-errand');
  expect(await page.locator('h1').innerText()).toBe('A Short Errand');
  expect(errors).toEqual([]);
  await context.close();
});

test('a refused range keeps what was typed; "Re-scrape every book" asks first, and going back starts nothing', async () => {
  const context = await desktopContext(browser);
  await signIn(context, 'e2e-scrape-forms', 'admin');
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/admin/scraping');
  const range = page.locator('form[action="/admin/scraping/range"]');
  await range.getByLabel('Book or chapter URL').fill(`${SOURCE}/book/a-short-errand`);
  await range.getByLabel('From chapter').fill('9');
  await range.getByLabel('To chapter').fill('2');
  await range.getByRole('button', { name: 'Scrape these chapters' }).click();
  const refused = page.locator('#scrape-range-form');
  await refused.getByRole('alert').waitFor();
  expect(await refused.getByRole('alert').innerText()).toContain('to must be a chapter number no smaller than from');
  expect(await refused.getByLabel('Book or chapter URL').inputValue()).toBe(`${SOURCE}/book/a-short-errand`);
  expect(await refused.getByLabel('From chapter').inputValue()).toBe('9');
  await refused.getByLabel('To chapter').fill('10');
  await refused.getByRole('button', { name: 'Scrape these chapters' }).click();
  await page.waitForURL(/\/admin\/scraping\?task=/);
  expect(await page.locator('.notice--error').count()).toBe(0);

  const tasksBefore = await page.locator('.task').count();
  await page.getByRole('button', { name: 'Re-scrape every book' }).click();
  await page.getByRole('heading', { name: 'Re-scrape every book?' }).waitFor();
  expect(await page.getByRole('button', { name: /^Yes, re-scrape/ }).isVisible()).toBe(true);
  await page.getByRole('link', { name: 'No, go back' }).click();
  await page.waitForURL('**/admin/scraping');
  expect(await page.locator('.task').count()).toBe(tasksBefore);
  // The refused form's page comes with its 400, which the browser reports; nothing else.
  expect(errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  await context.close();
});

test('an admin drops an EPUB on the import page, reviews the chapters it found, publishes, and opens the book', async () => {
  const context = await desktopContext(browser);
  await signIn(context, 'e2e-importer', 'admin');
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/admin/imports');
  const bytes = [...readFileSync(new URL('../fixtures/imports/novel-epub3.epub', import.meta.url).pathname)];
  const drop = await page.evaluateHandle((data) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(data)], 'lantern.epub', { type: 'application/epub+zip' }));
    return transfer;
  }, bytes);
  await page.dispatchEvent('[data-dropzone]', 'drop', { dataTransfer: drop });
  expect(await page.locator('[data-file-name]').innerText()).toBe('lantern.epub');
  expect(await page.getByLabel('Let me review the chapters before publishing').isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.waitForURL(/\/admin\/imports\?done=uploaded&task=/);
  await page.getByRole('link', { name: 'Review the split' }).click({ timeout: 30_000 });
  await page.getByRole('heading', { name: 'Review the import' }).waitFor();
  const titles = await page.locator('.review-table tbody input[name^="title_"]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  expect(titles).toEqual(['Prologue', 'Chapter 1: The Third Stair', 'Chapter 2: Debts of Light', 'Chapter 3: The Widow’s Candle', 'Chapter 4: Fog Law', 'Chapter 5: The Ship That Never Came Home', 'Epilogue']);
  await page.getByRole('button', { name: 'Publish 7 chapters' }).click();
  await page.waitForURL(/\/admin\/imports\?task=/);
  // This import's own row: other journeys may have imported the same file.
  const task = new URL(page.url()).searchParams.get('task');
  await page.locator(`#task-${task}`).getByRole('link', { name: 'Open the book' }).click({ timeout: 30_000 });
  expect(await page.locator('h1').innerText()).toBe('The Lantern Keeper’s Ledger');
  expect(errors).toEqual([]);
  await context.close();
});
