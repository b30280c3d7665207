import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { desktopContext, launchBrowser, watchErrors } from './support.ts';

/**
 * The player's keys outside and inside the bar: ← and → skip while the narration plays (they turn
 * the chapter only while it is paused), the ⋯ options are entered by the first Tab and left with
 * Escape, and "Use this voice" keeps the focus.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const audioTime = (page: Page) => page.evaluate(() => document.querySelector<HTMLAudioElement>('[data-player-audio]')!.currentTime);
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active ? active.id || Array.from(active.attributes).find((a) => a.name.startsWith('data-player'))?.name || active.tagName : null;
  });

async function listenUntilStored(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('[data-player]')!.getAttribute('data-state') === 'stored', undefined, { timeout: 30_000 });
  await page.waitForFunction(() => {
    const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]')!;
    return !audio.paused && audio.currentTime > 1;
  }, undefined, { timeout: 30_000 });
}

test('while the narration plays, ← and → on the page skip instead of turning the chapter; paused, → turns it', async () => {
  const context = await desktopContext(browser);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await listenUntilStored(page, '/book/morning-bread/2');
  // The focus on the page itself, outside the bar.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const before = await audioTime(page);
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((b) => document.querySelector<HTMLAudioElement>('[data-player-audio]')!.currentTime >= b + 25, before, { timeout: 10_000 });
  expect(page.url()).toEndWith('/book/morning-bread/2');
  expect(await page.evaluate(() => document.querySelector<HTMLAudioElement>('[data-player-audio]')!.paused)).toBe(false);
  const ahead = await audioTime(page);
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction((a) => document.querySelector<HTMLAudioElement>('[data-player-audio]')!.currentTime <= a - 5, ahead, { timeout: 10_000 });
  expect(page.url()).toEndWith('/book/morning-bread/2');
  // On a button of the bar (which keeps its own Enter and space), → skips too.
  await page.getByRole('button', { name: 'Change the speed' }).focus();
  const onButton = await audioTime(page);
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((b) => document.querySelector<HTMLAudioElement>('[data-player-audio]')!.currentTime >= b + 25, onButton, { timeout: 10_000 });
  expect(page.url()).toEndWith('/book/morning-bread/2');
  // The keys say so in the options.
  expect(await page.locator('[data-player-options]').getByText('← and → skip back and forward anywhere on the page (paused, they turn the chapter)', { exact: false }).count()).toBe(1);

  // Paused, the reader's keys are back: → turns the chapter.
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.waitForFunction(() => document.querySelector<HTMLAudioElement>('[data-player-audio]')!.paused);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('ArrowRight');
  await page.waitForURL('**/book/morning-bread/3');
  expect(errors).toEqual([]);
  await context.close();
});

test('the first Tab after ⋯ is into the options, Escape closes them onto ⋯, and "Use this voice" keeps the focus', async () => {
  const context = await desktopContext(browser);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await listenUntilStored(page, '/book/morning-bread/4');
  const more = page.getByRole('button', { name: 'Speed, sleep timer and more' });
  await more.focus();
  await page.keyboard.press('Enter');
  expect(await more.getAttribute('aria-expanded')).toBe('true');
  await page.keyboard.press('Tab');
  // The speed slider, the options' first control (not the close button of the player).
  expect(await focused(page)).toBe('player-speed');
  await page.keyboard.press('Escape');
  expect(await page.locator('[data-player-options]').isHidden()).toBe(true);
  expect(await more.getAttribute('aria-expanded')).toBe('false');
  expect(await focused(page)).toBe('data-player-more');

  // Another voice, chosen with the keys: the focus stays on the button (now done, aria-disabled).
  await page.keyboard.press('Enter');
  const voice = page.getByLabel('Voice', { exact: true });
  await voice.waitFor();
  const other = await voice.evaluate((select: HTMLSelectElement) => Array.from(select.options).find((o) => o.value !== select.value)!.value);
  await voice.selectOption(other);
  const use = page.getByRole('button', { name: 'Use this voice' });
  expect(await use.isDisabled()).toBe(false);
  await use.focus();
  await page.keyboard.press('Enter');
  await page.locator('[data-player-voice-note]').getByText(/./).waitFor();
  expect(await focused(page)).toBe('data-player-voice-use');
  expect(await use.getAttribute('aria-disabled')).toBe('true');
  await page.waitForFunction((v) => fetch('/api/settings').then((r) => r.json()).then((s) => s.voice === v), other, { timeout: 10_000 });
  // Pressed again while done, it does nothing and stays where it is.
  await page.keyboard.press('Enter');
  expect(await focused(page)).toBe('data-player-voice-use');
  expect(errors).toEqual([]);
  await context.close();
});
