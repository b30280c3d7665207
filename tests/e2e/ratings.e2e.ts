import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, desktopContext, launchBrowser, phoneContext, signIn, watchErrors } from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Set before an action; still there afterwards only if htmx swapped in place (no reload). */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
const stillHere = (page: Page) => page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere === true);
const checkedStar = (page: Page, slug: string) => page.evaluate((s) => (document.querySelector(`#rating-${s} input[name="rating"]:checked`) as HTMLInputElement | null)?.value ?? null, slug);
const status = (page: Page, slug: string) => page.locator(`#rating-${slug}-status`);

test('rating by clicking a star and with the arrow keys; the average follows', async () => {
  const slug = 'the-clockwork-heir';
  const context = await desktopContext(browser);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`/book/${slug}`);
  await page.locator(`#rating-${slug} .rating__average`).getByText('Not rated yet').waitFor();
  // With JavaScript the stars save by themselves: no Save button.
  expect(await page.getByRole('button', { name: 'Save rating' }).count()).toBe(0);

  await mark(page);
  await page.locator(`label[for="rating-${slug}-4"]`).click();
  await status(page, slug).getByText('Rating saved: 4 stars. 4.0 out of 5 from 1 rating').waitFor();
  expect(await page.locator(`#rating-${slug}-summary .rating__average`).innerText()).toBe('4.0 out of 5 from 1 rating');
  expect(await checkedStar(page, slug)).toBe('4');
  expect(await stillHere(page)).toBe(true);

  // Keyboard: the radio group is one tab stop; the arrows move and choose, each choice is saved.
  const four = page.getByRole('radio', { name: '4 stars' });
  await four.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await status(page, slug).getByText('Rating saved: 2 stars. 2.0 out of 5 from 1 rating').waitFor();
  expect(await checkedStar(page, slug)).toBe('2');
  // Focus stays on the chosen star (the radios are never swapped) and is visible on its label.
  expect(await page.evaluate(() => document.activeElement?.id)).toBe(`rating-${slug}-2`);
  const outline = await page.locator(`label[for="rating-${slug}-2"]`).evaluate((label) => getComputedStyle(label).outlineStyle);
  expect(outline).toBe('solid');
  await page.keyboard.press('ArrowRight');
  await status(page, slug).getByText('Rating saved: 3 stars. 3.0 out of 5 from 1 rating').waitFor();
  const mine = await context.request.get(`${BASE_URL}/api/ratings/${slug}`);
  expect(await mine.json()).toEqual({ average: 3, count: 1, mine: 3 });

  // Another reader on a phone rates 5: both see the shared average.
  const phone = await phoneContext(browser);
  const other = await phone.newPage();
  await other.goto(`/book/${slug}`);
  await other.locator(`label[for="rating-${slug}-5"]`).click();
  await status(other, slug).getByText('Rating saved: 5 stars. 4.0 out of 5 from 2 ratings').waitFor();
  await page.reload();
  expect(await page.locator(`#rating-${slug}-summary .rating__average`).innerText()).toBe('4.0 out of 5 from 2 ratings');
  expect(await checkedStar(page, slug)).toBe('3');

  // Withdrawing: the control is re-rendered without a checked star and says so.
  await page.getByRole('button', { name: 'Remove my rating' }).click();
  await status(page, slug).getByText('Your rating was removed. 5.0 out of 5 from 1 rating').waitFor();
  expect(await checkedStar(page, slug)).toBeNull();
  // Focus moves once htmx has settled the swapped control, a moment after the text appears.
  await page.waitForFunction((id) => document.activeElement?.id === id, `rating-${slug}-status`, { timeout: 5000 });
  // The catalogue shows the new average too.
  const book = (await (await context.request.get(`${BASE_URL}/api/book/${slug}`)).json()) as { book: { rating_avg: number; rating_count: number } };
  expect(book.book).toMatchObject({ rating_avg: 5, rating_count: 1 });
  expect(errors).toEqual([]);
  await phone.close();
  await context.close();
});

test('without JavaScript the stars are a form with a Save button that comes back to the book', async () => {
  const slug = 'salvage-rights';
  const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/book/${slug}`);
  await page.locator(`label[for="rating-${slug}-3"]`).click();
  await Promise.all([page.waitForURL(`${BASE_URL}/book/${slug}`), page.getByRole('button', { name: 'Save rating' }).click()]);
  expect(await checkedStar(page, slug)).toBe('3');
  expect(await page.locator(`#rating-${slug}-summary .rating__average`).innerText()).toBe('3.0 out of 5 from 1 rating');
  await context.close();
});

test('at the end of the book, "Mark as completed" puts it on the completed shelf (with and without JavaScript)', async () => {
  const context = await desktopContext(browser);
  await signIn(context, 'e2e-end-offer');
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/book/ink-and-alibis/6');
  await mark(page);
  await page.getByRole('button', { name: 'Mark as completed' }).click();
  await page.locator('#shelf-ink-and-alibis [role="status"]').getByText('Saved to Completed.').waitFor();
  expect(await page.locator('#shelf-ink-and-alibis-select').inputValue()).toBe('completed');
  expect(await stillHere(page)).toBe(true);
  const library = (await (await context.request.get(`${BASE_URL}/api/library`)).json()) as { books: { book: { slug: string }; shelf: string }[] };
  expect(library.books.map((e) => [e.book.slug, e.shelf])).toEqual([['ink-and-alibis', 'completed']]);
  expect(errors).toEqual([]);

  // Without JavaScript: a plain post, back on the book page with the shelf shown.
  const plain = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false });
  await signIn(plain, 'e2e-end-offer-plain');
  const noJs = await plain.newPage();
  await noJs.goto('/book/letters-to-the-lighthouse/5');
  await Promise.all([noJs.waitForURL(`${BASE_URL}/book/letters-to-the-lighthouse`), noJs.getByRole('button', { name: 'Mark as completed' }).click()]);
  expect(await noJs.locator('#shelf-letters-to-the-lighthouse-select').inputValue()).toBe('completed');

  // A visitor is asked to sign in instead, and comes back to the chapter.
  const visitor = await (await desktopContext(browser)).newPage();
  await visitor.goto('/book/ink-and-alibis/6');
  expect(await visitor.getByRole('button', { name: 'Mark as completed' }).count()).toBe(0);
  expect(await visitor.getByRole('link', { name: 'Sign in to keep track' }).getAttribute('href')).toBe('/login?return_to=%2Fbook%2Fink-and-alibis%2F6');
  await plain.close();
  await context.close();
});
