import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { BASE_URL, desktopContext, launchBrowser, signIn, watchErrors } from './support.ts';

/** Selects that act on a change act only on a confirmed choice by keyboard (WCAG 3.2.2): browsing with ↓ does nothing yet. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

test('the language select: ↓ only browses; Enter reloads the page in the language chosen', async () => {
  const context = await desktopContext(browser);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/ranking');
  await page.locator('.appearance summary').click();
  await page.locator('#prefs-locale').focus();
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(600);
  expect(reloaded).toBe(false);
  expect(await page.getAttribute('html', 'lang')).toBe('en');
  expect(await page.locator('#prefs-locale').inputValue()).toBe('es');
  await Promise.all([page.waitForEvent('framenavigated'), page.keyboard.press('Enter')]);
  await page.waitForFunction(() => document.documentElement.lang === 'es');
  expect(errors).toEqual([]);
  await context.close();
});

test('the shelf select: ↓ browses the shelves, Enter saves the one reached, so every shelf can be reached by keyboard', async () => {
  const context = await desktopContext(browser);
  await signIn(context, 'e2e-keys-shelf');
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/book/salvage-rights');
  await page.getByRole('button', { name: 'Save to library: Salvage Rights' }).click();
  await page.locator('#shelf-salvage-rights [role="status"]').getByText('Saved to Plan to read.').waitFor();
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/library/')) saves.push(request.postData() ?? '');
  });
  const select = page.locator('#shelf-salvage-rights-select');
  const options = await select.locator('option').evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
  await select.focus();
  const from = options.indexOf(await select.inputValue());
  for (let i = from; i < options.length - 1; i++) await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(600);
  expect(saves).toEqual([]);
  const last = options.at(-1)!;
  await page.keyboard.press('Enter');
  await page.waitForFunction(async (shelf) => {
    const library = (await (await fetch('/api/library')).json()) as { books: { slug: string; shelf: string }[] };
    return library.books.some((b) => b.slug === 'salvage-rights' && b.shelf === shelf);
  }, last);
  expect(saves).toHaveLength(1);
  expect(errors).toEqual([]);
  await context.close();
});
