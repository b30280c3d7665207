/**
 * The site header: on a chapter it steps aside while the reader scrolls down and comes back on the
 * way up; on a phone the navigation is a tab bar with every destination; an admin finds "Admin";
 * the account menu opens, closes and signs out, with and without JavaScript.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, desktopContext, launchBrowser, phoneContext, signIn, watchErrors } from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const CHAPTER = '/book/salvage-rights/3';
const DESTINATIONS = ['Home', 'Browse', 'Search', 'Rankings', 'Library', 'Discover'];

/** Where the header and the tab bar are on the screen, and whether the page moved under them. */
const bars = (page: Page) =>
  page.evaluate(() => {
    const header = document.querySelector('.site-header')!.getBoundingClientRect();
    const nav = document.querySelector('.site-nav')!.getBoundingClientRect();
    const title = document.querySelector('h1')!.getBoundingClientRect();
    return { headerTop: header.top, headerBottom: header.bottom, navTop: nav.top, navBottom: nav.bottom, height: window.innerHeight, titleInPage: title.top + window.scrollY };
  });
const headerHidden = (page: Page) => page.waitForFunction(() => document.querySelector('.site-header')!.getBoundingClientRect().bottom <= 0);
const headerShown = (page: Page) => page.waitForFunction(() => document.querySelector('.site-header')!.getBoundingClientRect().top === 0);

/** Opens a chapter once the reader's script has settled (it records the visit after restoring the place). */
async function openChapter(page: Page): Promise<void> {
  const recorded = page.waitForResponse((r) => r.url().endsWith('/api/progress') && r.request().method() === 'POST');
  await page.goto(CHAPTER);
  await recorded;
}

test('phone: on a chapter the header and the tab bar step aside while scrolling down and come back on the way up', async () => {
  const context = await phoneContext(browser, { width: 390, height: 844 });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await openChapter(page);
  const start = await bars(page);
  expect(start.headerTop).toBe(0);
  expect(start.navBottom).toBe(start.height);

  await page.evaluate(() => window.scrollBy(0, 700));
  await headerHidden(page);
  await page.waitForFunction(() => document.querySelector('.site-nav')!.getBoundingClientRect().top >= window.innerHeight);
  const down = await bars(page);
  // The page did not move under the bars: the title is where it was in the document.
  expect(Math.abs(down.titleInPage - start.titleInPage)).toBeLessThan(1);

  await page.evaluate(() => window.scrollBy(0, -150));
  await headerShown(page);
  await page.waitForFunction(() => document.querySelector('.site-nav')!.getBoundingClientRect().bottom === window.innerHeight);
  expect(Math.abs((await bars(page)).titleInPage - start.titleInPage)).toBeLessThan(1);

  // Never while a menu of the header is open, nor while the focus is in it.
  await page.locator('.appearance > summary').click();
  await page.evaluate(() => window.scrollBy(0, 700));
  await page.waitForTimeout(400);
  expect((await bars(page)).headerTop).toBe(0);
  await page.keyboard.press('Escape');
  expect(await page.locator('details.appearance').getAttribute('open')).toBeNull();
  expect(await page.evaluate(() => document.activeElement?.closest('.appearance') !== null)).toBe(true);
  await page.evaluate(() => window.scrollBy(0, 700));
  await page.waitForTimeout(400);
  expect((await bars(page)).headerTop).toBe(0);
  // Reading again (the focus leaves the header): it steps aside.
  await page.evaluate(() => (document.activeElement as HTMLElement).blur());
  await page.evaluate(() => window.scrollBy(0, 700));
  await headerHidden(page);
  // Tabbing back into the header brings it back.
  await page.locator('.brand').focus();
  await headerShown(page);
  expect(errors).toEqual([]);
  await context.close();
});

test('desktop: the header steps aside on a chapter only; elsewhere it stays in the page', async () => {
  const context = await desktopContext(browser);
  const page = await context.newPage();
  await openChapter(page);
  await page.evaluate(() => window.scrollBy(0, 700));
  await headerHidden(page);
  await page.evaluate(() => window.scrollBy(0, -150));
  await headerShown(page);

  await page.goto('/browse');
  await page.evaluate(() => window.scrollBy(0, 400));
  await page.waitForTimeout(300);
  const header = await page.evaluate(() => ({ position: getComputedStyle(document.querySelector('.site-header')!).position, top: document.querySelector('.site-header')!.getBoundingClientRect().top, hidden: document.documentElement.classList.contains('chrome-hidden') }));
  expect(header).toEqual({ position: 'relative', top: -400, hidden: false });
  await context.close();
});

test('with reduced motion the bars appear and disappear without sliding', async () => {
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: BASE_URL, hasTouch: true, isMobile: true, reducedMotion });
    const page = await context.newPage();
    await openChapter(page);
    const slide = await page.evaluate(() => [getComputedStyle(document.querySelector('.site-header')!).transitionDuration, getComputedStyle(document.querySelector('.site-nav')!).transitionDuration]);
    expect(slide.map((d) => parseFloat(d) >= 0.1)).toEqual(reducedMotion === 'reduce' ? [false, false] : [true, true]);
    await context.close();
  }
});

test('phone: the tab bar shows every destination, marks the current one and is reachable by keyboard', async () => {
  const context = await phoneContext(browser);
  await signIn(context, 'e2e-header-reader');
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/browse');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const links = nav.getByRole('link');
  expect(await links.allInnerTexts()).toEqual(DESTINATIONS);
  const boxes = await links.evaluateAll((all) => all.map((a) => a.getBoundingClientRect().toJSON() as DOMRect));
  for (const box of boxes) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(360);
    expect(box.bottom).toBeLessThanOrEqual(740);
    expect(box.top).toBeGreaterThan(740 - 100); // at the bottom of the screen
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  }
  // The current one is named and drawn apart from the others.
  expect(await nav.locator('[aria-current="page"]').allInnerTexts()).toEqual(['Browse']);
  const pills = await links.evaluateAll((all) => all.map((a) => getComputedStyle(a.querySelector('.site-nav__icon')!).backgroundColor));
  expect(new Set(pills.filter((_, i) => i !== 1))).toEqual(new Set([pills[0]!]));
  expect(pills[1]).not.toBe(pills[0]);
  expect(await nav.getByRole('link', { name: 'Admin' }).count()).toBe(0);

  // From the top of the page the keyboard reaches the tabs, with a visible focus.
  await page.keyboard.press('Tab'); // the skip link
  let inBar = false;
  for (let i = 0; i < 4 && !inBar; i++) {
    await page.keyboard.press('Tab');
    inBar = await page.evaluate(() => document.activeElement?.classList.contains('site-nav__link') ?? false);
  }
  expect(inBar).toBe(true);
  expect(await page.evaluate(() => [document.activeElement!.textContent!.trim(), getComputedStyle(document.activeElement!).outlineStyle])).toEqual(['Home', 'solid']);

  await nav.getByRole('link', { name: 'Library' }).tap();
  await page.waitForURL('**/library');
  expect(await page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]').allInnerTexts()).toEqual(['Library']);
  expect(errors).toEqual([]);
  await context.close();
});

test('an admin finds "Admin" in the tab bar on a phone and in the header row on a desktop; a reader does not', async () => {
  const phone = await phoneContext(browser);
  await signIn(phone, 'e2e-header-admin', 'admin');
  const page = await phone.newPage();
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  expect(await nav.getByRole('link').allInnerTexts()).toEqual([...DESTINATIONS, 'Admin']);
  await nav.getByRole('link', { name: 'Admin' }).tap();
  await page.waitForURL('**/admin');
  expect(await nav.locator('[aria-current="page"]').allInnerTexts()).toEqual(['Admin']);
  await phone.close();

  const desktop = await desktopContext(browser);
  await signIn(desktop, 'e2e-header-admin', 'admin');
  const wide = await desktop.newPage();
  await wide.goto('/');
  const row = wide.getByRole('banner').getByRole('navigation', { name: 'Main' });
  expect(await row.getByRole('link').allInnerTexts()).toEqual([...DESTINATIONS, 'Admin']);
  // One row: every link on the same line as the brand.
  const tops = await row.getByRole('link').evaluateAll((all) => all.map((a) => Math.round(a.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  await signIn(desktop, 'e2e-header-reader');
  await wide.reload();
  expect(await row.getByRole('link').allInnerTexts()).toEqual(DESTINATIONS);
  await desktop.close();
});

test('the account menu: profile, account, settings and sign-out; Escape or a click elsewhere closes it', async () => {
  const context = await desktopContext(browser);
  await signIn(context, 'e2e-header-menu');
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/browse');
  const button = page.locator('.account-menu > summary');
  expect(await button.getAttribute('aria-label')).toBe('e2e-header-menu, your account');
  const panel = page.locator('.account-menu__panel');
  await button.click();
  expect(await panel.getByRole('link').allInnerTexts()).toEqual(['Your profile', 'Your account', 'Settings']);
  expect(await panel.getByRole('link', { name: 'Your profile' }).getAttribute('href')).toBe('/users/e2e-header-menu');
  expect(await panel.innerText()).toContain('Signed in as e2e-header-menu');
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'hidden' });
  expect(await page.evaluate(() => document.activeElement?.matches('.account-menu > summary'))).toBe(true);

  await button.click();
  await panel.waitFor();
  // Opening the appearance menu closes this one; a click on the page closes that.
  await page.locator('.appearance > summary').click();
  await panel.waitFor({ state: 'hidden' });
  await page.locator('main h1').click();
  expect(await page.locator('details.appearance[open]').count()).toBe(0);

  await button.click();
  await panel.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});

test('without JavaScript the tab bar still shows every destination and the account menu signs out', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: BASE_URL, javaScriptEnabled: false });
  await signIn(context, 'e2e-header-nojs');
  const page = await context.newPage();
  await page.goto('/settings');
  const nav = page.getByRole('navigation', { name: 'Main' });
  expect(await nav.getByRole('link').allInnerTexts()).toEqual(DESTINATIONS);
  expect(await nav.locator('[aria-current="page"]').count()).toBe(0);
  await page.locator('.account-menu > summary').click();
  await page.locator('.account-menu__panel').getByRole('link', { name: 'Settings' }).waitFor();
  expect(await page.locator('.account-menu__panel a[aria-current="page"]').innerText()).toBe('Settings');
  await page.locator('.account-menu__panel').getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
  await context.close();
});
