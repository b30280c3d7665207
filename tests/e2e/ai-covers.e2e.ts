import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { desktopContext, launchBrowser, signIn, watchErrors } from './support.ts';

/** An admin makes a new cover for a demo book in the cover studio and sees it on the book page. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

test('an admin generates covers for a book, saves one, and the book page shows it', async () => {
  const context = await desktopContext(browser);
  await signIn(context, 'e2e-cover-artist', 'admin');
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/admin/covers');
  await page.getByRole('heading', { name: 'Cover studio' }).waitFor();
  await page.locator('[data-book-select]').selectOption({ label: 'Morning Bread' });
  await page.getByRole('button', { name: 'Open' }).click();
  await page.waitForURL('**/admin/covers?slug=morning-bread');

  // The prompt starts from the book; the model list comes from the AI service.
  const prompt = page.getByRole('textbox', { name: /^Prompt/ });
  expect(await prompt.inputValue()).toContain('Morning Bread');
  await prompt.fill('A warm bakery at dawn, loaves in the window, watercolour');
  expect(await page.getByRole('combobox', { name: /^Model/ }).inputValue()).toBe('test-image-model');
  await page.getByRole('combobox', { name: /^Pictures/ }).selectOption('2');
  await page.getByRole('button', { name: 'Generate' }).click();

  const results = page.locator('[data-result]');
  await results.nth(1).waitFor();
  expect(await results.count()).toBe(2);
  const [first, second] = [await results.nth(0).locator('img').getAttribute('src'), await results.nth(1).locator('img').getAttribute('src')];
  expect(first).toMatch(/^\/covers\/generated\/[0-9a-f]{16}\.png$/);
  expect(second).not.toBe(first);
  expect(await results.nth(0).locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);

  await results.nth(1).getByRole('button', { name: 'Save as cover' }).click();
  await results.nth(1).getByText("Saved as the book's cover.").waitFor();
  const current = await page.locator('[data-current-cover]').getAttribute('src');
  expect(current).toMatch(/^\/covers\/morning-bread\/[0-9a-f]{16}\.webp$/);

  await page.getByRole('link', { name: 'View the book page' }).click();
  await page.waitForURL('**/book/morning-bread');
  const cover = page.locator(`img[src="${current}"]`).first();
  await cover.waitFor();
  expect(await cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});

test('a time-out of the AI service is explained in words', async () => {
  const context = await desktopContext(browser);
  await signIn(context, 'e2e-cover-artist', 'admin');
  const page = await context.newPage();
  // The stand-in answers at once; the 504 the app gives for a slow service is played here.
  await page.route('**/api/admin/image-gen', (route) =>
    route.fulfill({ status: 504, contentType: 'application/json', body: JSON.stringify({ error: 'gateway_timeout', message: 'The AI service did not answer in time (60 s)' }) }),
  );
  await page.goto('/admin/covers?slug=morning-bread');
  await page.getByRole('button', { name: 'Generate' }).click();
  await page.locator('[data-status]').getByText('The AI service took too long to answer. Try again, or make a smaller request (fewer pictures, a shorter prompt).').waitFor();
  expect(await page.locator('[data-result]').count()).toBe(0);
  await context.close();
});

test('batch covers runs from the studio and reports when every book already has a cover', async () => {
  const context = await desktopContext(browser);
  await signIn(context, 'e2e-cover-artist', 'admin');
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/admin/covers');
  await page.getByRole('button', { name: 'Start batch' }).click();
  await page.locator('[data-batch-status]').getByText('Finished: 0 of 0 books, 0 failed.').waitFor();
  expect(await page.locator('[data-batch-progress]').isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Stop' }).isVisible()).toBe(false);
  expect(await page.getByRole('button', { name: 'Start batch' }).isEnabled()).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});
