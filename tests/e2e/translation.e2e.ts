import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { BASE_URL, launchBrowser, noSidewaysScroll, phoneContext, signIn, watchErrors } from './support.ts';

/**
 * A reader on a 360 px phone switches a demo chapter to Français: the page says "translating…",
 * then shows the translated title and text in place (the AI stand-in marks each paragraph "[fr] "),
 * with the address naming the locale; reloading keeps it; "Original" brings the text back.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const CHAPTER = '/book/morning-bread/2';

test('phone: switch a chapter to Français, see "translating…", then the translation; back to the original', async () => {
  const context = await phoneContext(browser);
  await signIn(context, 'e2e-translating-reader');
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(CHAPTER);
  const title = page.locator('h1.reader__title');
  const originalTitle = await title.innerText();
  const originalFirst = await page.locator('.reader__text p').first().innerText();
  expect(originalFirst.startsWith('[fr]')).toBe(false);
  await noSidewaysScroll(page);

  await page.locator('#translation-locale').selectOption('fr');
  await page.locator('.translation__busy', { hasText: 'Translating into Français…' }).waitFor({ timeout: 10_000 });
  await noSidewaysScroll(page);
  // The status line polls every 2 s and then swaps the text in, without a reload.
  await page.locator('.reader__text[lang="fr"] p').first().waitFor({ timeout: 30_000 });
  expect(await page.locator('.reader__text p').first().innerText()).toBe(`[fr] ${originalFirst}`);
  expect(await title.innerText()).toBe(`[fr] ${originalTitle}`);
  expect(await page.locator('#translation-status').innerText()).toContain('Machine translation into Français.');
  await page.waitForURL(`**${CHAPTER}?locale=fr`);
  await noSidewaysScroll(page);

  // Reloaded, the page serves the stored translation with the switch on Français.
  await page.reload();
  expect(await title.innerText()).toBe(`[fr] ${originalTitle}`);
  expect(await page.locator('#translation-locale').inputValue()).toBe('fr');

  // Listening now narrates the translation, by a French voice.
  const asked = page.waitForRequest((r) => r.url().endsWith('/api/audio') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  expect((await asked).postDataJSON()).toEqual({ slug: 'morning-bread', chapter: 2, locale: 'fr' });
  await page.waitForRequest((r) => r.url().includes('/api/audio-stream/morning-bread/2?locale=fr'), { timeout: 30_000 });

  // "Original" swaps the chapter back in place.
  await page.locator('#translation-locale').selectOption('');
  await page.locator('.reader__text:not([lang]) p').first().waitFor({ timeout: 10_000 });
  expect(await page.locator('.reader__text p').first().innerText()).toBe(originalFirst);
  expect(await title.innerText()).toBe(originalTitle);
  await page.waitForURL(`**${CHAPTER}`);
  expect(errors).toEqual([]);
  await context.close();
});

test('phone, not signed in: past 3 free chapters a day the switch says so and links to Pro', async () => {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/book/morning-bread/5');
  // The page gave this visitor a session; three chapters of the day are used through the API.
  for (const chapter of [1, 3, 4]) {
    const res = await context.request.post(`${BASE_URL}/api/translate`, { data: { slug: 'morning-bread', chapter, locale: 'es' }, headers: { origin: BASE_URL } });
    expect(res.status()).toBe(202);
  }
  await page.locator('#translation-locale').selectOption('es');
  const limit = page.locator('[data-translation-limit]');
  await limit.waitFor({ timeout: 10_000 });
  expect(await limit.innerText()).toContain('You have used your free translations for today');
  expect(await limit.getByRole('link', { name: 'Get Chapterhouse Pro' }).getAttribute('href')).toBe('/pro');
  await noSidewaysScroll(page);
  expect(errors).toEqual([]);
  await context.close();
});
