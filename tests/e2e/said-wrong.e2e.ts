import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { desktopContext, launchBrowser, phoneContext, signIn, watchErrors } from './support.ts';

/** While listening, a tap on a word offers "said wrong"; the admins see the report grouped per word. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const SLUG = 'morning-bread';

/** The middle of the name "Sundqvist" in chapter 1, brought to the middle of the screen. */
const nameOnScreen = (page: Page) =>
  page.evaluate(() => {
    const p = Array.from(document.querySelectorAll('.reader__text p')).find((el) => el.textContent!.includes('Sundqvist'))!;
    const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf('Sundqvist');
      if (at < 0) continue;
      p.scrollIntoView({ block: 'center', behavior: 'instant' });
      const range = document.createRange();
      range.setStart(node, at + 2);
      range.setEnd(node, at + 5);
      const r = range.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    }
    return null;
  });


test('listening on a phone, a tap on a name reports it said wrong; an admin finds it among the reported words', async () => {
  const context = await phoneContext(browser, { width: 390, height: 844 });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`/book/${SLUG}/1`);
  const said = page.locator('[data-player-said-wrong]');
  // Not listening: a tap on the name offers "Play from here" alone.
  await page.waitForFunction(() => Number(document.querySelector('[data-player]')!.getAttribute('data-sentences')) > 5, undefined, { timeout: 15_000 });
  const before = await nameOnScreen(page);
  await page.touchscreen.tap(before!.x, before!.y);
  await page.getByRole('button', { name: 'Play from here' }).waitFor();
  await page.waitForTimeout(200);
  expect(await said.isHidden()).toBe(true);
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  await page.waitForFunction(() => {
    const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]')!;
    return !audio.paused && audio.currentTime > 0.3;
  }, undefined, { timeout: 30_000 });
  // Paused (the page no longer follows the voice), the name in the middle of the screen.
  await page.getByRole('button', { name: 'Pause' }).click();
  const box = await nameOnScreen(page);
  expect(box).not.toBeNull();
  await page.touchscreen.tap(box!.x, box!.y);
  await page.getByRole('button', { name: 'Play from here' }).waitFor();
  await said.waitFor();
  expect(await said.innerText()).toBe('“Sundqvist” is said wrong');
  // Beside "Play from here", inside the screen.
  const where = await said.boundingBox();
  expect(where!.x + where!.width).toBeLessThanOrEqual(390);
  await said.tap();
  await page.locator('.toast').getByText('Thanks: “Sundqvist” is reported to the admins.').waitFor();
  expect(await said.isHidden()).toBe(true);
  // The narration is left where it was.
  expect(await page.getByRole('button', { name: 'Play', exact: true }).count()).toBe(1);
  expect(errors).toEqual([]);
  await context.close();

  const admin = await desktopContext(browser);
  await signIn(admin, 'e2e-said-wrong-admin', 'admin');
  const reports = (await (await admin.request.get(`/api/admin/pronunciation-reports?slug=${SLUG}`)).json()) as { words: { word: string; listeners: number }[] };
  expect(reports.words.find((w) => w.word === 'Sundqvist')?.listeners).toBeGreaterThanOrEqual(1);
  await admin.close();
});
