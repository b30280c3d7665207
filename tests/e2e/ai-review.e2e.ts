import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { desktopContext, launchBrowser, noSidewaysScroll, phoneContext, signIn, watchErrors } from './support.ts';

/** An admin has a book's chapters named by the AI service, reviews the proposals and applies some. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const BOOK = 'ink-and-alibis';

test('the review page follows a chapter-names run; the admin edits two rows, rejects one and applies', async () => {
  const context = await desktopContext(browser);
  await signIn(context, 'e2e-namer', 'admin');
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`/admin/books/${BOOK}`);
  await page.getByRole('link', { name: 'Name chapters' }).click();
  await page.waitForURL(`**/admin/ai-jobs?book=${BOOK}`);
  const form = page.locator('form[action="/admin/ai-jobs/chapter-names"]');
  expect(await form.getByLabel('Book (its slug)').inputValue()).toBe(BOOK);
  await form.getByLabel('From chapter').fill('1');
  await form.getByLabel('To chapter (empty: to the last)').fill('3');
  await form.getByRole('button', { name: 'Start naming' }).click();
  await page.waitForURL(/\/admin\/ai-jobs\/[0-9a-f-]{36}\?done=named$/);
  expect(await page.locator('.admin-notice').innerText()).toContain('Naming started');
  // The job's part of the page polls every 2 s, then turns into the review table.
  const rows = page.locator('.ai-review__table tbody tr');
  await rows.first().waitFor({ timeout: 30_000 });
  expect(await page.locator('#ai-job progress').getAttribute('value')).toBe('100');
  expect(await rows.count()).toBe(3);
  expect(await rows.nth(0).locator('.ai-review__old').innerText()).toBe('The Broken G');
  await page.getByLabel('Proposed title (edit freely) 1').fill('The Broken Key');
  await page.getByLabel('Proposed title (edit freely) 2').fill('Ink on the Cuff');
  await page.getByLabel('Keep the proposal for chapter 3').uncheck();
  const third = await rows.nth(2).locator('.ai-review__old').innerText();
  await page.getByRole('button', { name: 'Apply the titles kept' }).click();
  await page.waitForURL(/\?done=applied$/);
  expect(await page.locator('.admin-notice').innerText()).toBe('The titles you kept were applied.');
  expect(await page.locator('.ai-review .notice').innerText()).toBe('These titles were applied to the book.');

  await page.goto(`/book/${BOOK}`);
  const list = page.locator('.chapter-list');
  expect(await list.innerText()).toContain('The Broken Key');
  expect(await list.innerText()).toContain('Ink on the Cuff');
  expect(await list.innerText()).toContain(third);
  expect(errors).toEqual([]);
  await context.close();
});

test('phone: the AI suggestions on a book fit the screen and a tagline is saved to the book', async () => {
  const context = await phoneContext(browser, { width: 390, height: 844 });
  await signIn(context, 'e2e-tagger', 'admin');
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`/admin/books/${BOOK}`);
  const item = page.locator('.ai-panel__item').filter({ has: page.getByRole('heading', { name: 'Tagline' }) });
  await item.getByRole('button', { name: 'Suggest' }).click();
  const field = item.locator('#ai-tagline input[name="value"]');
  await field.waitFor();
  expect(await field.inputValue()).toMatch(/^A tale of .+ you will not put down\.$/);
  await noSidewaysScroll(page);
  await field.fill('Every alibi has a crack.');
  await item.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\?done=stored$/);
  expect(await page.locator('.admin-notice').innerText()).toBe('Saved to the book.');
  await page.goto(`/book/${BOOK}`);
  expect(await page.locator('.book-hero__tagline').innerText()).toBe('Every alibi has a crack.');
  expect(errors).toEqual([]);
  await context.close();
});
