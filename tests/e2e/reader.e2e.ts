import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, desktopContext, launchBrowser, phoneContext, signIn, watchErrors, noSidewaysScroll } from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const PHONE = { width: 390, height: 844 };
const RESULTS = resolve(import.meta.dir, '../../test-results');

/** Resolves once the reader has recorded the chapter it opened (its first POST /api/progress). */
function progressSaved(page: Page, chapter: number, withScroll = false) {
  return page.waitForResponse((r) => {
    if (!r.url().endsWith('/api/progress') || r.request().method() !== 'POST') return false;
    const sent = JSON.parse(r.request().postData() ?? '{}') as { chapter?: number; scroll?: number };
    return sent.chapter === chapter && (!withScroll || typeof sent.scroll === 'number') && r.status() === 200;
  });
}

for (const [name, open] of [
  ['desktop', (b: Browser) => desktopContext(b)],
  ['phone', (b: Browser) => phoneContext(b, PHONE)],
] as const) {
  test(`${name}: start reading, → goes to chapter 2, and the book page then offers to continue there`, async () => {
    const context: BrowserContext = await open(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/book/ink-and-alibis');
    await noSidewaysScroll(page);
    expect(await page.locator('h1').innerText()).toBe('Ink and Alibis');
    const opened = progressSaved(page, 1);
    await page.getByRole('link', { name: 'Start reading' }).click();
    await page.waitForURL('**/book/ink-and-alibis/1');
    await opened;
    await noSidewaysScroll(page);

    const second = progressSaved(page, 2);
    await page.keyboard.press('ArrowRight');
    await page.waitForURL('**/book/ink-and-alibis/2');
    await second;
    expect(await page.locator('h1').innerText()).toBe('Who Holds the Key');

    await page.goto('/');
    await page.goto('/book/ink-and-alibis');
    const next = page.getByRole('link', { name: 'Continue reading · Chapter 2' });
    await next.waitFor();
    expect(await next.getAttribute('href')).toBe('/book/ink-and-alibis/2');
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('phone: swiping left goes to the next chapter, swiping right back; vertical drags do not', async () => {
  const context = await phoneContext(browser, PHONE);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/book/salvage-rights/3');
  const cdp = await context.newCDPSession(page);
  const swipe = async (fromX: number, toX: number, fromY = 500, toY = 500) => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y: fromY }] });
    for (let step = 1; step <= 5; step++) {
      const x = fromX + ((toX - fromX) * step) / 5;
      const y = fromY + ((toY - fromY) * step) / 5;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
  // Swipes start on the chapter's text, wherever the controls above it leave it (form fields and
  // sideways scrollers keep their own swipes): its top is brought to 300 px from the screen's top.
  const textAt300 = () => page.evaluate(() => window.scrollBy(0, document.querySelector('.reader__text')!.getBoundingClientRect().top - 300));
  await textAt300();
  await swipe(300, 120, 500, 470); // mostly horizontal, 180 px to the left
  await page.waitForURL('**/book/salvage-rights/4');
  await textAt300();
  await swipe(80, 300);
  await page.waitForURL('**/book/salvage-rights/3');
  await swipe(200, 150, 300, 700); // a scroll, not a page turn
  await swipe(200, 170); // too short
  await page.waitForTimeout(400);
  expect(new URL(page.url()).pathname).toBe('/book/salvage-rights/3');
  expect(errors).toEqual([]);
  await context.close();
});

test('keys do nothing while typing in a field', async () => {
  const context = await desktopContext(browser);
  const page = await context.newPage();
  await page.goto('/book/salvage-rights/2');
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.id = 'typing-here';
    document.querySelector('main')!.prepend(input);
  });
  await page.focus('#typing-here');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('kj');
  await page.waitForTimeout(300);
  expect(new URL(page.url()).pathname).toBe('/book/salvage-rights/2');
  await page.locator('h1').click();
  await page.keyboard.press('j');
  await page.waitForURL('**/book/salvage-rights/1');
  await context.close();
});

test('the scroll position is restored when the reader comes back to the chapter', async () => {
  const context = await phoneContext(browser, PHONE);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/book/the-clockwork-heir/1');
  const room = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  expect(room).toBeGreaterThan(1000);
  const saved = progressSaved(page, 1, true);
  await page.evaluate(() => window.scrollTo({ top: Math.round((document.documentElement.scrollHeight - window.innerHeight) * 0.6), behavior: 'instant' }));
  await saved;
  const left = await page.evaluate(() => window.scrollY);
  const bar = await page.evaluate(() => getComputedStyle(document.querySelector('[data-reader-bar]')!).transform);
  expect(bar).not.toBe('matrix(0, 0, 0, 1, 0, 0)'); // the progress bar moved

  await page.goto('/');
  await page.goto('/book/the-clockwork-heir/1');
  // reader.js asks /api/progress for the place and marks what it restored with data-scroll.
  await page.waitForSelector('article[data-reader][data-scroll]');
  expect(Number(await page.getAttribute('article[data-reader]', 'data-scroll'))).toBeGreaterThan(0.3);
  await page.waitForFunction(() => window.scrollY > 0);
  const back = await page.evaluate(() => window.scrollY);
  expect(Math.abs(back - left)).toBeLessThan(60);
  expect(errors).toEqual([]);
  await context.close();
});

test('screenshots of the reader in the amber and light themes', async () => {
  mkdirSync(RESULTS, { recursive: true });
  for (const theme of ['amber', 'light'] as const) {
    const context = await phoneContext(browser, PHONE);
    await context.addCookies([{ name: 'theme', value: theme, url: BASE_URL }]);
    const page = await context.newPage();
    await page.goto('/book/ink-and-alibis/1');
    expect(await page.getAttribute('html', 'data-theme')).toBe(theme);
    await noSidewaysScroll(page);
    const path = `${RESULTS}/reader-${theme}.png`;
    await page.screenshot({ path, fullPage: false });
    console.log(`screenshot: ${path}`);
    await context.close();
  }
});

test('a progress save that fails tells the reader, once, in words', async () => {
  const context = await desktopContext(browser);
  const page = await context.newPage();
  // The server refuses the save as it would a cross-site write (the reader never sees a status code).
  // On the context: once the service worker controls the page, the saves go through it.
  let refused = 0;
  await context.route('**/api/progress', (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    refused++;
    return route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ error: 'forbidden', message: 'Cross-site request refused' }) });
  });
  await page.goto('/book/salvage-rights/1');
  const toast = page.locator('#toasts .toast--error');
  await toast.waitFor();
  expect(await toast.innerText()).toContain('Your place in this chapter was not saved');
  await page.mouse.wheel(0, 600);
  await page.waitForTimeout(1800);
  expect(refused).toBeGreaterThanOrEqual(2);
  expect(await page.locator('#toasts .toast--error').count()).toBe(1);
  await context.close();
});

/** Characters per rendered line of the chapter's longest paragraph: the average of its full lines, and the longest. */
function measure(page: Page) {
  return page.evaluate(() => {
    const paragraphs = Array.from(document.querySelectorAll<HTMLElement>('.reader__text p'));
    const p = paragraphs.reduce((a, b) => ((b.textContent ?? '').length > (a.textContent ?? '').length ? b : a));
    const lines = new Map<number, number>();
    const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.textContent!.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (rect.width === 0 && rect.height === 0) continue;
        const top = Math.round(rect.top);
        lines.set(top, (lines.get(top) ?? 0) + 1);
      }
    }
    const full = [...lines.entries()].sort((a, b) => a[0] - b[0]).map(([, n]) => n).slice(0, -1);
    return { average: full.reduce((a, b) => a + b, 0) / full.length, longest: Math.max(...full), lines: full.length };
  });
}

for (const [look, cookies] of [
  ['the system font', [] as { name: string; value: string }[]],
  ['the book font at 150 %', [{ name: 'font_family', value: 'serif' }, { name: 'font_size', value: '1.5' }]],
] as const) {
  test(`desktop, ${look}: the chapter is set 60–70 characters to the line, in typographic punctuation`, async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: BASE_URL });
    await context.addCookies(cookies.map((c) => ({ ...c, url: BASE_URL })));
    const page = await context.newPage();
    await page.goto('/book/ink-and-alibis/1');
    await page.evaluate(() => document.fonts.ready);
    const { average, longest, lines } = await measure(page);
    expect(lines).toBeGreaterThan(2);
    expect(average).toBeGreaterThanOrEqual(58);
    expect(average).toBeLessThanOrEqual(72);
    expect(longest).toBeLessThanOrEqual(76);
    expect(await page.locator('.reader__text').innerText()).toContain('“Miss Amory! Harbourmaster’s dead!”');
    if (cookies.length > 0) {
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('.reader__text')!).fontFamily)).toStartWith('Literata');
      expect(await page.evaluate(() => document.fonts.check('16px Literata'))).toBe(true);
    }
    await noSidewaysScroll(page);
    await context.close();
  });
}

test('a reader who never chose a font is offered the book font; taking it applies it at once, for good', async () => {
  const context = await desktopContext(browser);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/book/salvage-rights/1');
  const offer = page.locator('form[data-font-offer]');
  await offer.waitFor();
  expect(await page.getAttribute('html', 'data-font')).toBe('system');
  const saved = page.waitForResponse((r) => r.url().endsWith('/prefs') && r.status() === 204);
  await offer.getByRole('button', { name: 'Use the book font' }).click();
  await saved;
  await offer.waitFor({ state: 'detached' });
  expect(await page.getAttribute('html', 'data-font')).toBe('serif');
  expect(await page.locator('#prefs-font').inputValue()).toBe('serif');
  await page.evaluate(() => document.fonts.ready);
  expect(await page.evaluate(() => document.fonts.check('16px Literata'))).toBe(true);
  expect(await page.evaluate(() => performance.getEntriesByType('resource').some((e) => /literata-latin-wght-normal\.[0-9a-f]+\.woff2$/.test(e.name)))).toBe(true);
  await page.goto('/book/salvage-rights/2');
  expect(await page.getAttribute('html', 'data-font')).toBe('serif');
  expect(await page.locator('form[data-font-offer]').count()).toBe(0);
  expect(errors).toEqual([]);
  await context.close();

  // "No thanks" keeps the current font and the offer does not come back; without JavaScript too.
  const noScript = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto('/book/salvage-rights/1');
  await plain.getByRole('button', { name: 'No thanks' }).click();
  await plain.waitForURL('**/book/salvage-rights/1');
  expect(await plain.locator('form[data-font-offer]').count()).toBe(0);
  expect(await plain.getAttribute('html', 'data-font')).toBe('system');
  await noScript.close();
});

test('the keyboard tip shows with a keyboard and a mouse, never on a phone', async () => {
  const desktop = await desktopContext(browser);
  const page = await desktop.newPage();
  await page.goto('/book/salvage-rights/2');
  await page.locator('.reader__hint').waitFor({ state: 'visible' });
  await desktop.close();
  const phone = await phoneContext(browser, PHONE);
  const small = await phone.newPage();
  await small.goto('/book/salvage-rights/2');
  await small.waitForLoadState('load');
  expect(await small.locator('.reader__hint').isVisible()).toBe(false);
  await phone.close();
});

/** The previous and next buttons' boxes and looks, in one of the chapter's two navs. */
function steps(page: Page, nav: string) {
  return page.$$eval(`${nav} .reader-nav__step`, (els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      const label = Array.from(el.querySelectorAll<HTMLElement>('.reader-nav__label')).find((l) => getComputedStyle(l).display !== 'none')!;
      const style = getComputedStyle(el);
      return { top: Math.round(r.top), right: Math.round(r.right), width: Math.round(r.width), height: Math.round(r.height), weight: style.fontWeight, size: style.fontSize, labelHeight: label.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(label).lineHeight) || parseFloat(style.fontSize) * 1.6, text: label.innerText };
    }),
  );
}

for (const width of [360, 768, 1024, 1440]) {
  test(`${width} px, the browser's text at 150 %: previous and next are equal, side by side, on one line each`, async () => {
    const context = await browser.newContext({ viewport: { width, height: 800 }, baseURL: BASE_URL, hasTouch: width < 700 });
    await context.addCookies([{ name: 'locale', value: 'pt', url: BASE_URL }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 24, fixed: 20 } }); // the browser's own text size at 150 %
    // The same pair above the text and below it.
    for (const [chapter, nav] of [[2, '.reader-nav-top'], [2, '.reader-nav'], [1, '.reader-nav-top'], [1, '.reader-nav']] as const) {
      await page.goto(`/book/salvage-rights/${chapter}`);
      const pair = await steps(page, nav);
      expect(pair.length).toBe(2);
      const [prev, next] = pair;
      expect(prev!.top).toBe(next!.top);
      expect(Math.abs(prev!.width - next!.width)).toBeLessThanOrEqual(1);
      expect(prev!.height).toBe(next!.height);
      expect(prev!.weight).toBe(next!.weight);
      expect(prev!.size).toBe(next!.size);
      for (const step of [prev!, next!]) expect(step.labelHeight).toBeLessThan(step.lineHeight * 1.5); // one line
      if (width === 360) expect([prev!.text, next!.text]).toEqual(['Anterior', 'Próximo']);
      if (width === 1440) expect([prev!.text, next!.text]).toEqual(['Capítulo anterior', 'Próximo capítulo']);
      expect(await page.$eval(nav, (el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      expect(prev!.right).toBeLessThanOrEqual(width);
      expect(next!.right).toBeLessThanOrEqual(width);
    }
    expect(await page.locator('.reader-nav-top .reader-nav__prev[aria-disabled="true"]').count()).toBe(1);
    expect(await page.locator('.reader-nav .reader-nav__prev[aria-disabled="true"]').count()).toBe(1);
    await context.close();
  });
}

test('chapter and comments pages in every theme at 360, 768, 1024 and 1440 px with text at 150 %: nothing wider than the screen', async () => {
  const themes = ['amber', 'slate', 'rose', 'light', 'light-slate', 'light-rose'];
  for (const width of [360, 768, 1024, 1440]) {
    const context = await browser.newContext({ viewport: { width, height: 800 }, baseURL: BASE_URL });
    const page = await context.newPage();
    const errors = watchErrors(page);
    for (const theme of themes) {
      await context.addCookies([{ name: 'theme', value: theme, url: BASE_URL }, { name: 'font_size', value: '1.5', url: BASE_URL }]);
      for (const path of ['/book/the-clockwork-heir/1', '/book/the-clockwork-heir/comments']) {
        await page.goto(path);
        expect(await page.getAttribute('html', 'data-theme')).toBe(theme);
        await noSidewaysScroll(page);
      }
    }
    if (width === 1440) {
      mkdirSync(RESULTS, { recursive: true });
      await page.goto('/book/the-clockwork-heir/1');
      await page.locator('.reader-nav').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${RESULTS}/reader-end-1440.png` });
    }
    expect(errors).toEqual([]);
    await context.close();
  }
});

const SOURCE = process.env.E2E_SOURCE_URL ?? 'http://127.0.0.1:4010';
const LONG_BOOK = 'the-iron-archive';

test('a long book: 50 chapters a page, newest first, paging, jumping to my place, and the top "next" link', async () => {
  // An admin brings in 120 chapters of a long book from the local source site.
  const admin = await desktopContext(browser);
  await signIn(admin, 'e2e-chapter-list-admin', 'admin');
  const adminPage = await admin.newPage();
  await adminPage.goto('/admin/scraping');
  const range = adminPage.locator('form[action="/admin/scraping/range"]');
  await range.getByLabel('Book or chapter URL').fill(`${SOURCE}/book/${LONG_BOOK}`);
  await range.getByLabel('From chapter').fill('1');
  await range.getByLabel('To chapter').fill('120');
  await range.getByRole('button', { name: 'Scrape these chapters' }).click();
  await adminPage.waitForURL(/\/admin\/scraping\?task=/);
  const scraped = async () => {
    const res = await admin.request.get(`${BASE_URL}/api/book/${LONG_BOOK}?from=120&limit=1`, { headers: { accept: 'application/json' } });
    return res.ok() && ((await res.json()) as { chapters: unknown[] }).chapters.length === 1;
  };
  for (let i = 0; i < 120 && !(await scraped()); i++) await adminPage.waitForTimeout(500);
  expect(await scraped()).toBe(true);
  await admin.close();

  const context = await desktopContext(browser);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`/book/${LONG_BOOK}`);
  const rows = page.locator('#chapters .chapter-list > li');
  const numbers = async () => (await rows.evaluateAll((items) => items.map((li) => Number(li.id.replace('chapter-', ''))))) as number[];
  expect(await rows.count()).toBe(50);
  expect((await numbers())[0]).toBe(1);
  // One number per chapter: the source's "Chapter 1: …" shows as the number and the rest of the title.
  const firstTitle = await rows.first().locator('.chapter-list__title').innerText();
  expect(firstTitle).not.toMatch(/^Chapter 1\b/);
  expect(await rows.first().locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  // Newest first, swapped in place with htmx; the address says so.
  await page.getByRole('link', { name: 'Newest first' }).click();
  await page.waitForURL((url) => url.searchParams.get('order') === 'newest');
  await page.waitForFunction(() => document.querySelector('#chapters .chapter-list > li')?.id === 'chapter-120');
  expect(await numbers()).toEqual(Array.from({ length: 20 }, (_, i) => 120 - i));
  expect(await page.getByRole('link', { name: 'Newest first' }).getAttribute('aria-current')).toBe('true');
  // The pager keeps the order.
  await page.getByRole('navigation', { name: 'Pages of the chapter list' }).getByRole('link', { name: /Earlier/ }).click();
  await page.waitForFunction(() => document.querySelector('#chapters .chapter-list > li')?.id === 'chapter-100');
  expect(new URL(page.url()).search).toBe('?chapters_page=2&order=newest');
  expect((await numbers()).slice(0, 3)).toEqual([100, 99, 98]);

  // Read chapter 77, then come back: "Jump to my place" opens the list where it is marked.
  const saved = progressSaved(page, 77);
  await page.locator('#chapter-77 a').click();
  await page.waitForURL(`**/book/${LONG_BOOK}/77`);
  await saved;
  await page.goto(`/book/${LONG_BOOK}`);
  await page.getByRole('link', { name: 'Jump to my place (chapter 77)' }).click();
  await page.waitForURL(`**/book/${LONG_BOOK}?chapters_page=2#chapter-77`);
  expect(await page.locator('#chapter-77 a').getAttribute('aria-current')).toBe('true');
  expect(await page.locator('#chapter-77 .badge--current').innerText()).toBe('Your place');

  // The chapter has its navigation at the top too: its "next" goes on.
  await page.locator('#chapter-77 a').click();
  await page.waitForURL(`**/book/${LONG_BOOK}/77`);
  const top = page.getByRole('navigation', { name: 'Chapter navigation, top' });
  const topBox = await top.boundingBox();
  const textBox = await page.locator('.reader__text').boundingBox();
  expect(topBox!.y).toBeLessThan(textBox!.y);
  expect(await page.getByRole('navigation', { name: 'Chapter navigation, bottom' }).count()).toBe(1);
  await top.getByRole('link', { name: 'Next chapter' }).click();
  await page.waitForURL(`**/book/${LONG_BOOK}/78`);
  // The top "All chapters" leads back to the list page holding this chapter.
  await page.getByRole('navigation', { name: 'Chapter navigation, top' }).getByRole('link', { name: 'All chapters' }).click();
  await page.waitForURL(`**/book/${LONG_BOOK}?chapters_page=2#chapter-78`);
  expect(errors).toEqual([]);
  await context.close();
});
