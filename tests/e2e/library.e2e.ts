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
    await page.getByRole('button', { name: `Save to library: ${title}` }).click();
    await page.locator(`#shelf-${slug} [role="status"]`).getByText('Saved to Plan to read.').waitFor();
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(await page.locator(`#shelf-${slug}-select`).inputValue()).toBe('plan_to_read');
  }

  await page.goto('/library');
  for (const [, title] of BOOKS) await page.getByRole('link', { name: title, exact: true }).waitFor();
  expect(await page.locator('#tab-plan_to_read .shelf-tabs__count').innerText()).toBe('3');
  await noSidewaysScroll(page);
  // Cover first: every cover at least 96 px wide.
  for (const width of await page.locator('.library-entry__cover').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width))) {
    expect(width).toBeGreaterThanOrEqual(96);
  }

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

  // A book's own menu on /library: named by its shelf; one open at a time; Escape and a click
  // elsewhere close it; "Move to Reading" moves it and the tabs follow. The menus arrived with the
  // last swap; htmx wires them up once that swap has settled.
  await page.waitForFunction(() => !document.querySelector('.htmx-swapping, .htmx-settling, .htmx-request'));
  const menuOf = (slug: string) => page.locator(`#menu-${slug}`);
  const morning = page.locator('#menu-morning-bread-button');
  expect(await morning.getAttribute('aria-label')).toBe('Completed: move or remove Morning Bread');
  await morning.click();
  await menuOf('morning-bread').getByRole('button', { name: 'Move to Reading' }).waitFor();
  expect(await menuOf('morning-bread').getByRole('button', { name: 'Move to Completed' }).count()).toBe(0);
  const panel = await menuOf('morning-bread').locator('.book-menu__panel').boundingBox();
  expect(panel!.x).toBeGreaterThanOrEqual(0);
  expect(panel!.x + panel!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await noSidewaysScroll(page);
  await page.keyboard.press('Escape');
  expect(await menuOf('morning-bread').getAttribute('open')).toBeNull();
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('menu-morning-bread-button');
  await morning.click();
  await page.locator('#menu-ink-and-alibis-button').click();
  expect(await menuOf('morning-bread').getAttribute('open')).toBeNull(); // one menu open at a time
  await page.locator('#library-heading').click();
  expect(await menuOf('ink-and-alibis').getAttribute('open')).toBeNull(); // a click elsewhere closes it
  await morning.click();
  await menuOf('morning-bread').getByRole('button', { name: 'Move to Reading' }).click();
  await page.getByText('Moved 1 book to Reading.').waitFor();
  expect(await page.locator('#tab-reading .shelf-tabs__count').innerText()).toBe('1');
  await page.locator('#menu-morning-bread-button[aria-label="Reading: move or remove Morning Bread"]').waitFor();

  // Removing from the menu asks first; the list and the counts follow in place.
  await page.waitForFunction(() => !document.querySelector('.htmx-swapping, .htmx-settling, .htmx-request'));
  await page.locator('#menu-ink-and-alibis-button').click();
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Remove Ink and Alibis from your library?');
    void dialog.accept();
  });
  await menuOf('ink-and-alibis').getByRole('button', { name: 'Remove from library' }).click();
  await page.getByText('Removed 1 book from your library.').waitFor();
  expect(await page.locator('#tab-all .shelf-tabs__count').innerText()).toBe('1');
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

  // The reader reads a chapter: the library shows it on the cover. A second reader follows them
  // from the home page and sees it.
  const read = await context.request.post(`${BASE_URL}/api/progress`, { data: { slug: 'morning-bread', chapter: 2 }, headers: { origin: BASE_URL } });
  expect(read.ok()).toBe(true);
  await page.reload();
  expect(await page.locator('#library .cover-frame__chapter').innerText()).toBe('Ch. 2 / 5');
  expect(await page.getByRole('progressbar', { name: 'Reading progress' }).getAttribute('aria-valuetext')).toBe('Chapter 2 of 5');
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

test('phone 360 px with text at 150 %: every shelf tab, the open one included, is on screen, in every theme', async () => {
  const context = await phoneContext(browser);
  const reader = 'e2e-lib-tabs';
  await signIn(context, reader);
  for (const slug of ['morning-bread', 'salvage-rights']) {
    const saved = await context.request.post(`${BASE_URL}/api/library/${slug}`, { data: { shelf: 'dropped' }, headers: { origin: BASE_URL } });
    expect(saved.ok()).toBe(true);
  }
  const page = await context.newPage();
  const errors = watchErrors(page);
  for (const theme of ['amber', 'slate', 'rose', 'light', 'light-slate', 'light-rose']) {
    await context.addCookies([{ name: 'font_size', value: '1.5', url: BASE_URL }, { name: 'theme', value: theme, url: BASE_URL }]);
    await page.goto('/library?shelf=dropped');
    await page.locator('#tab-dropped[aria-current="page"]').waitFor();
    const width = page.viewportSize()!.width;
    for (const tab of await page.locator('.shelf-tabs a').all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    expect((await page.locator('.library-entry__cover').first().boundingBox())!.width).toBeGreaterThanOrEqual(96);
    await noSidewaysScroll(page);
  }
  expect(errors).toEqual([]);
  await context.close();
});

test('without JavaScript: the book menu moves, and removing asks on a page first', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: BASE_URL });
  await signIn(context, 'e2e-lib-nojs');
  const saved = await context.request.post(`${BASE_URL}/api/library/ink-and-alibis`, { data: { shelf: 'reading' }, headers: { origin: BASE_URL } });
  expect(saved.ok()).toBe(true);
  const page = await context.newPage();
  await page.goto('/library?shelf=reading');
  await page.locator('#menu-ink-and-alibis-button').click();
  await Promise.all([page.waitForURL('**/library?shelf=reading&done=moved&n=1&to=completed'), page.getByRole('button', { name: 'Move to Completed' }).click()]);
  await page.getByText('Moved 1 book to Completed.').waitFor();
  await page.goto('/library?shelf=completed');
  await page.locator('#menu-ink-and-alibis-button').click();
  await page.getByRole('button', { name: 'Remove from library' }).click();
  await page.getByRole('heading', { name: 'Remove 1 book?' }).waitFor();
  expect(await page.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/library?shelf=completed');
  await page.getByRole('button', { name: 'Remove from library' }).click();
  await page.getByText('Removed 1 book from your library.').waitFor();
  expect(await page.locator('#tab-all .shelf-tabs__count').innerText()).toBe('0');
  await context.close();
});
