/**
 * Every page at 360, 768, 1024 and 1440 px wide, with the browser's text at 100 % and 150 %: the
 * header and the tab bar fit (nothing clipped, overlapping or off-screen), nothing scrolls
 * sideways, and the page's end stays above the tab bar and the open player. Screenshots of each
 * page and size go to test-results/layout/.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, signIn } from './support.ts';
import { inspectHeader, inspectPageEnd } from './layout-checks.ts';

const SHOTS = resolve(import.meta.dir, '../../test-results/layout');
const WIDTHS = [360, 768, 1024, 1440] as const;
const HEIGHTS: Record<(typeof WIDTHS)[number], number> = { 360: 740, 768: 1024, 1024: 768, 1440: 900 };
/** The browser's text-size preference: the standard font size Chromium's settings change. */
const TEXT_SIZES = [
  { name: '100%', px: 16 },
  { name: '150%', px: 24 },
] as const;

const BOOK = 'morning-bread';
const USER = 'e2e-layout-reader';
const ADMIN = 'e2e-layout-admin';

type Visit = readonly [name: string, path: string];
const ANONYMOUS: Visit[] = [
  ['home-visitor', '/'],
  ['sign-in', '/login'],
  ['chapter-visitor', `/book/${BOOK}/1`],
];
const SIGNED_IN: Visit[] = [
  ['home', '/'],
  ['browse', '/browse'],
  ['search', '/search?q=dragon'],
  ['ranking', '/ranking'],
  ['discover', '/discover'],
  ['book', `/book/${BOOK}`],
  ['chapter', `/book/${BOOK}/1`],
  ['comments', `/book/${BOOK}/comments`],
  ['profile', `/users/${USER}`],
  ['notifications', '/notifications'],
  ['library', '/library'],
  ['account', '/account'],
  ['settings', '/settings'],
  ['offline', '/offline'],
  ['pro', '/pro'],
  ['not-found', '/no-such-page'],
];
const ADMIN_PAGES: Visit[] = [
  ['admin', '/admin'],
  ['admin-scraping', '/admin/scraping'],
  ['admin-imports', '/admin/imports'],
  ['admin-books', '/admin/books'],
  ['admin-book', `/admin/books/${BOOK}`],
  ['admin-glossary', `/admin/books/${BOOK}/glossary`],
  ['admin-audio', '/admin/audio'],
  ['admin-ai-jobs', '/admin/ai-jobs'],
  ['admin-covers', '/admin/covers'],
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
  await liveIn(['the-ninth-mountain-sect', 'second-chance-academy', 'the-accidental-dark-lord']);
});

/**
 * A catalogue someone has used: read and rated books fill every home row and give cards their
 * rating (with its visually hidden label), which a fresh demo catalogue does not have.
 */
async function liveIn(slugs: string[]): Promise<void> {
  const context = await browser.newContext({ baseURL: BASE_URL });
  await signIn(context, USER);
  const write = (path: string, data: object) => context.request.post(path, { data, headers: { origin: BASE_URL } });
  for (const [i, slug] of slugs.entries()) {
    expect((await write(`/api/ratings/${slug}`, { rating: 5 - i })).ok()).toBe(true);
    expect((await write('/api/progress', { slug, chapter: 1 })).ok()).toBe(true);
  }
  await context.close();
}
afterAll(() => browser.close());

/** One context per width and text size; phones and tablets are touch screens. */
async function open(width: (typeof WIDTHS)[number], textPx: number): Promise<{ context: BrowserContext; page: Page }> {
  const touch = width < 1024;
  // Reduced motion: the bars settle at once, so what is measured is where they rest.
  const context = await browser.newContext({ viewport: { width, height: HEIGHTS[width] }, baseURL: BASE_URL, hasTouch: touch, isMobile: touch, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: textPx, fixed: Math.round((textPx * 13) / 16) } });
  return { context, page };
}

/** Loads the page, checks it, keeps a screenshot; returns its problems, each named by page and size. */
async function visit(page: Page, [name, path]: Visit, size: string, shot: string): Promise<string[]> {
  // A chapter restores the reader's place before it records the visit: measure the header at the
  // top once that is done (scrolled down, it has stepped aside on purpose).
  const placed = /^\/book\/[^/]+\/\d+$/.test(path) ? page.waitForResponse((r) => r.url().endsWith('/api/progress') && r.request().method() === 'POST') : null;
  const response = await page.goto(path, { waitUntil: 'load' });
  await placed;
  const status = response?.status() ?? 0;
  const expected = name === 'not-found' ? 404 : 200;
  const found: string[] = status === expected ? [] : [`answered ${status}, not ${expected}`];
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    return document.fonts.ready.then(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  });
  const shown = await page
    .waitForFunction(() => !document.documentElement.classList.contains('chrome-hidden'), undefined, { timeout: 2000 })
    .then(() => true, () => false);
  if (!shown) found.push('the header and tab bar stay hidden at the top of the page');
  // Shown again, the bars may still be settling back into place for a frame or two: measure where
  // they rest, not where they pass.
  else await page.waitForFunction(() => {
    const nav = document.querySelector('.site-nav');
    if (!nav || getComputedStyle(nav).position !== 'fixed') return true;
    return nav.getBoundingClientRect().bottom <= window.innerHeight + 0.5;
  }, undefined, { timeout: 2000 }).catch(() => undefined);
  found.push(...(await page.evaluate(inspectHeader)));
  await page.screenshot({ path: `${SHOTS}/${name}-${shot}.png` });
  found.push(...(await page.evaluate(inspectPageEnd)));
  return found.map((problem) => `${name} (${path}) at ${size}: ${problem}`);
}

for (const width of WIDTHS) {
  for (const text of TEXT_SIZES) {
    const size = `${width}px, text ${text.name}`;
    const shot = `${width}-text${text.name.replace('%', '')}`;
    test(`every page fits at ${size}`, async () => {
      const { context, page } = await open(width, text.px);
      const problems: string[] = [];
      for (const v of ANONYMOUS) problems.push(...(await visit(page, v, size, shot)));
      // The text size really reached the page (rem follows the browser's preference).
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(`${text.px}px`);
      await signIn(context, USER);
      for (const v of SIGNED_IN) problems.push(...(await visit(page, v, size, shot)));
      await signIn(context, ADMIN, 'admin');
      for (const v of ADMIN_PAGES) problems.push(...(await visit(page, v, size, shot)));
      await context.close();
      expect(problems).toEqual([]);
    });
  }
}

// The longest words of each language, for a visitor ("Sign in") and for an admin (the extra
// entry): the header changes form rather than cut them (public/js/nav-fit.js).
test('the header fits in every language, for a visitor and an admin, at the tightest sizes', async () => {
  const problems: string[] = [];
  // A phone at both sizes, the first width with one row, and the first with the tools' labels.
  for (const [width, text] of [
    [360, TEXT_SIZES[0]],
    [360, TEXT_SIZES[1]],
    [1024, TEXT_SIZES[0]],
    [1024, TEXT_SIZES[1]],
    [1440, TEXT_SIZES[0]],
  ] as const) {
    const { context, page } = await open(width, text.px);
    for (const who of ['a visitor', 'an admin']) {
      if (who === 'an admin') await signIn(context, ADMIN, 'admin');
      for (const locale of ['pt', 'es', 'fr', 'id']) {
        await context.addCookies([{ name: 'locale', value: locale, url: BASE_URL }]);
        // The header is the same on every page: a light one will do.
        await page.goto('/pro', { waitUntil: 'load' });
        await page.evaluate(() => document.fonts.ready);
        expect(await page.getAttribute('html', 'lang')).toBe(locale);
        const found = await page.evaluate(inspectHeader);
        problems.push(...found.map((p) => `the header for ${who} in ${locale} at ${width}px, text ${text.name}: ${p}`));
        // At the browser's usual text size a phone's tab bar keeps its words in every language.
        if (width === 360 && text === TEXT_SIZES[0] && (await page.getAttribute('[data-site-nav]', 'data-labels')) === 'icons') problems.push(`the tab bar for ${who} in ${locale} at 360px shows icons alone`);
      }
    }
    await context.close();
  }
  expect(problems).toEqual([]);
});

// The phone's tab bar in every language at 100 %, 125 % and 150 % text: nav-fit.js tightens the
// labels or shows icons alone, but every tab keeps a label on screen or at least its name, and
// nothing overlaps or is cut.
test('the tab bar keeps a label or a name for every tab at 320, 360 and 390 px in every language and text size', async () => {
  const problems: string[] = [];
  for (const width of [320, 360, 390]) {
    for (const textPx of [16, 20, 24]) {
      const context = await browser.newContext({ viewport: { width, height: 740 }, baseURL: BASE_URL, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Page.setFontSizes', { fontSizes: { standard: textPx, fixed: Math.round((textPx * 13) / 16) } });
      for (const locale of ['en', 'pt', 'es', 'fr', 'id']) {
        await context.addCookies([{ name: 'locale', value: locale, url: BASE_URL }]);
        await page.goto('/pro', { waitUntil: 'load' });
        await page.evaluate(() => document.fonts.ready);
        const where = `${locale} at ${width}px, text ${textPx}px`;
        problems.push(...(await page.evaluate(inspectHeader)).map((p) => `${where}: ${p}`));
        const tabs = await page.locator('.site-nav__link').evaluateAll((links) =>
          links.map((link) => {
            const label = link.querySelector<HTMLElement>('.site-nav__label');
            const hidden = !label || getComputedStyle(label).display === 'none' || label.closest('[aria-hidden="true"]') !== null;
            return { name: hidden ? (link.getAttribute('aria-label') ?? '') : (label!.textContent ?? '').trim(), labelShown: !!label && label.getBoundingClientRect().width > 1 };
          }),
        );
        if (tabs.length < 5) problems.push(`${where}: only ${tabs.length} tabs`);
        tabs.forEach((tab, i) => {
          if (!tab.name) problems.push(`${where}: tab ${i + 1} has no name`);
        });
        // The names are the links' accessible names, as a screen reader finds them.
        for (const tab of tabs) {
          if (tab.name && (await page.locator('[data-site-nav]').getByRole('link', { name: tab.name, exact: true }).count()) !== 1) problems.push(`${where}: no link named "${tab.name}"`);
        }
      }
      await context.close();
    }
  }
  expect(problems).toEqual([]);
});

// Open the player on a chapter, scroll to the end: the footer and the next-chapter link end above
// the player bar, and on a phone the player sits on the tab bar.
for (const [width, text] of [
  [360, TEXT_SIZES[0]],
  [360, TEXT_SIZES[1]],
  [1440, TEXT_SIZES[0]],
] as const) {
  const size = `${width}px, text ${text.name}`;
  const shot = `${width}-text${text.name.replace('%', '')}`;
  test(`with the player open the chapter's end stays above it at ${size}`, async () => {
    const { context, page } = await open(width, text.px);
    await page.goto(`/book/${BOOK}/1`);
    await page.locator('[data-player-listen]').click();
    await page.locator('[data-player-bar]').waitFor({ state: 'visible' });
    await page.waitForFunction(() => document.documentElement.style.getPropertyValue('--player-h') !== '');
    for (const options of [false, true]) {
      // The options make the bar taller: the space kept for it grows with it.
      if (options) await page.locator('[data-player-more]').click();
      await page.waitForFunction(() => {
        const bar = document.querySelector('[data-player-bar]')!.getBoundingClientRect().height;
        return Math.abs(parseFloat(document.documentElement.style.getPropertyValue('--player-h')) - bar) < 1;
      });
      // The comments arrive as the page's end is revealed: scroll until the end stays put.
      let height = 0;
      for (let i = 0; i < 10; i++) {
        const now = await page.evaluate(() => document.documentElement.scrollHeight);
        if (now === height) break;
        height = now;
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.waitForTimeout(300);
      }
      const where = await page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        const box = (selector: string) => {
          const el = document.querySelector(selector);
          return el ? el.getBoundingClientRect().toJSON() : null;
        };
        return { bar: box('[data-player-bar]'), footer: box('.site-footer'), next: box('main a[rel="next"]'), tabs: box('.site-nav'), tabsFixed: getComputedStyle(document.querySelector('.site-nav')!).position === 'fixed' };
      });
      await page.screenshot({ path: `${SHOTS}/chapter-player${options ? '-options' : ''}-${shot}.png` });
      const label = `${size}${options ? ', options open' : ''}`;
      expect({ label, playerOnScreen: where.bar!.top >= 0 }).toEqual({ label, playerOnScreen: true });
      expect({ label, footerAbovePlayer: where.footer!.bottom <= where.bar!.top + 0.5 }).toEqual({ label, footerAbovePlayer: true });
      expect({ label, nextAbovePlayer: where.next!.bottom <= where.bar!.top + 0.5 }).toEqual({ label, nextAbovePlayer: true });
      if (where.tabsFixed) {
        // On a phone the player sits on the tab bar, never over it.
        expect({ label, playerOnTabBar: Math.abs(where.bar!.bottom - where.tabs!.top) <= 1 }).toEqual({ label, playerOnTabBar: true });
      }
      // Brought into view from above (as the keyboard focus does), the link stops above the bars too.
      const shown = await page.evaluate(() => {
        window.scrollTo(0, 0);
        const next = document.querySelector('main a[rel="next"]')!;
        next.scrollIntoView({ block: 'nearest' });
        const link = next.getBoundingClientRect();
        return { next: link.bottom, room: link.height, bar: document.querySelector('[data-player-bar]')!.getBoundingClientRect().top };
      });
      // (Unless the open options fill the screen, as they may on a phone at a large text size.)
      if (shown.bar >= shown.room) expect({ label, nextInViewAbovePlayer: shown.next <= shown.bar + 0.5 }).toEqual({ label, nextInViewAbovePlayer: true });
    }
    await context.close();
  });
}
