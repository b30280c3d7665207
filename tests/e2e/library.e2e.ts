import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, desktopContext, launchBrowser, phoneContext, signIn, watchErrors, noSidewaysScroll } from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const BOOKS = [
  ['morning-bread', 'Morning Bread'],
  ['ink-and-alibis', 'Ink and Alibis'],
  ['salvage-rights', 'Salvage Rights'],
] as const;

/** Saves from the book page (htmx swaps the control in place), organises on /library, then a follower sees it. */
async function journey(kind: string, context: BrowserContext): Promise<void> {
  const reader = `e2e-lib-${kind}`;
  await signIn(context, reader);
  const page = await context.newPage();
  const errors = watchErrors(page);

  for (const [slug, title] of BOOKS) {
    await page.goto(`/book/${slug}`);
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await page.getByRole('button', { name: `Save ${title} to your library` }).click();
    await page.locator(`#shelf-${slug} [role="status"]`).getByText('Saved to Plan to read.').waitFor();
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(await page.locator(`#shelf-${slug}-select`).inputValue()).toBe('plan_to_read');
  }

  await page.goto('/library');
  for (const [, title] of BOOKS) await page.getByRole('link', { name: title, exact: true }).waitFor();
  expect(await page.locator('#tab-plan_to_read .shelf-tabs__count').innerText()).toBe('3');
  await noSidewaysScroll(page);

  // Selection mode: move two books to Completed. With htmx none of this reloads the page: the
  // marker set here survives only if every step swapped #library in place.
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  await page.locator('#library-select-toggle').click();
  await page.getByLabel('Select Morning Bread').check();
  await page.getByLabel('Select Ink and Alibis').check();
  await noSidewaysScroll(page);
  await page.locator('#bulk-shelf').selectOption('completed');
  await page.locator('#bulk-move').click();
  await page.getByText('Moved 2 books to Completed.').waitFor();
  expect(await page.locator('#tab-completed .shelf-tabs__count').innerText()).toBe('2');
  expect(await page.locator('#tab-plan_to_read .shelf-tabs__count').innerText()).toBe('1');

  // Remove one, after the confirmation.
  await page.locator('#library-select-toggle').click();
  await page.getByLabel('Select Salvage Rights').check();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.locator('#bulk-remove').click();
  await page.getByText('Removed 1 book from your library.').waitFor();
  expect(await page.locator('#tab-all .shelf-tabs__count').innerText()).toBe('2');
  expect(await page.getByRole('link', { name: 'Salvage Rights', exact: true }).count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  expect(new URL(page.url()).pathname).toBe('/library');

  // A book's own shelf control on /library: choosing a shelf is enough, and the tabs follow.
  // The control arrived with the last swap; htmx wires it up once that swap has settled.
  await page.waitForFunction(() => !document.querySelector('.htmx-swapping, .htmx-settling, .htmx-request'));
  await page.locator('#shelf-morning-bread-select').selectOption('reading');
  await page.getByText('Moved 1 book to Reading.').waitFor();
  expect(await page.locator('#tab-reading .shelf-tabs__count').innerText()).toBe('1');
  expect(await page.locator('#shelf-morning-bread-select').inputValue()).toBe('reading');

  // The reader reads a chapter; a second reader follows them from the home page and sees it.
  const read = await context.request.post(`${BASE_URL}/api/progress`, { data: { slug: 'morning-bread', chapter: 2 }, headers: { origin: BASE_URL } });
  expect(read.ok()).toBe(true);
  const fanContext = await (kind === 'phone' ? phoneContext(browser, { width: 390, height: 844 }) : desktopContext(browser));
  await signIn(fanContext, `e2e-fan-${kind}`);
  const fan = await fanContext.newPage();
  const fanErrors = watchErrors(fan);
  await fan.goto('/');
  await fan.getByText('Nothing here yet').waitFor();
  const followButton = fan.getByRole('button', { name: `Follow ${reader}` });
  await followButton.click();
  await fan.locator(`#follow-${reader}-button[aria-pressed="true"]`).waitFor();
  await fan.reload();
  const feed = fan.locator('.feed');
  await feed.getByText(reader).waitFor();
  await feed.getByRole('link', { name: 'Morning Bread' }).waitFor();
  expect(await feed.innerText()).toContain('Chapter 2 of 5');
  await noSidewaysScroll(fan);

  expect(errors).toEqual([]);
  expect(fanErrors).toEqual([]);
  await fanContext.close();
}

test('desktop: save, organise, remove, and a follower sees the reading', async () => {
  const context = await desktopContext(browser);
  await journey('desktop', context);
  await context.close();
});

test('phone 390x844: the same journey', async () => {
  const context = await phoneContext(browser, { width: 390, height: 844 });
  await journey('phone', context);
  await context.close();
});
