import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { BASE_URL, desktopContext, launchBrowser, phoneContext, signIn } from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Every PUT /api/settings the page sends, with its JSON body. */
function recordSaves(page: Page): Array<Record<string, unknown>> {
  const saves: Array<Record<string, unknown>> = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/settings') saves.push(JSON.parse(request.postData() ?? '{}'));
  });
  return saves;
}

const htmlAttr = (page: Page, name: string) => page.evaluate((n) => document.documentElement.getAttribute(n), name);
const fontSizePx = (page: Page, selector: string) => page.evaluate((s) => parseFloat(getComputedStyle(document.querySelector(s)!).fontSize), selector);
const status = (page: Page) => page.locator('[data-settings-status]');

/** Moves the text-size slider by keyboard, like a reader would: 0.025 a step. */
async function nudgeFontSize(page: Page, steps: number): Promise<void> {
  await page.locator('#settings-font-size').focus();
  for (let i = 0; i < steps; i++) await page.keyboard.press('ArrowRight');
}

async function changeLookAndCheck(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/settings');
  const saves = recordSaves(page);
  const bodyBefore = await fontSizePx(page, 'body');
  const previewBefore = await fontSizePx(page, '[data-settings-preview]');

  // Three quick changes: each shows at once, and they travel together in one request.
  await page.selectOption('#settings-theme', 'light');
  expect(await htmlAttr(page, 'data-theme')).toBe('light');
  await nudgeFontSize(page, 20); // 1.0 → 1.5
  expect(await page.locator('output[for="settings-font-size"]').innerText()).toBe('150%');
  expect(await fontSizePx(page, 'body')).toBeCloseTo(bodyBefore * 1.5, 1);
  expect(await fontSizePx(page, '[data-settings-preview]')).toBeCloseTo(previewBefore * 1.5, 1);
  await page.selectOption('#settings-font', 'serif');
  expect(await htmlAttr(page, 'data-font')).toBe('serif');
  expect(await status(page).innerText()).toBe('Saving…');
  expect(saves).toHaveLength(0); // still inside the 800 ms wait

  await page.waitForFunction(() => document.querySelector('[data-settings-status]')?.textContent === 'Saved');
  expect(saves).toEqual([{ theme: 'light', font_size: 1.5, font_family: 'serif' }]);
  expect(await page.locator('[data-settings-save]').isHidden()).toBe(true);
  expect(await status(page).getAttribute('aria-live')).toBe('polite');

  // The page fits the screen: no sideways scrolling.
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);

  // After a reload the choices are still there (cookies for the look, the database for the rest).
  await page.reload();
  expect(await htmlAttr(page, 'data-theme')).toBe('light');
  expect(await htmlAttr(page, 'data-font')).toBe('serif');
  expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--font-scale').trim())).toBe('1.5');
  expect(await page.locator('#settings-theme').inputValue()).toBe('light');
  expect(await page.locator('#settings-font-size').inputValue()).toBe('1.5');
  expect(errors).toEqual([]);
  return page;
}

describe('settings page', () => {
  test('desktop: changes apply at once, save once after the pause, and persist', async () => {
    const context = await desktopContext(browser);
    const page = await changeLookAndCheck(context);
    const stored = await (await context.request.get(`${BASE_URL}/api/settings`)).json();
    expect(stored).toMatchObject({ theme: 'light', font_family: 'serif', font_size: 1.5 });
    await page.close();
    await context.close();
  });

  test('phone 390x844, signed in: the look follows the account to a new browser', async () => {
    const phone = await phoneContext(browser, { width: 390, height: 844 });
    await signIn(phone, 'e2e-settings-traveller');
    await changeLookAndCheck(phone);
    await phone.close();

    const laptop = await desktopContext(browser);
    await signIn(laptop, 'e2e-settings-traveller');
    const page = await laptop.newPage();
    await page.goto('/');
    expect(await htmlAttr(page, 'data-theme')).toBe('light');
    expect(await htmlAttr(page, 'data-font')).toBe('serif');
    await laptop.close();
  });

  test('a failed save keeps the choice, says so, and goes out again with the next change', async () => {
    const context = await phoneContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await page.goto('/settings');
    const saves = recordSaves(page);
    // On the context: the service worker's own requests to the server are refused too.
    await context.route('**/api/settings', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"unavailable","message":"Down"}' }));
    // Auto-next is on by default: the click turns it off.
    expect(await page.locator('#settings-auto-next').isChecked()).toBe(true);
    await page.locator('label[for="settings-auto-next"]').click();
    await page.waitForFunction(() => document.querySelector('[data-settings-status]')?.classList.contains('is-error'));
    expect(await status(page).innerText()).toContain('could not be saved');
    expect(await page.locator('#settings-auto-next').isChecked()).toBe(false);

    await context.unroute('**/api/settings');
    await page.selectOption('#settings-voice', 'espeak-en-us');
    await page.locator('#settings-speed').focus();
    await page.keyboard.press('ArrowRight'); // 1.0 → 1.05
    await page.waitForFunction(() => document.querySelector('[data-settings-status]')?.textContent === 'Saved');
    expect(saves.at(-1)).toEqual({ auto_next: false, voice: 'espeak-en-us', speed: 1.05 });
    expect(await (await context.request.get(`${BASE_URL}/api/settings`)).json()).toMatchObject({ auto_next: false, speed: 1.05 });
    await context.close();
  });

  test('a new language is saved, then the page reloads in it', async () => {
    const context = await desktopContext(browser);
    const page = await context.newPage();
    await page.goto('/settings');
    await Promise.all([page.waitForEvent('load'), page.selectOption('#settings-locale', 'fr')]);
    await page.waitForFunction(() => document.documentElement.lang === 'fr');
    expect(await page.locator('h1').innerText()).toBe('Réglages');
    await context.close();
  });
});
