import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, phoneContext, signIn, watchErrors } from './support.ts';

/**
 * Large text on a phone, from the browser (its text size setting) and from the site's own text
 * size at its largest: every select stays inside the screen and nothing scrolls sideways.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Selects (and the page) sticking out of the screen, by the select's id. */
function overflowing(): string[] {
  const width = document.documentElement.clientWidth;
  const wide = Array.from(document.querySelectorAll<HTMLElement>('select'))
    .filter((select) => select.getClientRects().length > 0 && !select.closest('details:not([open])'))
    .filter((select) => {
      const box = select.getBoundingClientRect();
      return box.left < -0.5 || box.right > width + 0.5;
    })
    .map((select) => `#${select.id || select.getAttribute('name')} ${Math.round(select.getBoundingClientRect().left)}–${Math.round(select.getBoundingClientRect().right)}px`);
  if (document.documentElement.scrollWidth > width) {
    wide.push(`page ${document.documentElement.scrollWidth}px wide in ${width}px`);
    const culprits = Array.from(document.querySelectorAll<HTMLElement>('body *')).filter((el) => el.getClientRects().length > 0 && el.getBoundingClientRect().right > width + 0.5 && !(el.parentElement && el.parentElement.getBoundingClientRect().right > width + 0.5));
    for (const el of culprits.slice(0, 6)) wide.push(`${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')} ${Math.round(el.getBoundingClientRect().right)}px "${(el.textContent ?? '').trim().slice(0, 40)}"`);
  }
  return wide;
}

async function browserText(page: Page, px: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: px, fixed: Math.round((px * 13) / 16) } });
}

for (const [label, px, siteSize] of [
  ['browser text at 150 %', 24, '1'],
  ['browser text at 200 %', 32, '1'],
  ['the site text at its largest (200 %) with browser text at 125 %', 20, '2'],
] as const) {
  test(`${label}: the language and other selects fit a 360 px phone`, async () => {
    const context = await phoneContext(browser);
    await context.addCookies([{ name: 'font_size', value: siteSize, url: BASE_URL }]);
    await signIn(context, 'e2e-large-text');
    const page = await context.newPage();
    const errors = watchErrors(page);
    await browserText(page, px);
    for (const locale of ['en', 'pt', 'fr'] as const) {
      await context.addCookies([{ name: 'locale', value: locale, url: BASE_URL }]);
      await page.goto('/settings');
      expect({ locale, where: 'settings', wide: await page.evaluate(overflowing) }).toEqual({ locale, where: 'settings', wide: [] });
      await page.goto('/book/morning-bread/1');
      await page.locator('.appearance summary').click();
      expect({ locale, where: 'appearance menu', wide: await page.evaluate(overflowing) }).toEqual({ locale, where: 'appearance menu', wide: [] });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('the site text size offers up to 200 %, and 200 % is applied to the reading text', async () => {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await page.goto('/book/morning-bread/1');
  const sizes = await page.locator('#prefs-size option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(sizes.map(Number)).toContain(2);
  const before = await page.evaluate(() => parseFloat(getComputedStyle(document.querySelector('.reader') as Element).fontSize));
  await context.addCookies([{ name: 'font_size', value: '2', url: BASE_URL }]);
  await page.reload();
  const after = await page.evaluate(() => parseFloat(getComputedStyle(document.querySelector('.reader') as Element).fontSize));
  expect(after / before).toBeCloseTo(2, 1);
  await context.close();
});
