import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, desktopContext, launchBrowser, phoneContext, watchErrors, noSidewaysScroll } from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const PHONE = { width: 390, height: 844 };
const RESULTS = resolve(import.meta.dir, '../../test-results');

/** Resolves once the reader has recorded the chapter it opened (its first POST /api/progress). */
function progressSaved(page: Page, chapter: number, withScroll = false) {
  return page.waitForResponse((r) => {
    if (!r.url().endsWith('/api/progress') || r.request().method() !== 'POST') return false;
    const sent = JSON.parse(r.request().postData() ?? '{}') as { chapter?: number; scroll?: number };
    return sent.chapter === chapter && (!withScroll || typeof sent.scroll === 'number') && r.status() === 200;
  });
}

for (const [name, open] of [
  ['desktop', (b: Browser) => desktopContext(b)],
  ['phone', (b: Browser) => phoneContext(b, PHONE)],
] as const) {
  test(`${name}: start reading, → goes to chapter 2, and the book page then offers to continue there`, async () => {
    const context: BrowserContext = await open(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/book/ink-and-alibis');
    await noSidewaysScroll(page);
    expect(await page.locator('h1').innerText()).toBe('Ink and Alibis');
    const opened = progressSaved(page, 1);
    await page.getByRole('link', { name: 'Start reading' }).click();
    await page.waitForURL('**/book/ink-and-alibis/1');
    await opened;
    await noSidewaysScroll(page);

    const second = progressSaved(page, 2);
    await page.keyboard.press('ArrowRight');
    await page.waitForURL('**/book/ink-and-alibis/2');
    await second;
    expect(await page.locator('h1').innerText()).toBe('Who Holds the Key');

    await page.goto('/');
    await page.goto('/book/ink-and-alibis');
    const next = page.getByRole('link', { name: 'Continue reading · Chapter 2' });
    await next.waitFor();
    expect(await next.getAttribute('href')).toBe('/book/ink-and-alibis/2');
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('phone: swiping left goes to the next chapter, swiping right back; vertical drags do not', async () => {
  const context = await phoneContext(browser, PHONE);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/book/salvage-rights/3');
  const cdp = await context.newCDPSession(page);
  const swipe = async (fromX: number, toX: number, fromY = 500, toY = 500) => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y: fromY }] });
    for (let step = 1; step <= 5; step++) {
      const x = fromX + ((toX - fromX) * step) / 5;
      const y = fromY + ((toY - fromY) * step) / 5;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
  await swipe(300, 120, 500, 470); // mostly horizontal, 180 px to the left
  await page.waitForURL('**/book/salvage-rights/4');
  await swipe(80, 300);
  await page.waitForURL('**/book/salvage-rights/3');
  await swipe(200, 150, 300, 700); // a scroll, not a page turn
  await swipe(200, 170); // too short
  await page.waitForTimeout(400);
  expect(new URL(page.url()).pathname).toBe('/book/salvage-rights/3');
  expect(errors).toEqual([]);
  await context.close();
});

test('keys do nothing while typing in a field', async () => {
  const context = await desktopContext(browser);
  const page = await context.newPage();
  await page.goto('/book/salvage-rights/2');
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.id = 'typing-here';
    document.querySelector('main')!.prepend(input);
  });
  await page.focus('#typing-here');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('kj');
  await page.waitForTimeout(300);
  expect(new URL(page.url()).pathname).toBe('/book/salvage-rights/2');
  await page.locator('h1').click();
  await page.keyboard.press('j');
  await page.waitForURL('**/book/salvage-rights/1');
  await context.close();
});

test('the scroll position is restored when the reader comes back to the chapter', async () => {
  const context = await phoneContext(browser, PHONE);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/book/the-clockwork-heir/1');
  const room = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  expect(room).toBeGreaterThan(1000);
  const saved = progressSaved(page, 1, true);
  await page.evaluate(() => window.scrollTo({ top: Math.round((document.documentElement.scrollHeight - window.innerHeight) * 0.6), behavior: 'instant' }));
  await saved;
  const left = await page.evaluate(() => window.scrollY);
  const bar = await page.evaluate(() => getComputedStyle(document.querySelector('[data-reader-bar]')!).transform);
  expect(bar).not.toBe('matrix(0, 0, 0, 1, 0, 0)'); // the progress bar moved

  await page.goto('/');
  await page.goto('/book/the-clockwork-heir/1');
  // reader.js asks /api/progress for the place and marks what it restored with data-scroll.
  await page.waitForSelector('article[data-reader][data-scroll]');
  expect(Number(await page.getAttribute('article[data-reader]', 'data-scroll'))).toBeGreaterThan(0.3);
  await page.waitForFunction(() => window.scrollY > 0);
  const back = await page.evaluate(() => window.scrollY);
  expect(Math.abs(back - left)).toBeLessThan(60);
  expect(errors).toEqual([]);
  await context.close();
});

test('screenshots of the reader in the amber and light themes', async () => {
  mkdirSync(RESULTS, { recursive: true });
  for (const theme of ['amber', 'light'] as const) {
    const context = await phoneContext(browser, PHONE);
    await context.addCookies([{ name: 'theme', value: theme, url: BASE_URL }]);
    const page = await context.newPage();
    await page.goto('/book/ink-and-alibis/1');
    expect(await page.getAttribute('html', 'data-theme')).toBe(theme);
    await noSidewaysScroll(page);
    const path = `${RESULTS}/reader-${theme}.png`;
    await page.screenshot({ path, fullPage: false });
    console.log(`screenshot: ${path}`);
    await context.close();
  }
});

test('a progress save that fails tells the reader, once, in words', async () => {
  const context = await desktopContext(browser);
  const page = await context.newPage();
  // The server refuses the save as it would a cross-site write (the reader never sees a status code).
  let refused = 0;
  await page.route('**/api/progress', (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    refused++;
    return route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ error: 'forbidden', message: 'Cross-site request refused' }) });
  });
  await page.goto('/book/salvage-rights/1');
  const toast = page.locator('#toasts .toast--error');
  await toast.waitFor();
  expect(await toast.innerText()).toContain('Your place in this chapter was not saved');
  await page.mouse.wheel(0, 600);
  await page.waitForTimeout(1800);
  expect(refused).toBeGreaterThanOrEqual(2);
  expect(await page.locator('#toasts .toast--error').count()).toBe(1);
  await context.close();
});
