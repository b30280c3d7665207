import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, desktopContext, launchBrowser, phoneContext, signIn, watchErrors, noSidewaysScroll } from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const mark = (page: Page) => page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
const stillHere = (page: Page) => page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere === true);

test('follow a user and see their reading in the home feed; a private library is hidden from them', async () => {
  const ada = 'e2e-prof-ada';
  const bo = 'e2e-prof-bo';

  // Ada (desktop) reads chapter 2 of Salvage Rights: the chapter page records it on its own.
  const adaContext = await desktopContext(browser);
  await signIn(adaContext, ada);
  const adaPage = await adaContext.newPage();
  const adaErrors = watchErrors(adaPage);
  const recorded = adaPage.waitForResponse((r) => r.url().endsWith('/api/progress') && r.request().method() === 'POST' && r.status() === 200);
  await adaPage.goto('/book/salvage-rights/2');
  await recorded;
  const saved = await adaContext.request.post(`${BASE_URL}/api/library/ink-and-alibis`, { data: { shelf: 'completed' }, headers: { origin: BASE_URL } });
  expect(saved.status()).toBe(201);

  // Bo (phone) opens Ada's profile and sees what she reads.
  const boContext = await phoneContext(browser, { width: 390, height: 844 });
  await signIn(boContext, bo);
  const boPage = await boContext.newPage();
  const boErrors = watchErrors(boPage);
  await boPage.goto(`/users/${ada}`);
  expect(await boPage.locator('h1').innerText()).toBe(ada);
  const recent = boPage.locator('.profile-recent');
  await recent.getByRole('link', { name: 'Salvage Rights' }).waitFor();
  expect(await recent.innerText()).toContain('Chapter 2 of 30');
  await noSidewaysScroll(boPage);

  // The shelf tabs swap in place (no reload) and the address follows.
  await mark(boPage);
  expect(await boPage.locator('#profile-tab-completed .shelf-tabs__count').innerText()).toBe('1');
  await boPage.locator('#profile-tab-completed').click();
  await boPage.locator('#profile-tab-completed[aria-current="page"]').waitFor();
  await boPage.locator('#profile-shelves').getByRole('link', { name: 'Ink and Alibis' }).waitFor();
  // htmx pushes the address once the swap has settled.
  await boPage.waitForURL((url) => url.search === '?shelf=completed');
  expect(await stillHere(boPage)).toBe(true);

  // Following: the button and the follower count change in place.
  await boPage.getByRole('button', { name: `Follow ${ada}` }).click();
  await boPage.locator(`#follow-${ada}-button[aria-pressed="true"]`).waitFor();
  await boPage.locator('#profile-counts').getByText('1 follower', { exact: true }).waitFor();
  expect(await stillHere(boPage)).toBe(true);

  // The home feed shows Ada's reading; her name leads back to her profile.
  await boPage.goto('/');
  const feed = boPage.locator('.feed');
  await feed.getByRole('link', { name: 'Salvage Rights' }).waitFor();
  expect(await feed.innerText()).toContain('Chapter 2 of 30');
  await feed.getByRole('link', { name: ada }).click();
  await boPage.waitForURL(`**/users/${ada}`);

  // Ada makes her library private from the settings page (htmx saves the checkbox at once).
  await adaPage.goto('/settings');
  await adaPage.getByLabel('Keep my library private').check();
  await adaPage.locator('#toasts').getByText('Your library is now private.').waitFor();
  await adaPage.reload();
  expect(await adaPage.getByLabel('Keep my library private').isChecked()).toBe(true);

  // Bo no longer sees her shelves, her reading, nor her in the feed.
  await boPage.goto(`/users/${ada}`);
  await boPage.getByText(`${ada} keeps their library private`).waitFor();
  expect(await boPage.locator('#profile-shelves').count()).toBe(0);
  expect(await boPage.getByText('Salvage Rights').count()).toBe(0);
  const library = await boContext.request.get(`${BASE_URL}/api/users/${ada}/library`);
  expect(library.status()).toBe(404);
  await boPage.goto('/');
  await boPage.getByText('Nothing here yet').waitFor();
  expect(await boPage.locator('.feed').count()).toBe(0);

  // Ada still sees her own library, and says so on her profile.
  await adaPage.goto(`/users/${ada}`);
  await adaPage.getByText('Your library is private').waitFor();
  await adaPage.locator('.profile-recent').getByRole('link', { name: 'Salvage Rights' }).waitFor();

  // Public again: Bo sees it again.
  await adaPage.goto('/settings');
  await adaPage.getByLabel('Keep my library private').uncheck();
  await adaPage.locator('#toasts').getByText('Your library is now public.').waitFor();
  await boPage.goto(`/users/${ada}`);
  await boPage.locator('.profile-recent').getByRole('link', { name: 'Salvage Rights' }).waitFor();

  expect(adaErrors).toEqual([]);
  expect(boErrors).toEqual([]);
  await adaContext.close();
  await boContext.close();
});

test('without JavaScript: the privacy checkbox saves with its button and the profile follows', async () => {
  const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false });
  await signIn(context, 'e2e-prof-nojs');
  const page = await context.newPage();
  await page.goto('/settings');
  await page.getByLabel('Keep my library private').check();
  await page.getByRole('button', { name: 'Save privacy' }).click();
  await page.waitForURL('**/settings?privacy=saved#privacy');
  await page.getByText('Your library is now private.').waitFor();
  expect(await page.getByLabel('Keep my library private').isChecked()).toBe(true);
  await page.getByRole('link', { name: 'See your profile' }).click();
  await page.waitForURL('**/users/e2e-prof-nojs');
  await page.getByText('Your library is private').waitFor();
  // Unchecked, the browser posts an empty form: that means public.
  await page.goto('/settings');
  await page.getByLabel('Keep my library private').uncheck();
  await page.getByRole('button', { name: 'Save privacy' }).click();
  await page.getByText('Your library is now public.').waitFor();
  expect(await page.getByLabel('Keep my library private').isChecked()).toBe(false);
  await context.close();
});

test('reading statistics: the year and the last 30 days render as SVG on a phone and a desktop', async () => {
  const reader = 'e2e-stats-reader';
  const desktop = await desktopContext(browser);
  await signIn(desktop, reader);
  const page = await desktop.newPage();
  const errors = watchErrors(page);
  // Reading two chapters records them (the chapter page saves the place on its own).
  for (const n of [1, 2]) {
    const recorded = page.waitForResponse((r) => r.url().endsWith('/api/progress') && r.request().method() === 'POST' && r.status() === 200);
    await page.goto(`/book/salvage-rights/${n}`);
    await recorded;
  }
  for (const context of [desktop, await phoneContext(browser, { width: 360, height: 740 })]) {
    if (context !== desktop) await signIn(context, reader);
    const view = context === desktop ? page : await context.newPage();
    await view.goto(`/users/${reader}`);
    const heatmap = view.locator('.stats-heatmap > svg');
    await heatmap.waitFor();
    const box = (await heatmap.boundingBox())!;
    const width = view.viewportSize()!.width;
    expect(box.width).toBeGreaterThan(width < 500 ? 250 : 500);
    expect(box.width).toBeLessThanOrEqual(width);
    expect(box.height).toBeGreaterThan(40);
    // The legend's swatches keep their own size, and no two month names overlap.
    for (const swatch of await view.locator('.stats-legend__swatch').all()) expect((await swatch.boundingBox())!.width).toBeLessThanOrEqual(12);
    const months = await view.locator('.stats-heatmap__month').evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })));
    for (let i = 1; i < months.length; i++) expect(months[i]!.left).toBeGreaterThanOrEqual(months[i - 1]!.right);
    // Today's square is shaded, and its title names the chapters read.
    const shaded = view.locator('.stats-heatmap > svg rect.stats-heat:not(.stats-heat--0)');
    expect(await shaded.count()).toBeGreaterThanOrEqual(1);
    expect(await shaded.last().locator('title').textContent()).toMatch(/: [12] chapters?, /); // 1 if the two reads straddled midnight UTC
    expect(await view.locator('.stats-bars').count()).toBe(2);
    const bar = (await view.locator('.stats-bars__svg--chapters').boundingBox())!;
    expect(bar.width).toBeGreaterThan(200);
    expect(await view.locator('.stats-totals').innerText()).toContain('2 chapters');
    await noSidewaysScroll(view);
  }
  expect(errors).toEqual([]);
});
