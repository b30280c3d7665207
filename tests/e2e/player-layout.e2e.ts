import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, phoneContext, watchErrors } from './support.ts';

/**
 * The docked player at every size a reader meets: phones at the browser's larger text sizes and the
 * site's largest, pages zoomed in, a tablet and a wide screen. The player and the bars never cover
 * more than a third of the screen; the ⋯ options stay between the header and the tab bar in every
 * language; the spoken sentence is marked clearly enough in every theme.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const LOCALES = ['en', 'pt', 'es', 'fr', 'id'] as const;
const THEMES = ['amber', 'slate', 'rose', 'light', 'light-slate', 'light-rose'] as const;

/** A context of `width`×`height` with the browser's standard text at `textPx` (16: 100 %). */
async function openAt(width: number, height: number, textPx: number, cookies: Array<{ name: string; value: string }> = []): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(browser, { width, height });
  if (cookies.length > 0) await context.addCookies(cookies.map((c) => ({ ...c, url: BASE_URL })));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: textPx, fixed: Math.round((textPx * 13) / 16) } });
  return { context, page };
}

const playedPast = (page: Page, seconds: number) =>
  page.waitForFunction((s) => {
    const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]');
    return !!audio && !audio.paused && audio.currentTime > s;
  }, seconds, { timeout: 30_000 });

/** How much of the window's height fixed and sticky things cover (their union), as a fraction. */
function coveredByBars(): number {
  const spans: [number, number][] = [];
  for (const element of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
    const position = getComputedStyle(element).position;
    if (position !== 'fixed' && position !== 'sticky') continue;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
    const top = Math.max(0, box.top);
    const bottom = Math.min(window.innerHeight, box.bottom);
    if (bottom > top && (position === 'fixed' || box.top <= 0.5 || box.bottom >= window.innerHeight - 0.5)) spans.push([top, bottom]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  let covered = 0;
  let end = 0;
  for (const [top, bottom] of spans) {
    if (bottom <= end) continue;
    covered += bottom - Math.max(top, end);
    end = bottom;
  }
  return covered / window.innerHeight;
}

for (const [width, height, textPx, siteSize, what] of [
  [320, 256, 16, 1, 'a page zoomed to 400 % (320×256)'],
  [640, 512, 16, 1, 'a page zoomed to 200 % (640×512)'],
  [360, 740, 20, 1, 'a 360×740 phone at 125 % text'],
  [360, 740, 24, 1, 'a 360×740 phone at 150 % text'],
  [390, 844, 20, 1, 'a 390×844 phone at 125 % text'],
  [390, 844, 24, 1, 'a 390×844 phone at 150 % text'],
  [360, 740, 16, 3, "a 360×740 phone at the site's largest text size"],
  [768, 1024, 20, 1, 'a 768×1024 tablet at 125 % text'],
  [768, 1024, 24, 1, 'a 768×1024 tablet at 150 % text'],
  [1440, 900, 20, 1, 'a 1440×900 screen at 125 % text'],
  [1440, 900, 24, 1, 'a 1440×900 screen at 150 % text'],
] as const) {
  test(`the player and the bars never cover more than a third of ${what}`, async () => {
    const { context, page } = await openAt(width, height, textPx, siteSize === 1 ? [] : [{ name: 'font_size', value: String(siteSize) }]);
    const errors = watchErrors(page);
    await page.goto('/book/morning-bread/1');
    await page.getByRole('button', { name: 'Listen', exact: true }).click();
    await playedPast(page, 0.5);
    await page.waitForFunction(() => document.documentElement.style.getPropertyValue('--player-h') !== '');
    // Reading on (the bars that hide on the way down are hidden), then back up a little (they return).
    const measured: Record<string, number> = {};
    for (const [moment, y] of [['reading', 600], ['back up', 450]] as const) {
      await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
      await page.waitForTimeout(400);
      measured[moment] = Math.round((await page.evaluate(coveredByBars)) * 100);
    }
    expect(measured.reading).toBeLessThanOrEqual(33);
    expect(measured['back up']).toBeLessThanOrEqual(33);
    // Still playing, and the play/pause button and ⋯ are on screen.
    for (const control of ['[data-player-toggle]', '[data-player-more]']) {
      const box = (await page.locator(control).boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(height + 1);
      expect(box.x + box.width).toBeLessThanOrEqual(width + 1);
    }
    await page.getByRole('button', { name: 'Pause' }).click();
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('phone at 125 % text: the closed player is one row (play/pause, what is playing, ⋯) over a line of the position', async () => {
  const { context, page } = await openAt(360, 740, 20);
  await page.goto('/book/morning-bread/1');
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  await playedPast(page, 1);
  const boxes = await page.evaluate(() => {
    const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect().toJSON() as DOMRect;
    const chapter = document.querySelector<HTMLElement>('[data-player-now-chapter]')!;
    return {
      toggle: box('[data-player-toggle]'), now: box('[data-player-now]'), more: box('[data-player-more]'), bar: box('[data-player-bar]'),
      titleOneLine: chapter.getClientRects().length === 1 && getComputedStyle(chapter).whiteSpace === 'nowrap',
      progress: Number(getComputedStyle(document.querySelector('[data-player-bar]')!).getPropertyValue('--player-progress')),
      line: getComputedStyle(document.querySelector('[data-player-bar]')!, '::before').width,
    };
  });
  const middle = (b: DOMRect) => b.y + b.height / 2;
  expect(Math.abs(middle(boxes.toggle) - middle(boxes.now))).toBeLessThan(4);
  expect(Math.abs(middle(boxes.toggle) - middle(boxes.more))).toBeLessThan(4);
  expect(boxes.toggle.x).toBeLessThan(boxes.now.x);
  expect(boxes.now.x + boxes.now.width).toBeLessThanOrEqual(boxes.more.x);
  expect(boxes.titleOneLine).toBe(true);
  expect(boxes.bar.height).toBeLessThan(100);
  expect(boxes.progress).toBeGreaterThan(0);
  expect(parseFloat(boxes.line)).toBeGreaterThan(0);
  // The skips, the position slider and the speed are a press of ⋯ away, and the keys still skip.
  expect(await page.locator('[data-player-seek]').isHidden()).toBe(true);
  await page.getByRole('button', { name: 'Speed, sleep timer and more' }).click();
  for (const control of ['[data-player-seek]', '[data-player-back]', '[data-player-forward]', '[data-player-speed-cycle]', '[data-player-close]']) {
    expect(await page.locator(control).isVisible()).toBe(true);
  }
  await context.close();
});

for (const [width, height] of [
  [360, 740],
  [390, 844],
] as const) {
  test(`${width}×${height} at 150 % text: the ⋯ options stay between the header and the tab bar, nothing cut, in every language`, async () => {
    const { context, page } = await openAt(width, height, 24);
    const problems: string[] = [];
    for (const locale of LOCALES) {
      await context.addCookies([{ name: 'locale', value: locale, url: BASE_URL }]);
      await page.goto('/book/morning-bread/1');
      await page.locator('[data-player-listen]').click();
      await page.locator('[data-player-bar]').waitFor();
      await page.locator('[data-player-more]').click();
      await page.locator('[data-player-voice-field]').waitFor();
      // Back at the top, where the header shows.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await page.waitForTimeout(300);
      const found = await page.evaluate(() => {
        const out: string[] = [];
        const bar = document.querySelector<HTMLElement>('[data-player-bar]')!;
        const sheet = bar.getBoundingClientRect();
        const header = document.querySelector('[data-site-header]')!;
        const headerBox = header.getBoundingClientRect();
        if (getComputedStyle(header).position !== 'relative' && headerBox.bottom > 0 && sheet.top < headerBox.bottom - 0.5) out.push(`the options start under the header (${Math.round(sheet.top)} < ${Math.round(headerBox.bottom)})`);
        if (sheet.top < -0.5 || sheet.bottom > window.innerHeight + 0.5) out.push('the options reach off the screen');
        if (bar.scrollWidth > bar.clientWidth) out.push(`the options are wider than the screen (${bar.scrollWidth} > ${bar.clientWidth})`);
        for (const el of Array.from(bar.querySelectorAll<HTMLElement>('button, label, select, output, .player__hint'))) {
          if (!el.offsetParent) continue;
          const box = el.getBoundingClientRect();
          const name = (el.textContent ?? '').trim().slice(0, 40) || el.getAttribute('aria-label');
          if (box.left < sheet.left - 0.5 || box.right > sheet.right + 0.5) out.push(`"${name}" is outside the options (${Math.round(box.left)}–${Math.round(box.right)})`);
          if (el.scrollWidth > el.clientWidth + 1 && el.tagName !== 'SELECT') out.push(`"${name}" is cut (${el.scrollWidth} > ${el.clientWidth})`);
        }
        return out;
      });
      problems.push(...found.map((p) => `${locale}: ${p}`));
      // The voice's Preview can be scrolled to inside the options and is shown whole.
      const preview = page.locator('[data-player-voice-preview]');
      await preview.scrollIntoViewIfNeeded();
      const shown = await preview.evaluate((button) => {
        const box = button.getBoundingClientRect();
        const sheet = button.closest('[data-player-bar]')!.getBoundingClientRect();
        return box.left >= sheet.left - 0.5 && box.right <= sheet.right + 0.5 && box.top >= sheet.top - 0.5 && box.bottom <= sheet.bottom + 0.5;
      });
      if (!shown) problems.push(`${locale}: Preview is not shown whole`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
}

/** WCAG contrast of two CSS colours, resolved through a canvas (any syntax getComputedStyle answers). */
function contrastInPage([a, b]: [string, string]): number {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const paint = canvas.getContext('2d', { willReadFrequently: true })!;
  const rgb = (color: string) => {
    paint.clearRect(0, 0, 1, 1);
    paint.fillStyle = color;
    paint.fillRect(0, 0, 1, 1);
    return Array.from(paint.getImageData(0, 0, 1, 1).data.slice(0, 3));
  };
  const luminance = (color: string) => {
    const [r, g, bl] = rgb(color).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

test('the spoken sentence is marked by a line of at least 3:1 against the page in every theme', async () => {
  const results: Array<{ theme: string; line: string; contrast: number }> = [];
  for (const theme of THEMES) {
    const context = await phoneContext(browser, { width: 390, height: 844 });
    await context.addCookies([{ name: 'theme', value: theme, url: BASE_URL }]);
    const page = await context.newPage();
    await page.goto('/book/morning-bread/1');
    expect(await page.getAttribute('html', 'data-theme')).toBe(theme);
    const { line, color, background } = await page.evaluate(() => {
      const paragraph = document.querySelector('article[data-reader] .reader__text p')!;
      const mark = getComputedStyle(paragraph, '::highlight(player-sentence)');
      // The page behind the text: the nearest background that is painted.
      let background = 'rgb(255, 255, 255)';
      for (let el: Element | null = paragraph; el; el = el.parentElement) {
        const painted = getComputedStyle(el).backgroundColor;
        if (painted && painted !== 'rgba(0, 0, 0, 0)' && painted !== 'transparent') {
          background = painted;
          break;
        }
      }
      return { line: mark.textDecorationLine, color: mark.textDecorationColor, background };
    });
    const contrast = await page.evaluate(contrastInPage, [color, background] as [string, string]);
    results.push({ theme, line, contrast: Math.round(contrast * 100) / 100 });
    await context.close();
  }
  for (const result of results) {
    expect({ theme: result.theme, line: result.line }).toEqual({ theme: result.theme, line: 'underline' });
    expect({ theme: result.theme, atLeast3: result.contrast >= 3 }).toEqual({ theme: result.theme, atLeast3: true });
  }
});
