import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { signedWebhook } from '../support/polar-server.ts';
import { BASE_URL, E2E_DEBUG_TOKEN, desktopContext, downloadEpubSpine, launchBrowser, watchErrors } from './support.ts';

/** A free reader reaches the daily limit, pays for Pro at the (local) provider and has it at once. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const SECRET = process.env.E2E_POLAR_SECRET ?? '';
const PROVIDER = process.env.E2E_POLAR_URL ?? '';
const BOOK = 'letters-to-the-lighthouse';

test('the 4th chapter of the day leads to Pro; after checkout the success page turns to "Pro is active" without a reload; then chapters 2–4 download as an EPUB', async () => {
  const context = await desktopContext(browser);
  const login = await context.request.post(`${BASE_URL}/api/auth/debug-login`, { data: { token: E2E_DEBUG_TOKEN, username: 'e2e-buyer', email: 'buyer@example.org' }, headers: { origin: BASE_URL } });
  const { user } = (await login.json()) as { user: { id: string } };
  const page = await context.newPage();
  const errors = watchErrors(page);
  for (const chapter of [1, 2, 3]) {
    expect((await page.request.post(`${BASE_URL}/api/audio`, { data: { slug: BOOK, chapter }, headers: { origin: BASE_URL } })).status()).toBe(202);
  }
  await page.goto(`/book/${BOOK}/4`);
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  const status = page.locator('[data-player-status]');
  await status.getByRole('link', { name: 'Get Chapterhouse Pro' }).click();
  await page.waitForURL('**/pro');
  expect(await page.locator('.pro-page__perks').innerText()).toContain('free: 3 chapters a day');
  await page.getByRole('button', { name: 'Get Pro' }).click();
  // The provider's hosted checkout page.
  await page.waitForURL(`${PROVIDER}/checkout/**`);
  const checkoutId = new URL(page.url()).pathname.split('/').pop()!;
  // Paid: the provider sends the reader back, and its webhook arrives a moment later.
  await page.goto(`/pro/success?checkout_id=${checkoutId}`);
  expect(await page.locator('#pro-status').innerText()).toContain('Still waiting for the payment provider');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const signed = signedWebhook(SECRET, { type: 'order.created', data: { id: 'ord_e2e', status: 'paid', paid: true, customer_id: 'cus_e2e', customer: { id: 'cus_e2e', email: 'someone-else@example.org', external_id: user.id } } });
  const delivered = await context.request.post(`${BASE_URL}/api/webhooks/polar`, { headers: signed.headers, data: signed.body });
  expect(delivered.status()).toBe(200);
  await page.locator('#pro-status[data-active="true"]').waitFor({ timeout: 10_000 });
  expect(await page.locator('#pro-status').innerText()).toBe('Pro is active. Enjoy unlimited listening, translation and EPUB export.');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  // The limit is gone for this reader.
  expect((await page.request.post(`${BASE_URL}/api/audio`, { data: { slug: BOOK, chapter: 4 }, headers: { origin: BASE_URL } })).status()).toBe(202);
  // And the book can now be taken away: chapters 2–4 as an EPUB from the book page.
  await page.goto(`/book/${BOOK}`);
  expect(await downloadEpubSpine(page, 2, 4)).toEqual(['c2', 'c3', 'c4']);
  // The one failed request the page saw is the refused 4th chapter (402), which the player explained.
  expect(errors.filter((e) => !e.includes('status of 402'))).toEqual([]);
  await context.close();
});
