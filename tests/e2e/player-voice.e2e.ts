import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, desktopContext, launchBrowser, noSidewaysScroll, phoneContext, watchErrors } from './support.ts';

/**
 * The voice picker of the player: another voice chosen mid-chapter goes on from the same sentence
 * and is saved to the settings. Chapters of "The Accidental Dark Lord" are used by no other journey.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const BOOK = '/book/the-accidental-dark-lord';

/** The text of the sentence the player highlights as spoken, null when none is. */
const spoken = (page: Page) =>
  page.evaluate(() => {
    const highlight = (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get('player-sentence');
    const range = highlight ? [...highlight][0] : undefined;
    return range ? range.toString().replace(/\s+/g, ' ').trim() : null;
  });

const audioState = (page: Page) =>
  page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]')!;
    return { time: audio.currentTime, paused: audio.paused, src: audio.getAttribute('src') ?? '' };
  });

async function waitForSample(voice: string): Promise<void> {
  for (const until = Date.now() + 60_000; Date.now() < until; await Bun.sleep(500)) {
    if ((await fetch(`${BASE_URL}/api/presign/voice-sample/${voice}`)).status === 200) return;
  }
  throw new Error(`no sample of ${voice}`);
}

test('another voice chosen in the player mid-chapter goes on from the sentence being spoken, and is saved', async () => {
  const context = await desktopContext(browser);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${BOOK}/2`);
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  // Mid-chapter, in the stored file (eSpeak makes it in moments), a sentence highlighted.
  await page.waitForFunction(() => document.querySelector('[data-player]')!.getAttribute('data-state') === 'stored', undefined, { timeout: 30_000 });
  await page.waitForFunction(() => {
    const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]')!;
    return !audio.paused && audio.currentTime > 6;
  }, undefined, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.waitForFunction(() => document.querySelector<HTMLAudioElement>('[data-player-audio]')!.paused);
  const before = await spoken(page);
  expect(before).toBeTruthy();

  await page.getByRole('button', { name: 'Speed, sleep timer and more' }).click();
  const voice = page.getByLabel('Voice', { exact: true });
  await voice.waitFor();
  // Every voice, grouped by engine and language.
  const { voices } = (await (await context.request.get('/api/voices')).json()) as { voices: Array<{ id: string; engine: string; language: string }> };
  const groups = new Map<string, string[]>();
  for (const v of voices) groups.set(`${v.engine} ${v.language}`, [...(groups.get(`${v.engine} ${v.language}`) ?? []), v.id]);
  expect(await voice.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual([...groups.values()].flat());
  expect(await voice.locator('optgroup').count()).toBe(groups.size);
  expect(await voice.locator('optgroup').first().getAttribute('label')).toBe('eSpeak NG · American English');
  expect(await voice.inputValue()).toBe(voices[0]!.id);
  const use = page.getByRole('button', { name: 'Use this voice' });
  expect(await use.isDisabled()).toBe(true); // the voice already in use

  await voice.selectOption('espeak-en-gb');
  const timings = page.waitForResponse((r) => r.url().includes('/api/audio/timings/the-accidental-dark-lord/2') && r.url().includes('voice=espeak-en-gb'));
  await use.click();
  expect((await timings).status()).toBe(200);
  await page.waitForFunction((b) => {
    const highlight = (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get('player-sentence');
    const range = highlight ? [...highlight][0] : undefined;
    return !!range && range.toString().replace(/\s+/g, ' ').trim() === b;
  }, before, { timeout: 10_000 });
  expect(await page.locator('[data-player-voice-note]').innerText()).toContain('from the same sentence');

  // Play: the new voice starts at that sentence.
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForFunction(() => {
    const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]')!;
    return !audio.paused && audio.currentTime > 0.05 && (audio.getAttribute('src') ?? '').includes('voice=espeak-en-gb');
  }, undefined, { timeout: 30_000 });
  expect(await spoken(page)).toBe(before);
  const first = await audioState(page);
  await page.waitForFunction((t) => document.querySelector<HTMLAudioElement>('[data-player-audio]')!.currentTime > t + 0.5, first.time, { timeout: 10_000 });

  // The choice is the listener's voice from now on.
  await page.waitForFunction(() => fetch('/api/settings').then((r) => r.json()).then((s) => s.voice === 'espeak-en-gb'), undefined, { timeout: 5000 });
  expect(errors).toEqual([]);
  await context.close();
}, 120_000);

test('phone: the voice picker fits a 360 px screen, previews a voice, and the page stays readable above the player', async () => {
  await waitForSample('flite-slt');
  const context = await phoneContext(browser, { width: 360, height: 740 });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${BOOK}/3`);
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  await page.waitForFunction(() => !document.querySelector<HTMLAudioElement>('[data-player-audio]')!.paused, undefined, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Speed, sleep timer and more' }).click();
  const voice = page.getByLabel('Voice', { exact: true });
  await voice.waitFor();
  await noSidewaysScroll(page);
  for (const control of [voice, page.getByRole('button', { name: 'Use this voice' }), page.locator('[data-player-voice-preview]')]) {
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(box.y + box.height).toBeLessThanOrEqual(740);
  }
  // The page keeps the bar's height free under its end (--player-h), options open.
  const bar = (await page.locator('[data-player-bar]').boundingBox())!;
  const reserved = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--player-h')));
  expect(Math.abs(reserved - bar.height)).toBeLessThanOrEqual(2);

  // Preview another voice: its sample plays while the chapter waits, and the chapter goes on after.
  await voice.selectOption('flite-slt');
  const preview = page.getByRole('button', { name: /^Preview SLT/ });
  await preview.click();
  await page.waitForFunction(() => {
    const sample = document.querySelector<HTMLAudioElement>('[data-player-voice-sample]')!;
    const chapter = document.querySelector<HTMLAudioElement>('[data-player-audio]')!;
    return !sample.paused && sample.currentTime > 0.05 && chapter.paused;
  }, undefined, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await page.waitForFunction(() => !document.querySelector<HTMLAudioElement>('[data-player-audio]')!.paused, undefined, { timeout: 10_000 });
  // Previewing chose nothing.
  expect((await (await context.request.get('/api/settings')).json()).voice).toBe('espeak-en-us');
  expect(errors).toEqual([]);
  await context.close();
});

test('on a translated page the voice is the server’s choice: the picker says so instead of offering voices', async () => {
  const context = await desktopContext(browser);
  const page = await context.newPage();
  await page.goto(`${BOOK}/4?locale=pt`);
  await page.locator('[data-player]:not([hidden])').waitFor();
  await page.waitForFunction(() => !document.querySelector<HTMLElement>('[data-player-voice-field]')!.hidden);
  expect(await page.locator('[data-player-voice-row]').evaluate((row) => (row as HTMLElement).hidden)).toBe(true);
  expect(await page.locator('[data-player-voice-note]').textContent()).toContain('translation');
  await context.close();
});
