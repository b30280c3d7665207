import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { desktopContext, launchBrowser, signIn, watchErrors } from './support.ts';

/** After an htmx swap a keyboard reader started, the focus lands on what came and it is announced. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const focused = (page: Page) => page.evaluate(() => ({ tag: document.activeElement?.tagName, id: document.activeElement?.id ?? '', text: document.activeElement?.textContent?.slice(0, 200) ?? '' }));
const announced = (page: Page) => page.waitForFunction(() => document.querySelector('[data-swap-announcer]')?.textContent ?? '', undefined, { timeout: 5000 }).then((h) => h.jsonValue());

test('posting a comment by keyboard: the focus goes to the new comment, and "Your comment is posted." is said', async () => {
  const context = await desktopContext(browser);
  await signIn(context, 'e2e-swap-commenter');
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/book/ink-and-alibis/comments?chapter=2');
  await page.getByLabel('Add a comment').focus();
  await page.keyboard.type('Focus stays with me.');
  await page.getByRole('button', { name: 'Post comment' }).focus();
  await page.keyboard.press('Enter');
  await page.locator('article.comment', { hasText: 'Focus stays with me.' }).waitFor();
  expect(await announced(page)).toBe('Your comment is posted.');
  const now = await focused(page);
  expect(now.tag).toBe('ARTICLE');
  expect(now.id).toMatch(/^comment-\d+$/);
  expect(now.text).toContain('Focus stays with me.');
  expect(errors).toEqual([]);
  await context.close();
});

test('reaching "Next page" by keyboard: the focus goes to the first new book, the next Tab reaches its link, and the count is said', async () => {
  const context = await desktopContext(browser);
  const page = await context.newPage();
  const errors = watchErrors(page);
  // A short window: "Next page" starts out of view, and a keyboard reader reaching it brings it into
  // view, which fetches the next page in its place (hx-trigger="revealed").
  await page.setViewportSize({ width: 1280, height: 300 });
  await page.goto('/browse?limit=4');
  await page.waitForLoadState('networkidle');
  const before = await page.locator('#browse-grid > li').count();
  expect(before).toBe(4);
  await page.locator('#browse-more').focus();
  await page.waitForFunction((n) => document.querySelectorAll('#browse-grid > li').length > n, before);
  const said = await announced(page);
  expect(said).toMatch(/^\d+ more books below\.$/);
  const first = await page.evaluate((n) => document.activeElement === document.querySelectorAll('#browse-grid > li')[n], before);
  expect(first).toBe(true);
  await page.keyboard.press('Tab');
  const link = await page.evaluate((n) => document.querySelectorAll('#browse-grid > li')[n]!.contains(document.activeElement), before);
  expect(link).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});
