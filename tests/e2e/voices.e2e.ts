import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, desktopContext, launchBrowser, noSidewaysScroll, phoneContext, watchErrors } from './support.ts';

/**
 * Voice previews on /settings, with the real engines of the app under test (eSpeak and Flite, as
 * programs or, on a machine without them, in-process):
 * the samples come from the job the app enqueues at start, without anyone asking.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** The start-up job stores every sample within seconds; wait for one of each engine. */
async function waitForSample(voice: string): Promise<void> {
  for (const until = Date.now() + 90_000; ; await Bun.sleep(500)) {
    const res = await fetch(`${BASE_URL}/api/presign/voice-sample/${voice}`);
    if (res.status === 200) return;
    if (res.status !== 404) throw new Error(`presign ${voice}: ${res.status} ${await res.text()}`);
    if (Date.now() > until) throw new Error(`no sample of ${voice} 90 s after start`);
  }
}

const player = (page: Page) => page.locator('audio[data-voice-preview-player]');
const previewButton = (page: Page) => page.locator('button[data-voice-preview]');
const previewStatus = (page: Page) => page.locator('[data-voice-preview-status]');
const audioState = (page: Page) =>
  player(page).evaluate((a: HTMLAudioElement) => ({ paused: a.paused, time: a.currentTime, src: a.getAttribute('src') }));

/** Playing for real: not paused, and the playhead moves. */
async function expectPlaying(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const audio = document.querySelector('audio[data-voice-preview-player]') as HTMLAudioElement;
    return !audio.paused && audio.currentTime > 0.05;
  }, undefined, { timeout: 10_000 });
  const first = (await audioState(page)).time;
  await page.waitForFunction((t) => (document.querySelector('audio[data-voice-preview-player]') as HTMLAudioElement).currentTime > t, first, { timeout: 5_000 });
}

describe('voice previews', () => {
  beforeAll(async () => {
    await Promise.all([waitForSample('espeak-en-us'), waitForSample('flite-slt')]);
  }, 100_000);

  test('phone: every voice in one grouped select; Preview plays the chosen voice, another choice stops it, a second press stops it', async () => {
    const context = await phoneContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/settings');

    const { voices } = (await (await context.request.get(`${BASE_URL}/api/voices`)).json()) as { voices: Array<{ id: string; name: string; engine: string }> };
    expect(voices.length).toBeGreaterThan(1);
    expect(await page.locator('#settings-voice option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual(voices.map((v) => v.id));
    expect(await page.locator('#settings-voice optgroup').count()).toBe(new Set(voices.map((v) => v.engine)).size);
    const button = previewButton(page);
    await button.waitFor({ state: 'visible' });
    expect(await button.count()).toBe(1);

    await page.selectOption('#settings-voice', 'espeak-en-us');
    expect(await button.getAttribute('aria-label')).toBe('Preview English (US)');
    await button.click();
    await expectPlaying(page);
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    expect(await button.innerText()).toBe('Stop');
    expect(await previewStatus(page).innerText()).toBe('Playing a sample of English (US).');

    // Choosing another voice stops the sample of the previous one.
    await page.selectOption('#settings-voice', 'flite-slt');
    expect((await audioState(page)).paused).toBe(true);
    expect(await button.innerText()).toBe('Preview');
    expect(await button.getAttribute('aria-label')).toBe('Preview SLT (US English, female)');

    await button.click();
    await expectPlaying(page);
    expect((await audioState(page)).src).toContain('flite-slt.wav');
    await button.click();
    expect((await audioState(page)).paused).toBe(true);
    expect(await button.getAttribute('aria-pressed')).toBe('false');
    expect(await button.innerText()).toBe('Preview');

    await noSidewaysScroll(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('360 px with text at 150 %: the select and its button stay inside the screen', async () => {
    const context = await phoneContext(browser);
    await context.addCookies([{ name: 'font_size', value: '1.5', url: BASE_URL }]);
    const page = await context.newPage();
    await page.goto('/settings');
    await previewButton(page).waitFor({ state: 'visible' });
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    for (const selector of ['#settings-voice', 'button[data-voice-preview]']) {
      const box = (await page.locator(selector).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    await noSidewaysScroll(page);
    await context.close();
  });

  test('a sample that does not exist yet, or fails, says so clearly', async () => {
    const context = await desktopContext(browser);
    const page = await context.newPage();
    await page.route('**/api/presign/voice-sample/espeak-fr', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"not_found","message":"Voice sample not found: it has not been generated yet"}' }));
    await page.route('**/api/presign/voice-sample/espeak-es', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"unavailable","message":"Down"}' }));
    await page.goto('/settings');

    await page.selectOption('#settings-voice', 'espeak-fr');
    await previewButton(page).click();
    await page.waitForFunction(() => document.querySelector('[data-voice-preview-status]')?.classList.contains('is-error'));
    expect(await previewStatus(page).innerText()).toBe('There is no sample of Français yet: samples are still being prepared. Try again in a minute.');
    expect(await previewButton(page).getAttribute('aria-pressed')).toBe('false');
    expect((await audioState(page)).paused).toBe(true);

    await page.selectOption('#settings-voice', 'espeak-es');
    await previewButton(page).click();
    await page.waitForFunction(() => document.querySelector('[data-voice-preview-status]')?.textContent?.includes('could not be played'));
    expect(await previewStatus(page).innerText()).toBe('The sample of Español (España) could not be played.');
    expect(await previewButton(page).innerText()).toBe('Preview');
    await context.close();
  });

  test('choosing a voice saves it', async () => {
    const context = await desktopContext(browser);
    const page = await context.newPage();
    await page.goto('/settings');
    await page.selectOption('#settings-voice', 'flite-slt');
    await page.waitForFunction(() => document.querySelector('[data-settings-status]')?.textContent === 'Saved');
    expect(await (await context.request.get(`${BASE_URL}/api/settings`)).json()).toMatchObject({ voice: 'flite-slt' });
    await page.reload();
    expect(await page.locator('#settings-voice').inputValue()).toBe('flite-slt');
    await context.close();
  });

  test('without JavaScript the voice still saves and the preview stays hidden', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: BASE_URL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/settings');
    expect(await previewButton(page).isHidden()).toBe(true);
    await page.selectOption('#settings-voice', 'espeak-pt-br');
    await Promise.all([page.waitForURL('**/settings?saved=1'), page.locator('[data-settings-save]').click()]);
    expect(await page.locator('#settings-voice').inputValue()).toBe('espeak-pt-br');
    expect(await (await context.request.get(`${BASE_URL}/api/settings`)).json()).toMatchObject({ voice: 'espeak-pt-br' });
    await noSidewaysScroll(page);
    await context.close();
  });
});
