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
  // Its name begins with what it shows (WCAG 2.5.3), so "2.5×" spoken by a voice user finds it.
  expect(await cycle.getAttribute('aria-label')).toBe('2.5×, Change the speed');
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
  // The sentences are known (estimated) before the audio is stored: the player moves onto the stored file.
  await page.waitForFunction(() => document.querySelector('[data-player]')!.getAttribute('data-state') === 'stored', undefined, { timeout: 30_000 });
  await page.waitForFunction(() => (CSS as unknown as { highlights: Map<string, unknown> }).highlights.has('player-sentence'), undefined, { timeout: 10_000 });

  // The bar names what is heard, with the book; paused and scrolled away, a tap on it brings the
  // page back to the sentence being read.
  const bookTitle = ((await (await page.request.get(`${BASE_URL}/api/book/the-last-train-to-veld`)).json()) as { book: { title: string } }).book.title;
  const chapter1 = ((await (await page.request.get(`${BASE_URL}/api/chapter/the-last-train-to-veld/1`)).json()) as { chapter: { title: string } }).chapter.title;
  expect((await page.locator('[data-player-now]').innerText()).split('\n').map((line) => line.trim())).toEqual([chapter1, bookTitle]);
  await page.locator('[data-player-toggle]').click();
  await page.waitForFunction(() => document.querySelector<HTMLAudioElement>('[data-player-audio]')!.paused);
  await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
  const spokenInView = () => {
    const highlight = (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get('player-sentence');
    const range = highlight ? [...highlight][0] : undefined;
    const box = range?.getBoundingClientRect();
    return !!box && box.top >= 0 && box.bottom <= window.innerHeight;
  };
  expect(await page.evaluate(spokenInView)).toBe(false);
  await page.locator('[data-player-now]').click();
  await page.waitForFunction(spokenInView, undefined, { timeout: 5000 });
  expect(page.url()).toEndWith('/book/the-last-train-to-veld/1');
  await page.locator('[data-player-toggle]').click();
  await page.waitForFunction(() => !document.querySelector<HTMLAudioElement>('[data-player-audio]')!.paused);

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
  // Near the end: the next chapter is asked for ahead (not counted until it plays), then it plays
  // on in the same page (no page load: the mark set on this document stays), its text and title shown.
  await page.evaluate(() => ((window as unknown as { mark: string }).mark = 'chapter 1'));
  const ahead = page.waitForResponse((r) => r.url().endsWith('/api/audio') && r.request().method() === 'POST' && JSON.parse(r.request().postData()!).chapter === 2);
  await page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]')!;
    audio.currentTime = audio.duration - 4;
    return audio.play();
  });
  expect((await ahead).status()).toBe(202);
  expect(JSON.parse((await ahead).request().postData()!).ahead).toBe(true);
  await page.waitForURL('**/book/the-last-train-to-veld/2', { timeout: 30_000 });
  await page.waitForFunction(() => {
    const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]')!;
    return !audio.paused && audio.currentTime > 0.2 && audio.currentSrc.includes('/the-last-train-to-veld/2');
  }, undefined, { timeout: 30_000 });
  const chapter2 = (await (await page.request.get(`${BASE_URL}/api/chapter/the-last-train-to-veld/2`)).json()) as { chapter: { title: string } };
  expect((await page.locator('h1').textContent())!.trim()).toBe(chapter2.chapter.title);
  expect((await page.locator('[data-player-now-chapter]').textContent())!.trim()).toBe(chapter2.chapter.title);
  expect(await page.title()).toStartWith(`${chapter2.chapter.title} · `);
  expect(await page.evaluate(() => (window as unknown as { mark?: string }).mark)).toBe('chapter 1');
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

// Both phones at the browser's usual text size: the taller keeps the full bar, the shorter the
// one-row mini-player (the sizes in between, larger text and zoom: player-layout.e2e.ts).
test('phone: the docked player fits the screen, whole on a 390×844 phone and as one row on a 360×740 one', async () => {
  for (const [width, height] of [
    [390, 844],
    [360, 740],
  ] as const) {
    const context = await phoneContext(browser, { width, height });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/book/morning-bread/1');
    await page.getByRole('button', { name: 'Listen', exact: true }).click();
    await playedPast(page, 0.5);
    await noSidewaysScroll(page);
    const bar = await page.locator('[data-player-bar]').boundingBox();
    expect(bar!.y + bar!.height).toBeLessThanOrEqual(height + 1);
    expect(bar!.width).toBeLessThanOrEqual(width);
    const toggle = (await page.locator('[data-player-toggle]').boundingBox())!;
    if (width === 390) {
      // The position slider keeps a usable width, and the buttons stay on one row.
      expect((await page.locator('[data-player-seek]').boundingBox())!.width).toBeGreaterThan(200);
      const close = (await page.locator('[data-player-close]').boundingBox())!;
      expect(Math.abs(toggle.y - close.y)).toBeLessThan(4);
    } else {
      // One row: play/pause, what is playing and ⋯; the rest is in the options.
      const more = (await page.locator('[data-player-more]').boundingBox())!;
      expect(Math.abs(toggle.y - more.y)).toBeLessThan(4);
      expect(bar!.height).toBeLessThan(80);
      await page.getByRole('button', { name: 'Speed, sleep timer and more' }).click();
      expect((await page.locator('[data-player-seek]').boundingBox())!.width).toBeGreaterThan(200);
    }
    expect(errors).toEqual([]);
    await context.close();
  }
});
