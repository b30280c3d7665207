import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, desktopContext, launchBrowser, watchErrors } from './support.ts';

/**
 * The sleep timer, space and the speed cycle as a listener meets them on a chapter page. This book's
 * audio is made by these journeys alone; each journey is a new reader (its own free chapters).
 */
let browser: Browser;
const SLUG = 'the-cartographers-daughter';

// The chapters' audio is made and stored before the pages open (by a reader of its own), so the
// pages play the stored file, and the time it takes to make is not a journey's.
beforeAll(async () => {
  browser = await launchBrowser();
  const maker = await desktopContext(browser);
  for (const chapter of [1, 2, 3]) await storedAudio(maker, chapter);
  await maker.close();
}, 180_000);
afterAll(() => browser.close());

async function storedAudio(context: BrowserContext, chapter: number): Promise<void> {
  const asked = await context.request.post(`${BASE_URL}/api/audio`, { data: { slug: SLUG, chapter }, headers: { origin: BASE_URL } });
  expect(asked.status()).toBe(202);
  for (let i = 0; i < 240; i++) {
    const status = ((await (await context.request.get(`${BASE_URL}/api/audio/status/${SLUG}/${chapter}`)).json()) as { status: string }).status;
    if (status === 'done') return;
    if (status === 'failed') throw new Error(`chapter ${chapter} could not be narrated`);
    await Bun.sleep(250);
  }
  throw new Error(`chapter ${chapter} was not narrated in time`);
}

/** Asks the page until fn(arg) is true: from here, not a poll in the page, whose clock the test may hold. */
async function until<T>(page: Page, fn: (arg: T) => boolean, arg: T, timeout = 30_000): Promise<void> {
  for (const end = Date.now() + timeout; !(await page.evaluate(fn as (arg: unknown) => boolean, arg as unknown)); await Bun.sleep(50)) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${fn}`);
  }
}

const state = (page: Page) =>
  page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]')!;
    const saved = JSON.parse(sessionStorage.getItem('chapterhouse.sleep') || 'null');
    const badge = document.querySelector<HTMLElement>('[data-player-sleep-badge]')!;
    return {
      left: saved && saved.mode === 'minutes' ? (saved.left as number) : null,
      badge: badge.hidden ? '' : badge.textContent,
      choice: document.querySelector<HTMLSelectElement>('[data-player-sleep]')!.value,
      paused: audio.paused,
      volume: audio.volume,
      time: audio.currentTime,
      wall: Date.now(),
      spacePrevented: (window as unknown as { spacePrevented?: boolean }).spacePrevented,
    };
  });

/** Waits until the audio really plays on (its own time moves, whatever the page's clock does). */
async function playsOn(page: Page): Promise<void> {
  const from = (await state(page)).time;
  await until(page, (t) => {
    const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]')!;
    return !audio.paused && audio.currentTime > t + 0.3;
  }, from);
}

const paused = (page: Page) => until(page, () => document.querySelector<HTMLAudioElement>('[data-player-audio]')!.paused, null);

/** Space pressed with focus on the page itself (no control). */
async function spaceOnPage(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Space');
}

test('the sleep timer stops with a fade after its time of listening, not of the clock; space plays and pauses from the page but not in a field, on a button or a link', async () => {
  const context = await desktopContext(browser);
  // Playwright's clock: once paused below, the page's time moves only when the test moves it.
  await context.clock.install();
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`/book/${SLUG}/1`);
  await page.evaluate(() => {
    window.addEventListener('keydown', (e) => {
      if (e.key === ' ') (window as unknown as { spacePrevented: boolean }).spacePrevented = e.defaultPrevented;
    });
  });
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  await playsOn(page);
  await page.getByRole('button', { name: 'Speed, sleep timer and more' }).click();
  await page.getByLabel('Sleep timer', { exact: true }).selectOption('15');
  expect(await page.locator('[data-player-sleep-left]').innerText()).toMatch(/^Stops after 1[45]:\d\d more of listening$/);
  await context.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

  // Thirty seconds of listening.
  const before = await state(page);
  expect(before.left!).toBeGreaterThan(895);
  await context.clock.runFor(30_000);
  const listened = await state(page);
  expect(listened.paused).toBe(false);
  expect(before.left! - listened.left!).toBeCloseTo(30, 0);
  expect(listened.badge).toMatch(/^☾ 14:[23]\d$/);

  // Space on the page pauses, and does not scroll it.
  await spaceOnPage(page);
  await paused(page);
  const pausedAt = await state(page);
  expect(pausedAt.spacePrevented).toBe(true);
  // Ten minutes and more of the clock while paused: the listening left does not move.
  await context.clock.fastForward('10:00');
  await context.clock.runFor(60_000);
  const later = await state(page);
  expect(later.wall - pausedAt.wall).toBeGreaterThanOrEqual(660_000);
  expect(later).toMatchObject({ left: pausedAt.left, badge: pausedAt.badge, paused: true });

  // Space typed in a field is a space; on a button it presses the button; on a link, or with shift
  // (scrolling up), it is left alone. None of them plays.
  await page.evaluate(() => {
    const field = document.createElement('input');
    field.setAttribute('aria-label', 'Note');
    document.querySelector('article[data-reader]')!.prepend(field);
  });
  await page.getByLabel('Note').fill('a');
  await page.getByLabel('Note').press('Space');
  expect(await page.getByLabel('Note').inputValue()).toBe('a ');
  await page.evaluate(() => document.querySelector('article[data-reader] input')!.remove());
  const more = page.getByRole('button', { name: 'Speed, sleep timer and more' });
  await more.focus();
  await more.press('Space');
  expect(await more.getAttribute('aria-expanded')).toBe('false');
  const link = page.locator('article[data-reader] a[href]').first();
  await link.focus();
  await link.press('Space');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Shift+Space');
  await Bun.sleep(300);
  expect(await state(page)).toMatchObject({ paused: true, left: pausedAt.left });
  expect(page.url()).toEndWith(`/book/${SLUG}/1`);

  // Space on the page plays on.
  await spaceOnPage(page);
  await playsOn(page);
  // A new source on the element (the stored file in place of the live stream, another voice, the
  // next chapter) stops it at once, with no pause event: the clock moving on meanwhile is not
  // listening, and listening counts again once it plays.
  const reopened = await state(page);
  await page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]')!;
    audio.src = audio.currentSrc;
  });
  await context.clock.fastForward('05:00');
  expect((await state(page)).left).toBe(reopened.left);
  await page.evaluate(() => document.querySelector<HTMLAudioElement>('[data-player-audio]')!.play());
  await playsOn(page);
  await context.clock.runFor(10_000);
  expect(reopened.left! - (await state(page)).left!).toBeCloseTo(10, 0);

  // Straight to twelve seconds of listening before the end.
  await context.clock.fastForward(Math.round(((await state(page)).left! - 12) * 1000));
  const near = await state(page);
  expect(near.left!).toBeCloseTo(12, 1);
  expect(near).toMatchObject({ paused: false, volume: 1 });
  // The last ten seconds fade out.
  const volumes: number[] = [];
  for (let i = 0; i < 5; i++) {
    await context.clock.runFor(1000);
    const now = await state(page);
    expect(now.paused).toBe(false);
    volumes.push(now.volume);
  }
  expect(volumes[0]).toBe(1);
  expect(volumes[2]).toBeCloseTo(0.9, 2);
  expect(volumes[4]).toBeCloseTo(0.7, 2);
  for (let i = 2; i < volumes.length; i++) expect(volumes[i]!).toBeLessThan(volumes[i - 1]!);
  // Paused during the fade: the volume is back at once, and the listening left waits.
  await spaceOnPage(page);
  await until(page, () => {
    const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]')!;
    return audio.paused && audio.volume === 1;
  }, null);
  const fadePaused = await state(page);
  await context.clock.runFor(30_000);
  expect(await state(page)).toMatchObject({ paused: true, volume: 1, left: fadePaused.left });
  // Playing again picks the fade up where it was.
  await spaceOnPage(page);
  await until(page, () => {
    const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]')!;
    return !audio.paused && audio.volume < 1;
  }, null);
  expect((await state(page)).volume).toBeCloseTo(0.7, 2);
  // Out of time: paused, the timer off, and the volume back for the next play.
  await context.clock.runFor(7500);
  await paused(page);
  expect(await state(page)).toMatchObject({ paused: true, volume: 1, left: null, badge: '', choice: '' });
  expect(await page.locator('[data-player-status]').innerText()).toBe('Sleep timer: playback paused. Good night!');
  await spaceOnPage(page);
  await playsOn(page);
  expect((await state(page)).volume).toBe(1);
  expect(errors).toEqual([]);
  await context.close();
});

test('the speed button cycles from 0.5× to 3×; ↑ and ↓ stay within them; before listening, space scrolls the page', async () => {
  const context = await desktopContext(browser);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`/book/${SLUG}/1`);
  const listen = page.getByRole('button', { name: 'Listen', exact: true });
  await listen.waitFor();
  // Not listening yet: space is the page's own (it scrolls), and nothing is asked for.
  await spaceOnPage(page);
  await page.waitForFunction(() => window.scrollY > 0);
  expect(await page.evaluate(() => ({ src: document.querySelector('[data-player-audio]')!.getAttribute('src'), bar: document.querySelector<HTMLElement>('[data-player-bar]')!.hidden }))).toEqual({ src: null, bar: true });

  await listen.click();
  await playsOn(page);
  const cycle = page.getByRole('button', { name: 'Change the speed' });
  const seen: string[] = [];
  const rates: number[] = [];
  for (let i = 0; i < 9; i++) {
    await cycle.click();
    seen.push(await cycle.innerText());
    rates.push(await page.evaluate(() => document.querySelector<HTMLAudioElement>('[data-player-audio]')!.playbackRate));
  }
  expect(seen).toEqual(['1.25×', '1.5×', '1.75×', '2×', '2.5×', '3×', '0.5×', '0.75×', '1×']);
  expect(rates).toEqual([1.25, 1.5, 1.75, 2, 2.5, 3, 0.5, 0.75, 1]);

  // ↑ and ↓ in the player move by a quarter and stop at 3× and 0.5×.
  await page.locator('[data-player-bar]').focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowUp');
  expect(await cycle.innerText()).toBe('3×');
  for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowDown');
  expect(await cycle.innerText()).toBe('0.5×');
  expect(await page.evaluate(() => document.querySelector<HTMLAudioElement>('[data-player-audio]')!.playbackRate)).toBe(0.5);
  await page.waitForFunction(() => fetch('/api/settings').then((r) => r.json()).then((s) => s.speed === 0.5), undefined, { timeout: 5000 });
  await cycle.click();
  expect(await cycle.innerText()).toBe('0.75×');
  expect(errors).toEqual([]);
  await context.close();
});

test('"end of chapter" stops at the end of the chapter being played with auto-next on; a minutes timer carries on into the next chapter', async () => {
  const context = await desktopContext(browser);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`/book/${SLUG}/2`);
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  await playsOn(page);
  await page.getByRole('button', { name: 'Speed, sleep timer and more' }).click();
  await page.getByLabel('Play the next chapter when this one ends').check();
  await page.waitForFunction(() => fetch('/api/settings').then((r) => r.json()).then((s) => s.auto_next === true), undefined, { timeout: 5000 });
  await page.getByLabel('Sleep timer', { exact: true }).selectOption('chapter');
  expect(await page.locator('[data-player-sleep-left]').innerText()).toBe('Stops at the end of the chapter');
  expect(await page.locator('[data-player-sleep-badge]').innerText()).toBe('☾ ⏹');

  const nearEnd = (seconds: number) =>
    page.evaluate((s) => {
      const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]')!;
      audio.currentTime = audio.duration - s;
    }, seconds);
  await nearEnd(2);
  await page.waitForFunction(() => document.querySelector<HTMLAudioElement>('[data-player-audio]')!.ended, undefined, { timeout: 30_000 });
  await page.waitForFunction(() => document.querySelector('[data-player-status]')!.textContent === 'Sleep timer: playback paused. Good night!');
  // Stopped here: neither the page nor the player moved on to chapter 3.
  await Bun.sleep(1500);
  expect(page.url()).toEndWith(`/book/${SLUG}/2`);
  expect(await page.locator('[data-player]').getAttribute('data-chapter')).toBe('2');
  expect(await state(page)).toMatchObject({ paused: true, left: null, badge: '', choice: '' });

  // A 15-minute timer, and on to the end again: the next chapter plays, the timer goes on counting.
  await page.getByLabel('Sleep timer', { exact: true }).selectOption('15');
  await nearEnd(3);
  await spaceOnPage(page);
  await playsOn(page);
  const ending = await state(page);
  expect(ending.left!).toBeLessThanOrEqual(900);
  await page.waitForURL(`**/book/${SLUG}/3`, { timeout: 30_000 });
  await page.waitForFunction(() => {
    const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]')!;
    return !audio.paused && audio.currentTime > 1;
  }, undefined, { timeout: 30_000 });
  const next = await state(page);
  expect(next.choice).toBe('15');
  expect(next.badge).toMatch(/^☾ 1[45]:\d\d$/);
  expect(next.left!).toBeLessThan(ending.left!);
  expect(next.left!).toBeGreaterThan(800);
  await Bun.sleep(1500);
  expect((await state(page)).left!).toBeLessThan(next.left!);
  expect(errors).toEqual([]);
  await context.close();
});
