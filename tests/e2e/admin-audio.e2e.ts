import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, desktopContext, launchBrowser, noSidewaysScroll, phoneContext, signIn, watchErrors } from './support.ts';

/** An admin finds stored audio on /admin/audio and deletes it, with JavaScript and without. */
let browser: Browser;
let admin: BrowserContext;
let voice: string;
const SLUG = 'the-house-on-wren-street';
let title: string;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await desktopContext(browser);
  await signIn(admin, 'e2e-audio-admin', 'admin');
  voice = ((await (await admin.request.get(`${BASE_URL}/api/voices`)).json()) as { voices: { id: string }[] }).voices[0]!.id;
  title = ((await (await admin.request.get(`${BASE_URL}/api/book/${SLUG}`)).json()) as { book: { title: string } }).book.title;
  // Real narrations by the app's own engines: two chapters, one for each way of deleting.
  await Promise.all([generate(admin.request, 1), generate(admin.request, 2)]);
}, 120_000);
afterAll(async () => {
  await admin.close();
  await browser.close();
});

async function generate(request: APIRequestContext, chapter: number): Promise<void> {
  const res = await request.post(`${BASE_URL}/api/audio`, { data: { slug: SLUG, chapter, voice }, headers: { origin: BASE_URL } });
  expect(res.status()).toBe(202);
  for (const end = Date.now() + 90_000; Date.now() < end; await Bun.sleep(500)) {
    const status = (await (await request.get(`${BASE_URL}/api/audio/status/${SLUG}/${chapter}?voice=${voice}`)).json()) as { status: string; error: string | null };
    if (status.status === 'done') return;
    if (status.status === 'failed') throw new Error(`narration failed: ${status.error}`);
  }
  throw new Error(`chapter ${chapter} was not narrated in time`);
}

const row = (page: Page, chapter: number) => page.locator(`tr.audio-cache__row[data-slug="${SLUG}"][data-chapter="${chapter}"][data-voice="${voice}"]`);
/** The figure of "N stored audio files · size". */
async function storedCount(page: Page): Promise<number> {
  const text = await page.locator('.audio-cache__figure').innerText();
  return Number(/^([\d,]+) stored audio/.exec(text)![1]!.replaceAll(',', ''));
}
const presignStatus = async (chapter: number) =>
  (await admin.request.get(`${BASE_URL}/api/presign/audio?slug=${SLUG}&chapter=${chapter}&voice=${voice}`)).status();

test('desktop: from the account page to the audio cache; the stored row shows, and deleting it removes it in place', async () => {
  const page = await admin.newPage();
  const errors = watchErrors(page);
  await page.goto('/account');
  await page.getByRole('link', { name: 'Audio cache' }).click();
  await page.waitForURL('**/admin/audio');
  await page.getByRole('heading', { name: 'Audio cache', level: 1 }).waitFor();

  const stored = row(page, 1);
  await stored.waitFor();
  expect(await stored.getByRole('link', { name: title }).getAttribute('href')).toBe(`/book/${SLUG}`);
  expect(await stored.locator('td[data-label="Voice"]').innerText()).toBe(voice);
  expect(await stored.locator('td[data-label="Engine"]').innerText()).toBe('eSpeak');
  expect(await stored.locator('td[data-label="Size"]').innerText()).toMatch(/^[\d.]+ (kB|MB)$/);
  expect(await stored.locator('td[data-label="Duration"]').innerText()).toMatch(/^\d+:\d\d$/);
  expect(await stored.locator('td[data-label="Created"] time').innerText()).toMatch(/\d{4}.*UTC$/);
  const before = await storedCount(page);
  expect(before).toBeGreaterThanOrEqual(2);
  expect(await presignStatus(1)).toBe(200);

  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.accept();
  });
  await stored.getByRole('button', { name: `Delete the audio of ${title}, chapter 1, voice ${voice}` }).click();
  await page.getByText('Audio deleted.').waitFor();
  await stored.waitFor({ state: 'detached' });
  expect(asked).toContain(`Delete the audio of “${title}”, chapter 1`);
  await page.waitForFunction((n) => document.querySelector('.audio-cache__figure')?.textContent?.startsWith(`${n} stored audio`), before - 1);
  expect(await row(page, 2).count()).toBe(1);
  // The focus moved to the delete button of a row that is still there, not to <body>.
  expect(await page.evaluate(() => document.activeElement?.classList.contains('audio-cache__delete'))).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  expect(await presignStatus(1)).toBe(404);
  expect(errors).toEqual([]);
  await page.close();
});

test('phone 390x844: the table stacks into cards and nothing scrolls sideways', async () => {
  const context = await phoneContext(browser, { width: 390, height: 844 });
  await signIn(context, 'e2e-audio-admin-phone', 'admin');
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/admin/audio');
  const card = row(page, 2);
  await card.waitFor();
  await noSidewaysScroll(page);
  expect(await card.evaluate((el) => getComputedStyle(el).display)).toBe('block');
  const deleteButton = card.getByRole('button', { name: /^Delete the audio of/ });
  const box = await deleteButton.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(box!.height).toBeGreaterThanOrEqual(36);
  expect(errors).toEqual([]);
  await context.close();
});

test('without JavaScript: delete asks on a page of its own, then the list comes back without the row', async () => {
  const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false });
  await signIn(context, 'e2e-audio-admin-nojs', 'admin');
  const page = await context.newPage();
  await page.goto(`/admin/audio?slug=${SLUG}`);
  await row(page, 2).getByRole('button', { name: /^Delete the audio of/ }).click();
  await page.getByRole('heading', { name: 'Delete this audio?' }).waitFor();
  await page.locator('#audio-cache-delete-confirm').click();
  await page.getByText('Audio deleted.').waitFor();
  expect(new URL(page.url()).search).toBe(`?slug=${SLUG}&done=deleted`);
  expect(await row(page, 2).count()).toBe(0);
  await page.getByText('No stored audio for this book').waitFor();
  expect(await presignStatus(2)).toBe(404);
  await context.close();
});

test('a reader who is not an admin gets the 403 page', async () => {
  const context = await desktopContext(browser);
  await signIn(context, 'e2e-audio-reader');
  const page = await context.newPage();
  const res = await page.goto('/admin/audio');
  expect(res!.status()).toBe(403);
  await page.getByText('Administrators only').waitFor();
  await context.close();
});
