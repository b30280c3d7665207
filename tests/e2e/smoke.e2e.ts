import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { desktopContext, launchBrowser, phoneContext } from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

test('the home page shows the demo books with their covers', async () => {
  const context = await desktopContext(browser);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto('/');
  expect(await page.getAttribute('html', 'data-theme')).toBe('amber');
  const cards = page.locator('main a[href^="/book/"]');
  expect(await cards.count()).toBeGreaterThanOrEqual(12);
  await page.getByText('The Ninth Mountain Sect').first().waitFor();
  const cover = page.locator('main img[src^="/covers/"]').first();
  await cover.scrollIntoViewIfNeeded();
  await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await cover.elementHandle());
  expect(errors).toEqual([]);
  await context.close();
});

test('switching theme and language persists across a reload', async () => {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await page.goto('/');
  await page.locator('details.appearance summary, details summary').first().click();
  await page.selectOption('select[name="theme"]', 'light-rose');
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'light-rose');
  // The locale change reloads the page once saved.
  await Promise.all([page.waitForEvent('load'), page.selectOption('select[name="locale"]', 'pt')]);
  await page.waitForFunction(() => document.documentElement.lang === 'pt');
  await page.reload();
  expect(await page.getAttribute('html', 'data-theme')).toBe('light-rose');
  expect(await page.getAttribute('html', 'lang')).toBe('pt');
  expect(await page.locator('nav').first().innerText()).toContain('Início');
  await context.close();
});

test('the layout fits a 360 px phone without sideways scrolling', async () => {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await page.goto('/');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});

test('without JavaScript the appearance form still saves through a plain post', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env.E2E_BASE_URL ?? 'http://localhost:3000' });
  const page = await context.newPage();
  await page.goto('/');
  await page.locator('details summary').first().click();
  await page.selectOption('select[name="theme"]', 'slate');
  await Promise.all([page.waitForURL('**/'), page.locator('form[action="/prefs"] button[type="submit"]').click()]);
  expect(await page.getAttribute('html', 'data-theme')).toBe('slate');
  await context.close();
});
