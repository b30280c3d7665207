import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, desktopContext, launchBrowser, phoneContext, watchErrors } from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const DEVICES: [string, (b: Browser) => Promise<BrowserContext>][] = [
  ['phone 390x844', (b) => phoneContext(b, { width: 390, height: 844 })],
  ['desktop', desktopContext],
];

/** Set on window: survives htmx swaps, lost on a full page load. */
const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);
const cards = (page: Page) => page.locator('#browse-grid .book-card');

for (const [name, open] of DEVICES) {
  describe(name, () => {
    test('browse: a status filter swaps the results in place, then scrolling loads the next page', async () => {
      const context = await open(browser);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto('/browse?limit=4');
      await page.waitForFunction(() => 'htmx' in window);
      // A tall screen may already show the end of the first four and fetch the next page at once.
      expect(await cards(page).count()).toBeGreaterThanOrEqual(4);
      await markPage(page);

      const status = name.startsWith('phone') ? 'completed' : 'ongoing';
      await page.selectOption('#browse-status', status);
      await page.waitForURL((url) => url.searchParams.get('status') === status);
      await page.waitForFunction((s) => document.querySelectorAll('#browse-grid .badge--' + s).length >= 4, status);
      expect(await stillSamePage(page)).toBe(true);
      expect(new URL(page.url()).searchParams.get('limit')).toBe('4');
      if (name.startsWith('phone')) expect(await cards(page).count()).toBe(4);

      // Six books have each status: the fifth arrives once the end of the grid is scrolled into view.
      // (On a tall screen the next page may already be arriving and replace the sentinel, so
      // scroll the window rather than act on an element that can be swapped mid-action.)
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await cards(page).nth(4).waitFor({ timeout: 10_000 });
      expect(await cards(page).count()).toBe(6);
      expect(await page.locator(`#browse-grid .badge--${status}`).count()).toBe(6);
      await page.locator('#browse-more.pager__end').waitFor();
      expect(await stillSamePage(page)).toBe(true);
      expect(new URL(page.url()).searchParams.get('status')).toBe(status);

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await context.close();
    });

    test('browse: a genre filter keeps itself in the URL and the heading, through a reload and back', async () => {
      const context = await open(browser);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto('/browse');
      await page.waitForFunction(() => 'htmx' in window);
      await page.selectOption('#browse-genre', 'mystery');
      await page.waitForURL((url) => url.searchParams.get('genre') === 'mystery');
      await page.locator('#browse-title', { hasText: 'Mystery books' }).waitFor();
      expect(await cards(page).count()).toBe(3);
      expect(await page.title()).toBe('Mystery books · Chapterhouse');
      await page.reload();
      expect(await page.locator('#browse-genre').inputValue()).toBe('mystery');
      expect(await cards(page).count()).toBe(3);
      await page.goBack({ waitUntil: 'commit' });
      await page.waitForURL((url) => !url.searchParams.has('genre'));
      await page.locator('#browse-title', { hasText: 'Browse books' }).waitFor();
      expect(await page.locator('#browse-genre').inputValue()).toBe('');
      expect(await cards(page).count()).toBe(12);
      expect(errors).toEqual([]);
      await context.close();
    });

    test('search: a misspelt title typed live finds the book, and the URL keeps the query', async () => {
      const context = await open(browser);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto('/search');
      await page.waitForFunction(() => 'htmx' in window);
      await markPage(page);
      await page.locator('#search-q').pressSequentially('mountian', { delay: 40 });
      const hit = page.locator('#search-results .search-hit__title', { hasText: 'The Ninth Mountain Sect' });
      await hit.waitFor({ timeout: 10_000 });
      await page.waitForURL((url) => url.searchParams.get('q') === 'mountian');
      expect(await stillSamePage(page)).toBe(true);
      expect(await page.locator('#search-status').innerText()).toContain('found');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}

test('rankings: tabs switch the list in place and mark the current tab', async () => {
  const context = await phoneContext(browser, { width: 390, height: 844 });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/ranking');
  await page.waitForFunction(() => 'htmx' in window);
  await markPage(page);
  await page.locator('.tabs__tab', { hasText: 'Top rated' }).click();
  await page.waitForURL('**/ranking?by=rating');
  await page.locator('.tabs__tab[aria-current="page"]', { hasText: 'Top rated' }).waitFor();
  expect(await stillSamePage(page)).toBe(true);
  expect(await page.locator('.ranking-row').count()).toBe(12);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(errors).toEqual([]);
  await context.close();
});

test('without JavaScript: the filter form and the Next page link work as plain HTML', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: BASE_URL });
  const page = await context.newPage();
  await page.goto('/browse?limit=4');
  await page.selectOption('#browse-status', 'completed');
  await Promise.all([page.waitForURL((url) => url.searchParams.get('status') === 'completed'), page.locator('.filter-bar button[type="submit"]').click()]);
  expect(await cards(page).count()).toBe(4);
  await Promise.all([page.waitForURL((url) => url.searchParams.get('page') === '2'), page.locator('#browse-more').click()]);
  expect(await cards(page).count()).toBe(2);
  expect(new URL(page.url()).searchParams.get('status')).toBe('completed');
  await page.goto('/search?q=Cartographr');
  expect(await page.locator('.search-hit__title').first().innerText()).toBe("The Cartographer's Daughter");
  await context.close();
});

test('home: each row scrolls sideways within itself, never the page, at every width with text at 150 %', async () => {
  for (const [width, height] of [[360, 740], [768, 1024], [1024, 768], [1440, 900]] as const) {
    const context = await browser.newContext({ viewport: { width, height }, baseURL: BASE_URL });
    await context.addCookies([{ name: 'font_size', value: '1.5', url: BASE_URL }]);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/');
    const row = page.locator('section[aria-labelledby="shelf-new"] .book-grid--row');
    expect(await row.locator('.book-card').count()).toBe(12);
    expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The last book is reached by scrolling the row.
    await row.locator('.book-card').last().scrollIntoViewIfNeeded();
    const last = (await row.locator('.book-card').last().boundingBox())!;
    expect(last.x + last.width).toBeLessThanOrEqual(width);
    expect(errors).toEqual([]);
    await context.close();
  }
});

test('home: "See all" opens the row\'s ranking; genres read in the reader\'s language', async () => {
  const context = await phoneContext(browser);
  await context.addCookies([{ name: 'locale', value: 'fr', url: BASE_URL }]);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/');
  await page.locator('section[aria-labelledby="shelf-new"] .home-row__all').click();
  await page.waitForURL('**/ranking?by=new');
  await page.locator('.tabs__tab[aria-current="page"]', { hasText: 'Nouveautés' }).waitFor();
  await page.goto('/browse');
  await page.waitForFunction(() => 'htmx' in window);
  await page.selectOption('#browse-genre', 'martial-arts');
  await page.locator('#browse-title', { hasText: 'Arts martiaux' }).waitFor();
  await page.locator('#browse-grid .book-card__genres', { hasText: 'Arts martiaux' }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});
