import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, desktopContext, launchBrowser, phoneContext, SLOW_VOICES, watchErrors } from './support.ts';

/**
 * Seeking anywhere at any time: in a chapter still being made (the slow speech server of run.ts),
 * back to a saved place in one, and from a sentence chosen in the text. Chapters of "The Ninth
 * Mountain Sect" from 7 on are used by no other journey.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const SLUG = 'the-ninth-mountain-sect';
const SLOW = SLOW_VOICES[0];

const seconds = (clock: string) => clock.trim().split(':').map(Number).reduce((total, part) => total * 60 + part, 0);
/** The place the player shows, in seconds. */
const shown = async (page: Page) => seconds(await page.locator('[data-player-elapsed]').innerText());
const total = async (page: Page) => seconds(await page.locator('[data-player-duration]').innerText());
const playing = (page: Page, after = 0.3) =>
  page.waitForFunction((t) => {
    const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]')!;
    return !audio.paused && audio.currentTime > t;
  }, after, { timeout: 30_000 });
const jobStatus = async (context: BrowserContext, chapter: number, voice: string) =>
  ((await (await context.request.get(`/api/audio/status/${SLUG}/${chapter}?voice=${voice}`)).json()) as { status: string }).status;
const streamFrom = (page: Page, chapter: number) =>
  page.waitForResponse((r) => r.url().includes(`/api/audio-stream/${SLUG}/${chapter}?`) && r.url().includes('from='), { timeout: 30_000 });

async function slowVoice(context: BrowserContext): Promise<void> {
  const res = await context.request.put('/api/settings', { data: { voice: SLOW }, headers: { origin: BASE_URL } });
  expect(res.ok()).toBe(true);
}

test('seeking to 80 % of a chapter still being made plays from there, and the move to the stored file never jumps back', async () => {
  const context = await desktopContext(browser);
  await slowVoice(context);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`/book/${SLUG}/7`);
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  await playing(page);
  expect(await jobStatus(context, 7, SLOW)).not.toBe('done');
  // The estimated timeline: a length, and the slider can be used while the audio is made.
  const length = await total(page);
  expect(length).toBeGreaterThan(60);
  expect(await page.locator('[data-player-seek]').isDisabled()).toBe(false);

  // What the element plays, and where: to see that the move to the stored file never goes back.
  await page.evaluate(() => {
    const w = window as unknown as { trace: Array<{ src: string; time: number; event: string }> };
    w.trace = [];
    const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]')!;
    for (const event of ['timeupdate', 'seeked']) audio.addEventListener(event, () => w.trace.push({ src: audio.getAttribute('src') ?? '', time: audio.currentTime, event }));
  });
  const target = Math.round(length * 0.8);
  const from = streamFrom(page, 7);
  await page.locator('[data-player-seek]').evaluate((slider, value) => {
    const range = slider as HTMLInputElement;
    range.value = String(value);
    range.dispatchEvent(new Event('input', { bubbles: true }));
    range.dispatchEvent(new Event('change', { bubbles: true }));
  }, target);
  const response = await from;
  expect(response.status()).toBe(200);
  expect(Number(response.headers()['x-audio-from'])).toBeGreaterThan(0);
  expect(await jobStatus(context, 7, SLOW)).not.toBe('done'); // still being made

  // Heard from there: the element plays and the place shown starts near 80 % and moves on.
  await playing(page, 0.5);
  const at = await shown(page);
  expect(at).toBeGreaterThan(target - 25); // the start of the sentence that holds the place asked for
  expect(at).toBeLessThan(target + 5);
  await page.waitForFunction((a) => {
    const [m, s] = document.querySelector('[data-player-elapsed]')!.textContent!.split(':').map(Number);
    return m! * 60 + s! >= a + 2;
  }, at, { timeout: 15_000 });

  // Once stored, the player moves to the stored file (exact timings) at a sentence boundary and
  // plays on: the stored file starts where the stream had got to, not before.
  await page.waitForFunction(() => document.querySelector('[data-player]')!.getAttribute('data-state') === 'stored', undefined, { timeout: 100_000 });
  expect(await jobStatus(context, 7, SLOW)).toBe('done');
  await playing(page, 0.2);
  const exact = (await (await context.request.get(`/api/audio/timings/${SLUG}/7?voice=${SLOW}`)).json()) as { sentences: Array<{ start: number }> };
  const trace = await page.evaluate(() => (window as unknown as { trace: Array<{ src: string; time: number; event: string }> }).trace);
  const k = Number(response.headers()['x-audio-from']);
  const lastOfStream = trace.filter((e) => e.src.endsWith(`from=${k}`)).at(-1)!;
  const storedStart = trace.find((e) => !e.src.includes('from=') && e.event === 'seeked')!;
  const reached = exact.sentences[k]!.start + lastOfStream.time;
  expect(storedStart.time).toBeGreaterThanOrEqual(reached - 0.1);
  expect(storedStart.time).toBeLessThan(reached + 1);
  // The clock now shows the exact place, and moves on.
  const after = await shown(page);
  expect(Math.abs(after - (await page.evaluate(() => document.querySelector<HTMLAudioElement>('[data-player-audio]')!.currentTime)))).toBeLessThan(1.5);
  await page.waitForFunction((a) => {
    const [m, s] = document.querySelector('[data-player-elapsed]')!.textContent!.split(':').map(Number);
    return m! * 60 + s! >= a + 1;
  }, after, { timeout: 10_000 });
  expect(errors).toEqual([]);
  await context.close();
}, 150_000);

test('a saved place in a chapter still being made resumes at once from there, not after the whole chapter', async () => {
  const context = await desktopContext(browser);
  await slowVoice(context);
  const saved = await context.request.patch('/api/progress/audio-time', { data: { slug: SLUG, chapter: 8, audio_time: 100 }, headers: { origin: BASE_URL } });
  expect(saved.ok()).toBe(true);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`/book/${SLUG}/8`);
  const resume = page.getByRole('button', { name: /Resume listening at 1:40$/ });
  const from = streamFrom(page, 8);
  await resume.click();
  expect((await from).status()).toBe(200);
  await playing(page, 0.3);
  expect(await jobStatus(context, 8, SLOW)).not.toBe('done');
  const at = await shown(page);
  expect(at).toBeGreaterThan(100 - 25);
  expect(at).toBeLessThanOrEqual(101);
  await page.waitForFunction((a) => {
    const [m, s] = document.querySelector('[data-player-elapsed]')!.textContent!.split(':').map(Number);
    return m! * 60 + s! >= a + 1;
  }, at, { timeout: 15_000 });
  expect(errors).toEqual([]);
  await context.close();
}, 90_000);

/** The text of the sentence highlighted under `name` (player-sentence: spoken; player-pick: offered). */
const highlighted = (page: Page, name: string) =>
  page.evaluate((n) => {
    const highlight = (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get(n);
    const range = highlight ? [...highlight][0] : undefined;
    return range ? range.toString().replace(/\s+/g, ' ').trim() : null;
  }, name);

test('phone: a tap on a sentence offers "Play from here", which starts the narration at that sentence', async () => {
  const context = await phoneContext(browser, { width: 360, height: 740 });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`/book/${SLUG}/9`);
  // The sentences are known before anything plays (estimated timings).
  await page.waitForFunction(() => Number(document.querySelector('[data-player]')!.getAttribute('data-sentences')) > 10, undefined, { timeout: 15_000 });
  const paragraph = page.locator('.reader__text p').nth(5);
  await paragraph.scrollIntoViewIfNeeded();
  await paragraph.tap({ position: { x: 12, y: 8 } });
  const offer = page.getByRole('button', { name: 'Play from here' });
  await offer.waitFor();
  const chosen = await highlighted(page, 'player-pick');
  expect(chosen).toBeTruthy();
  expect((await paragraph.innerText()).replace(/\s+/g, ' ')).toContain(chosen!.slice(0, 30));
  const from = streamFrom(page, 9);
  await offer.tap();
  expect((await from).status()).toBe(200);
  await playing(page, 0.1);
  expect(await highlighted(page, 'player-sentence')).toBe(chosen);
  expect(await offer.isHidden()).toBe(true);
  const at = await shown(page);
  expect(at).toBeGreaterThan(0);
  await page.waitForFunction((a) => {
    const [m, s] = document.querySelector('[data-player-elapsed]')!.textContent!.split(':').map(Number);
    return m! * 60 + s! >= a + 1;
  }, at, { timeout: 15_000 });
  expect(errors).toEqual([]);
  await context.close();
});

test('keyboard: text selected in the chapter and Enter start the narration at its sentence, and the selection is left alone', async () => {
  const context = await desktopContext(browser);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`/book/${SLUG}/10`);
  await page.waitForFunction(() => Number(document.querySelector('[data-player]')!.getAttribute('data-sentences')) > 10, undefined, { timeout: 15_000 });
  // Select a few words of the fourth paragraph, as shift and the arrows would.
  const words = await page.locator('.reader__text p').nth(3).evaluate((p) => {
    const text = document.createTreeWalker(p, NodeFilter.SHOW_TEXT).nextNode()!;
    const range = document.createRange();
    range.setStart(text, 0);
    range.setEnd(text, 12);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
    return range.toString();
  });
  const offer = page.getByRole('button', { name: 'Play from here' });
  await offer.waitFor();
  expect(await page.evaluate(() => getSelection()!.toString())).toBe(words); // the selection is left as it was
  const chosen = await highlighted(page, 'player-pick');
  expect(chosen!.startsWith(words.trim())).toBe(true);
  await page.keyboard.press('Enter');
  await playing(page, 0.1);
  expect(await highlighted(page, 'player-sentence')).toBe(chosen);
  expect(errors).toEqual([]);
  await context.close();
});
