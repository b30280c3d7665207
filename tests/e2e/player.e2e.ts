import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, desktopContext, launchBrowser, noSidewaysScroll, phoneContext, watchErrors } from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const audioState = (page: Page) =>
  page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]')!;
    return { time: audio.currentTime, paused: audio.paused, rate: audio.playbackRate, pitch: audio.preservesPitch, duration: audio.duration };
  });

/** Waits until the chapter's audio has played past `seconds`. */
const playedPast = (page: Page, seconds: number) =>
  page.waitForFunction((s) => {
    const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]');
    return !!audio && !audio.paused && audio.currentTime > s;
  }, seconds, { timeout: 30_000 });

const positionSaved = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/api/progress/audio-time') && r.request().method() === 'PATCH' && r.status() === 200);

test('play a chapter, change the speed to 2.5, set a 15-minute sleep timer; after a reload the place, speed and timer are back', async () => {
  const context = await desktopContext(browser);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/book/morning-bread/2');
  const listen = page.getByRole('button', { name: 'Listen', exact: true });
  await listen.click();
  await playedPast(page, 1);
  expect(await page.locator('[data-player-duration]').innerText()).not.toBe('');
  // The lock screen knows what is playing.
  const session = await page.evaluate(() => {
    const meta = navigator.mediaSession.metadata!;
    return { title: meta.title, album: meta.album, artist: meta.artist, artwork: meta.artwork.length, state: navigator.mediaSession.playbackState };
  });
  expect(session).toEqual({ title: (await page.locator('h1').innerText()).trim(), album: 'Morning Bread', artist: 'Mira Holloway', artwork: 1, state: 'playing' });

  // The in-player cycle: 1× → 1.25× → 1.5× → 1.75× → 2× → 2.5×.
  const cycle = page.getByRole('button', { name: 'Change the speed' });
  for (let i = 0; i < 5; i++) await cycle.click();
  expect(await cycle.innerText()).toBe('2.5×');
  const state = await audioState(page);
  expect(state.rate).toBe(2.5);
  expect(state.pitch).toBe(true);

  await page.getByRole('button', { name: 'Speed, sleep timer and more' }).click();
  await page.getByLabel('Sleep timer', { exact: true }).selectOption('15');
  await expect(page.locator('[data-player-sleep-left]').innerText()).resolves.toMatch(/^Stops after 1[45]:\d\d more of listening$/);
  expect(await page.locator('[data-player-sleep-badge]').isVisible()).toBe(true);

  await playedPast(page, 6);
  const saved = positionSaved(page);
  await page.getByRole('button', { name: 'Pause' }).click();
  await saved;
  const position = (await audioState(page)).time;
  expect(position).toBeGreaterThan(6);
  // The speed reached the settings (saved 600 ms after the last change).
  await page.waitForFunction(() => fetch('/api/settings').then((r) => r.json()).then((s) => s.speed === 2.5), undefined, { timeout: 5000 });

  await page.reload();
  const resume = page.getByRole('button', { name: /^▶?\s*Resume listening at 0:\d\d$/ });
  await resume.waitFor();
  // Still folded away until play is pressed, but already set from the saved settings and the tab.
  expect(await page.locator('[data-player-speed-cycle]').textContent()).toBe('2.5×');
  await expect(page.locator('[data-player-sleep-left]').textContent()).resolves.toMatch(/^Stops after 1[45]:\d\d more of listening$/);
  await resume.click();
  await page.waitForFunction((p) => {
    const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]')!;
    return !audio.paused && audio.currentTime >= p - 0.5;
  }, position, { timeout: 30_000 });
  const after = await audioState(page);
  expect(after.time).toBeLessThan(position + 10); // resumed at the place, not merely played on from the top
  expect(after.rate).toBe(2.5);
  expect(errors).toEqual([]);
  await context.close();
});

test('the stored audio can be sought with the keys, the spoken sentence is highlighted and the next chapter follows on its own', async () => {
  const context = await desktopContext(browser);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/book/the-last-train-to-veld/1');
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  await playedPast(page, 0.5);
  // Generation is far faster than real time: the stored file soon replaces the live stream.
  await page.waitForFunction(() => Number(document.querySelector('[data-player]')!.getAttribute('data-sentences')) > 5, undefined, { timeout: 30_000 });
  await page.waitForFunction(() => (CSS as unknown as { highlights: Map<string, unknown> }).highlights.has('player-sentence'), undefined, { timeout: 10_000 });

  // Keys in the player: space pauses, → skips 30 s (the stored file is reopened where asked).
  await page.getByRole('button', { name: 'Change the speed' }).focus();
  await page.locator('[data-player-bar]').focus();
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.querySelector<HTMLAudioElement>('[data-player-audio]')!.paused);
  const before = (await audioState(page)).time;
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((b) => document.querySelector<HTMLAudioElement>('[data-player-audio]')!.currentTime >= b + 29, before, { timeout: 10_000 });
  expect(page.url()).toEndWith('/book/the-last-train-to-veld/1'); // the player kept ← and → from the reader

  await page.getByRole('button', { name: 'Speed, sleep timer and more' }).click();
  await page.getByLabel('Play the next chapter when this one ends').check();
  await page.waitForFunction(() => fetch('/api/settings').then((r) => r.json()).then((s) => s.auto_next === true), undefined, { timeout: 5000 });
  // Near the end: the next chapter is asked for ahead, then the page turns and plays on.
  const ahead = page.waitForResponse((r) => r.url().endsWith('/api/audio') && r.request().method() === 'POST' && JSON.parse(r.request().postData()!).chapter === 2);
  await page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]')!;
    audio.currentTime = audio.duration - 4;
    return audio.play();
  });
  expect((await ahead).status()).toBe(202);
  await page.waitForURL('**/book/the-last-train-to-veld/2', { timeout: 30_000 });
  await playedPast(page, 0.2);
  expect(errors).toEqual([]);
  await context.close();
});

/** Asks the page until fn(arg) is true; from here, not a poll in the page, whose clock the test holds. */
async function until(page: Page, fn: (arg: any) => boolean, arg: unknown, timeout = 30_000): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await page.evaluate(fn, arg))) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${fn}`);
    await Bun.sleep(100);
  }
}

test('the sleep timer stops with a fade after its time of listening, not of wall clock; space plays and pauses from anywhere on the page', async () => {
  const context = await desktopContext(browser);
  // Playwright's clock: the page's time moves only when the test moves it (once the audio plays).
  await context.clock.install();
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/book/ink-and-alibis/1');
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  await playedPast(page, 0.5);
  // The stored file is ready, so the element plays on without waiting for more of the stream.
  await page.waitForFunction(() => Number(document.querySelector('[data-player]')!.getAttribute('data-sentences')) > 5, undefined, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Speed, sleep timer and more' }).click();
  await page.getByLabel('Sleep timer', { exact: true }).selectOption('15');
  await context.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

  const state = () =>
    page.evaluate(() => {
      const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]')!;
      const saved = JSON.parse(sessionStorage.getItem('chapterhouse.sleep') || 'null');
      const badge = document.querySelector<HTMLElement>('[data-player-sleep-badge]')!;
      return { left: saved ? (saved.left as number) : null, badge: badge.hidden ? '' : badge.textContent, paused: audio.paused, volume: audio.volume, time: audio.currentTime, wall: Date.now(), scroll: window.scrollY };
    });
  const playing = async () => {
    const at = (await state()).time;
    await until(page, (t) => {
      const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]')!;
      return !audio.paused && audio.currentTime > t + 0.3;
    }, at);
  };

  // Thirty seconds of listening.
  const before = (await state()).left!;
  expect(before).toBeGreaterThan(895);
  await context.clock.runFor(30_000);
  const listened = await state();
  expect(listened.paused).toBe(false);
  expect(before - listened.left!).toBeCloseTo(30, 0);
  expect(listened.badge).toMatch(/^☾ 14:[23]\d$/);

  // Space on the page (focus on no control) pauses, and the page does not scroll.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Space');
  await until(page, () => document.querySelector<HTMLAudioElement>('[data-player-audio]')!.paused, null);
  const paused = await state();
  expect(paused.scroll).toBe(listened.scroll);
  // Ten minutes of wall clock while paused: the listening left does not move.
  await context.clock.fastForward('10:00');
  const later = await state();
  expect(later.wall - paused.wall).toBeGreaterThanOrEqual(600_000);
  expect(later.left).toBe(paused.left);
  expect(later.badge).toBe(paused.badge);

  // Space typed in a text field is only a space.
  await page.evaluate(() => {
    const field = document.createElement('input');
    field.setAttribute('aria-label', 'Note');
    document.querySelector('article[data-reader]')!.prepend(field);
  });
  await page.getByLabel('Note').fill('a');
  await page.getByLabel('Note').press('Space');
  expect(await page.getByLabel('Note').inputValue()).toBe('a ');
  expect((await state()).paused).toBe(true);
  await page.evaluate(() => document.querySelector('article[data-reader] input')!.remove());

  // Space again plays on; then straight to twelve seconds before the end.
  await page.keyboard.press('Space');
  await playing();
  await context.clock.fastForward(Math.round(((await state()).left! - 12) * 1000));
  const near = await state();
  expect(near.left).toBeCloseTo(12, 0);
  expect(near).toMatchObject({ paused: false, volume: 1 });
  // The last ten seconds fade out.
  const volumes: number[] = [];
  for (let i = 0; i < 10; i++) {
    await context.clock.runFor(1000);
    const now = await state();
    expect(now.paused).toBe(false);
    volumes.push(now.volume);
  }
  expect(volumes[1]).toBe(1);
  expect(volumes[2]).toBeCloseTo(0.9, 1);
  expect(volumes[7]).toBeCloseTo(0.4, 1);
  for (let i = 3; i < volumes.length; i++) expect(volumes[i]!).toBeLessThan(volumes[i - 1]!);
  expect(volumes[9]).toBeGreaterThan(0);
  // Out of time: paused, the timer off, and the volume back for the next play.
  await context.clock.runFor(3000);
  const slept = await state();
  expect(slept).toMatchObject({ paused: true, volume: 1, left: null, badge: '' });
  expect(await page.locator('[data-player-status]').innerText()).toBe('Sleep timer: playback paused. Good night!');
  expect(await page.getByLabel('Sleep timer', { exact: true }).inputValue()).toBe('');
  await page.keyboard.press('Space');
  await playing();
  expect((await state()).volume).toBe(1);
  expect(errors).toEqual([]);
  await context.close();
});

test('"end of chapter" stops at the end of this chapter even with auto-next on', async () => {
  const context = await desktopContext(browser);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/book/ink-and-alibis/2');
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  await playedPast(page, 0.5);
  await page.waitForFunction(() => Number(document.querySelector('[data-player]')!.getAttribute('data-sentences')) > 5, undefined, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Speed, sleep timer and more' }).click();
  await page.getByLabel('Play the next chapter when this one ends').check();
  await page.getByLabel('Sleep timer', { exact: true }).selectOption('chapter');
  expect(await page.locator('[data-player-sleep-left]').innerText()).toBe('Stops at the end of the chapter');
  // → moves on in the stored file, which knows its length.
  await page.locator('[data-player-bar]').focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => {
    const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]')!;
    return isFinite(audio.duration) && audio.duration > 0 && !audio.paused && audio.currentTime > 5;
  }, undefined, { timeout: 30_000 });
  await page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]')!;
    audio.currentTime = audio.duration - 2;
    return audio.play();
  });
  await page.waitForFunction(() => document.querySelector<HTMLAudioElement>('[data-player-audio]')!.ended, undefined, { timeout: 30_000 });
  await page.waitForFunction(() => document.querySelector('[data-player-status]')!.textContent === 'Sleep timer: playback paused. Good night!');
  await Bun.sleep(1000);
  expect(page.url()).toEndWith('/book/ink-and-alibis/2');
  expect(await page.getByLabel('Sleep timer', { exact: true }).inputValue()).toBe('');
  expect(errors).toEqual([]);
  await context.close();
});

test('past the free chapters of the day the player says so instead of failing silently', async () => {
  const context = await desktopContext(browser);
  const page = await context.newPage();
  await page.goto('/book/letters-to-the-lighthouse/1');
  // Three chapters asked for today by this visitor (the same session as the page).
  for (const chapter of [1, 2, 3]) {
    const response = await page.request.post(`${BASE_URL}/api/audio`, { data: { slug: 'letters-to-the-lighthouse', chapter }, headers: { origin: BASE_URL } });
    expect(response.status()).toBe(202);
  }
  await page.goto('/book/letters-to-the-lighthouse/4');
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  const status = page.locator('[data-player-status]');
  await page.waitForFunction(() => document.querySelector('[data-player]')!.getAttribute('data-state') === 'blocked');
  expect(await status.innerText()).toContain('3 free chapters for today');
  expect(await status.getAttribute('class')).toContain('player__status--upgrade');
  // The message leads to the page that explains Pro.
  await status.getByRole('link', { name: 'Get Chapterhouse Pro' }).click();
  await page.waitForURL('**/pro');
  expect(await page.locator('h1').innerText()).toBe('Chapterhouse Pro');
  await context.close();
});

test('phone: the docked player fits the screen', async () => {
  const context = await phoneContext(browser, { width: 360, height: 740 });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/book/morning-bread/1');
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  await playedPast(page, 0.5);
  await noSidewaysScroll(page);
  const bar = await page.locator('[data-player-bar]').boundingBox();
  expect(bar!.y + bar!.height).toBeLessThanOrEqual(740 + 1);
  expect(bar!.width).toBeLessThanOrEqual(360);
  // The position slider keeps a usable width, and the buttons stay on one row.
  expect((await page.locator('[data-player-seek]').boundingBox())!.width).toBeGreaterThan(200);
  const toggle = (await page.locator('[data-player-toggle]').boundingBox())!;
  const close = (await page.locator('[data-player-close]').boundingBox())!;
  expect(Math.abs(toggle.y - close.y)).toBeLessThan(4);
  expect(errors).toEqual([]);
  await context.close();
});
