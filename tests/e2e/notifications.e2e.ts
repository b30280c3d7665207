import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, desktopContext, launchBrowser, phoneContext, signIn, watchErrors } from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function userIdOf(context: BrowserContext): Promise<string> {
  const me = await context.request.get(`${BASE_URL}/api/auth/me`);
  return ((await me.json()) as { user: { id: string } }).user.id;
}

/** An admin (a second user) sends the reader a notification through the API. */
async function send(admin: BrowserContext, userId: string, data: { title: string; body?: string; link?: string }): Promise<void> {
  const res = await admin.request.post(`${BASE_URL}/api/notifications?user_id=${userId}`, { data, headers: { origin: BASE_URL } });
  expect(res.status()).toBe(201);
}

/** The figure the bell shows (aria-hidden) and what it says to assistive technology; '' when hidden. */
async function bell(page: Page): Promise<{ shown: string; spoken: string }> {
  const slot = page.locator('#notification-count');
  if ((await slot.locator('.bell__badge').count()) === 0) return { shown: '', spoken: '' };
  return { shown: await slot.locator('[aria-hidden="true"]').innerText(), spoken: await slot.locator('.visually-hidden').innerText() };
}
async function bellReads(page: Page, shown: string): Promise<void> {
  await page.waitForFunction((n) => {
    const badge = document.querySelector('#notification-count [aria-hidden="true"]');
    return (badge ? badge.textContent : '') === n;
  }, shown);
}

async function journey(kind: string, context: BrowserContext): Promise<void> {
  const reader = `e2e-nt-${kind}`;
  await signIn(context, reader);
  const readerId = await userIdOf(context);
  const adminContext = await desktopContext(browser);
  await signIn(adminContext, `e2e-nt-admin-${kind}`, 'admin');
  await send(adminContext, readerId, { title: 'Welcome aboard', body: 'Glad to have you.' });
  await send(adminContext, readerId, { title: 'Your import is ready', link: '/book/morning-bread' });
  await send(adminContext, readerId, { title: 'A reply to your comment', body: 'Someone answered you.' });

  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/');
  await bellReads(page, '3');
  expect(await bell(page)).toEqual({ shown: '3', spoken: '3 unread notifications' });
  await page.getByRole('link', { name: /^Notifications\s*3 unread notifications$/ }).click();
  await page.waitForURL('**/notifications');
  await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
  expect(await page.locator('.notification').count()).toBe(3);
  expect(await page.locator('.notification--unread').count()).toBe(3);
  expect(await page.locator('.notifications__summary').innerText()).toBe('3 unread notifications');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  // Opening one marks it read and goes where it points; the bell there counts one fewer.
  await page.getByRole('button', { name: 'Unread: Your import is ready' }).click();
  await page.waitForURL('**/book/morning-bread');
  await bellReads(page, '2');

  // A new one arrives while the reader looks at another page: the bell catches up on focus.
  await send(adminContext, readerId, { title: 'One more thing' });
  await Bun.sleep(10_500); // the script asks at most every 10 s on focus
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await bellReads(page, '3');

  // Dismissing one (htmx): the item leaves in place, the bell follows, the page does not reload.
  await page.goto('/notifications');
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  await page.getByRole('button', { name: 'Dismiss “Welcome aboard”' }).click();
  await page.getByText('Notification dismissed.').waitFor();
  await page.locator('.notification', { hasText: 'Welcome aboard' }).waitFor({ state: 'detached' });
  await bellReads(page, '2');
  expect(await page.locator('.notifications__summary').innerText()).toBe('2 unread notifications');
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BUTTON'); // the focus stayed in the list

  // Mark all read: the section comes back in place, the badge disappears.
  await page.locator('#notifications-read-all').click();
  await page.getByText('All notifications marked as read.').waitFor();
  // The toast comes with the response headers, before htmx swaps the section in.
  await page.locator('.notification--unread').first().waitFor({ state: 'detached' });
  await bellReads(page, '');
  expect(await page.locator('#notification-count').isVisible()).toBe(false);
  expect(await page.locator('.notification--unread').count()).toBe(0);
  expect(await page.locator('.notification').count()).toBe(3);

  // Clear all, after the browser's confirmation.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.locator('#notifications-clear').click();
  await page.getByText('All notifications cleared.').waitFor();
  await page.getByText('No notifications').waitFor();
  expect(await page.locator('.notification').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

  expect(errors).toEqual([]);
  await adminContext.close();
}

test('desktop: the bell counts, opening one lowers it, dismiss, mark all read, clear', async () => {
  const context = await desktopContext(browser);
  await journey('desktop', context);
  await context.close();
});

test('phone 390x844: the same journey', async () => {
  const context = await phoneContext(browser, { width: 390, height: 844 });
  await journey('phone', context);
  await context.close();
});

test('without JavaScript: forms and redirects do the same', async () => {
  const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false });
  await signIn(context, 'e2e-nt-nojs');
  const readerId = await userIdOf(context);
  const admin = await desktopContext(browser);
  await signIn(admin, 'e2e-nt-nojs-admin', 'admin');
  await send(admin, readerId, { title: 'Plain one' });
  await send(admin, readerId, { title: 'Linked one', link: '/library' });
  const page = await context.newPage();
  await page.goto('/notifications');
  await page.getByRole('button', { name: 'Unread: Linked one' }).click();
  await page.waitForURL('**/library');
  await page.goto('/notifications');
  await page.getByRole('button', { name: 'Mark “Plain one” as read' }).click();
  await page.getByText('Notification marked as read.').waitFor();
  await page.getByRole('button', { name: 'Dismiss “Plain one”' }).click();
  await page.getByText('Notification dismissed.').waitFor();
  await page.locator('#notifications-clear').click();
  await page.getByRole('heading', { name: 'Clear all notifications?' }).waitFor();
  await page.locator('#notifications-clear-confirm').click();
  await page.getByText('All notifications cleared.').waitFor();
  await page.getByText('No notifications').waitFor();
  await admin.close();
  await context.close();
});
