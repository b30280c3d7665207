import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { desktopContext, launchBrowser } from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

test('sign in with the OpenID provider, see the avatar initials and the device, sign out', async () => {
  const context = await desktopContext(browser);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await page.waitForURL('**/login?return_to=%2F');
  await page.getByRole('link', { name: /Single sign-on/ }).click();

  // The provider's own pages: login, then consent.
  await page.locator('input[name="login"]').fill('june-reader');
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click();

  await page.waitForURL((url) => url.pathname === '/');
  const avatar = page.locator('header .avatar--initials').first();
  await avatar.waitFor();
  expect(await avatar.innerText()).toBe('JR');

  await page.goto('/account');
  await page.getByText('june-reader').first().waitFor();
  expect(await page.getByText('This device').count()).toBeGreaterThan(0);

  await page.locator('header form[action="/logout"] button').click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
  await page.goto('/account');
  expect(new URL(page.url()).pathname).toBe('/login');
  expect(errors).toEqual([]);
  await context.close();
});
