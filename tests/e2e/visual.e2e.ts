/**
 * A screenshot of each main page, at a phone's size and a desktop's, compared with the baseline in
 * tests/e2e/baselines/<page>-<size>.png: more than 1 % of the pixels changed, or a different size,
 * fails, and the actual shot and a diff image (changed pixels in red) are written to
 * tests/e2e/baselines/diff/ (git-ignored) for a look.
 *
 * The pages are made still first: no animations, transitions or caret, the fonts loaded, the
 * viewport only; what depends on the clock or on other journeys' data (times, avatars, counts,
 * the year's heatmap, the catalogue's rows) is masked. A dedicated reader, book and admin keep the
 * rest the same on every run.
 *
 * After a deliberate change of the look: `UPDATE_BASELINES=1 bun run tests/e2e/run.ts visual`
 * writes the baselines again (look at them before committing).
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, signIn } from './support.ts';

const BASELINES = resolve(import.meta.dir, 'baselines');
const DIFFS = resolve(BASELINES, 'diff');
const UPDATE = process.env.UPDATE_BASELINES === '1';
/** A pixel counts as changed when a channel moved by more than this (of 255): anti-aliasing noise stays under it. */
const CHANNEL_TOLERANCE = 24;
/** The share of changed pixels a page may have before it fails. */
const MAX_CHANGED = 0.01;

const BOOK = 'the-cartographers-daughter';
const READER = 'e2e-visual-reader';
const ADMIN = 'e2e-visual-admin';
const SIZES = {
  phone: { viewport: { width: 390, height: 844 }, touch: true },
  desktop: { viewport: { width: 1440, height: 900 }, touch: false },
} as const;
type Size = keyof typeof SIZES;

/** scrollTo: the part of the page the shot is about, when it is below the fold (scrolled to the middle of the viewport). */
/** `style`: rules that hold still what the data would move (a card's height follows the book it shows). */
type Shot = { name: string; path: string; as: 'reader' | 'admin'; mask?: string[]; scrollTo?: string; style?: string };

/** On every page: times (relative to now), avatars (a colour drawn from the name), the notification count. */
const ALWAYS_MASKED = ['time', '.avatar', '.bell__count'];
const SHOTS: Shot[] = [
  // A card's facts (its rating, the chapters with audio) follow what every reader rates and hears.
  // Which books the rows and the results hold depends on what other journeys added, read and rated:
  // the page's frame, headings and grid are compared, the cards themselves are masked.
  { name: 'home', path: '/', as: 'reader', mask: ['.book-grid > li', '.home-row__head', '.feed'] },
  // How many books the genre holds moves what is below the grid: the grid is held to one height.
  {
    name: 'browse',
    path: '/browse?genre=mystery',
    as: 'reader',
    mask: ['.book-grid', '#browse-genre', '#browse-more'],
    style: '.book-grid { height: 24rem !important; min-height: 0 !important; overflow: hidden !important; }',
  },
  { name: 'book', path: `/book/${BOOK}`, as: 'reader' },
  { name: 'chapter', path: `/book/${BOOK}/1`, as: 'reader' },
  { name: 'library', path: '/library', as: 'reader' },
  { name: 'settings', path: '/settings', as: 'reader' },
  // The year's squares and the last 30 days follow today; the legend beside them does not.
  {
    name: 'profile',
    path: `/users/${READER}`,
    as: 'reader',
    mask: ['.stats-heatmap > svg', '.stats-bars', '.stats-totals'],
    scrollTo: '.stats-heatmap',
  },
  // The deck is shuffled for each reader: its frame and buttons stay, its cards are masked.
  { name: 'discover', path: '/discover', as: 'reader', mask: ['[data-deck-cards] > li'], style: '[data-deck-cards] { height: 27rem !important; min-height: 0 !important; overflow: hidden !important; }' },
  { name: 'offline', path: '/offline', as: 'reader' },
  // What every journey did to the server: how many scrapes, books, readers and jobs.
  { name: 'admin', path: '/admin', as: 'admin', mask: ['.admin-home__facts', '.admin-dashboard__figures dd', '.admin-dashboard__scroll', '.admin-dashboard__failures'] },
];

const STILL = `*, *::before, *::after {
  animation: none !important;
  transition: none !important;
  caret-color: transparent !important;
  scroll-behavior: auto !important;
}`;

/** Opens the page and waits until it stands still: loaded, fonts in, nothing animating, at the top. */
async function steady(page: Page, shot: Shot): Promise<void> {
  await page.goto(shot.path, { waitUntil: 'load' });
  // htmx fills some parts after load (counts, threads); a page that keeps a stream open never goes idle.
  await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('.htmx-request'), undefined, { timeout: 5000 });
  await page.addStyleTag({ content: STILL + (shot.style ?? '') });
  await page.evaluate((selector) => {
    if (selector) document.querySelector(selector)!.scrollIntoView({ block: 'center' });
    else window.scrollTo(0, 0);
  }, shot.scrollTo ?? '');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // The pictures in view have arrived (a lazy one below the fold never will).
  await page
    .waitForFunction(() => Array.from(document.images).every((img) => img.complete || img.getBoundingClientRect().top > innerHeight), undefined, { timeout: 5000 })
    .catch(() => undefined);
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  // At the top of the page the header is back (it steps aside on scroll down).
  if (!shot.scrollTo) await page.waitForFunction(() => !document.documentElement.classList.contains('chrome-hidden'), undefined, { timeout: 2000 }).catch(() => undefined);
  // Scrolled down, it has stepped aside by now (no transitions).
  else await page.waitForTimeout(300);
}

async function screenshot(page: Page, shot: Shot): Promise<Buffer> {
  const mask = [...ALWAYS_MASKED, ...(shot.mask ?? [])].map((selector) => page.locator(selector));
  return page.screenshot({ animations: 'disabled', caret: 'hide', mask, maskColor: '#ff00ff', scale: 'css' });
}

type Comparison = { changed: number; total: number; sameSize: boolean; diff: Buffer | null };

/** Decodes both images to raw RGBA and counts the pixels that differ by more than the tolerance. */
async function compare(baseline: Buffer, actual: Buffer): Promise<Comparison> {
  const [a, b] = await Promise.all([baseline, actual].map((png) => sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })));
  const { width, height } = a!.info;
  if (width !== b!.info.width || height !== b!.info.height) return { changed: width * height, total: width * height, sameSize: false, diff: null };
  const out = Buffer.alloc(width * height * 4);
  let changed = 0;
  for (let i = 0; i < out.length; i += 4) {
    const moved = Math.max(Math.abs(a!.data[i]! - b!.data[i]!), Math.abs(a!.data[i + 1]! - b!.data[i + 1]!), Math.abs(a!.data[i + 2]! - b!.data[i + 2]!), Math.abs(a!.data[i + 3]! - b!.data[i + 3]!));
    if (moved > CHANNEL_TOLERANCE) {
      changed++;
      out[i] = 255;
      out[i + 1] = 0;
      out[i + 2] = 0;
    } else {
      // The unchanged page, faded, so the red stands out.
      const grey = Math.round((a!.data[i]! + a!.data[i + 1]! + a!.data[i + 2]!) / 3 / 3 + 170);
      out[i] = out[i + 1] = out[i + 2] = grey;
    }
    out[i + 3] = 255;
  }
  const diff = await sharp(out, { raw: { width, height, channels: 4 } }).png().toBuffer();
  return { changed, total: width * height, sameSize: true, diff };
}

/** Compares a shot with its baseline; answers the problem in words, or null when it matches. */
async function matchBaseline(name: string, actual: Buffer): Promise<string | null> {
  const file = resolve(BASELINES, `${name}.png`);
  if (UPDATE) {
    writeFileSync(file, await sharp(actual).png({ compressionLevel: 9, effort: 10 }).toBuffer());
    return null;
  }
  if (!existsSync(file)) return `${name}: there is no baseline ${file}; create it with UPDATE_BASELINES=1 bun run tests/e2e/run.ts visual`;
  const result = await compare(readFileSync(file), actual);
  const share = result.changed / result.total;
  if (result.sameSize && share <= MAX_CHANGED) return null;
  mkdirSync(DIFFS, { recursive: true });
  writeFileSync(resolve(DIFFS, `${name}.actual.png`), actual);
  if (result.diff) writeFileSync(resolve(DIFFS, `${name}.diff.png`), result.diff);
  return result.sameSize
    ? `${name}: ${(share * 100).toFixed(2)} % of the pixels changed (at most ${MAX_CHANGED * 100} %); see ${DIFFS}/${name}.diff.png`
    : `${name}: the shot's size differs from the baseline's; see ${DIFFS}/${name}.actual.png`;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(BASELINES, { recursive: true });
  // The reader has read two chapters (the profile's statistics), is reading the book and has saved another.
  const context = await browser.newContext({ baseURL: BASE_URL });
  await signIn(context, READER);
  const write = (path: string, data: object) => context.request.post(path, { data, headers: { origin: BASE_URL } });
  expect((await write('/api/progress', { slug: BOOK, chapter: 1 })).ok()).toBe(true);
  expect((await write('/api/progress', { slug: BOOK, chapter: 2 })).ok()).toBe(true);
  expect((await write(`/api/library/${BOOK}`, { shelf: 'reading' })).ok()).toBe(true);
  await context.close();
});
afterAll(() => browser.close());

async function contextFor(size: Size): Promise<BrowserContext> {
  const { viewport, touch } = SIZES[size];
  // The style that stills the page is added as a <style> element, which the app's CSP would refuse.
  return browser.newContext({ viewport, baseURL: BASE_URL, hasTouch: touch, isMobile: touch, reducedMotion: 'reduce', bypassCSP: true, deviceScaleFactor: 1 });
}

for (const size of Object.keys(SIZES) as Size[]) {
  test(`every main page looks as its baseline, ${size}`, async () => {
    const reader = await contextFor(size);
    await signIn(reader, READER);
    const admin = await contextFor(size);
    await signIn(admin, ADMIN, 'admin');
    const pages = { reader: await reader.newPage(), admin: await admin.newPage() };
    const problems: string[] = [];
    for (const shot of SHOTS) {
      const page = pages[shot.as];
      await steady(page, shot);
      const problem = await matchBaseline(`${shot.name}-${size}`, await screenshot(page, shot));
      if (problem) problems.push(problem);
    }
    await reader.close();
    await admin.close();
    expect(problems).toEqual([]);
  }, 120_000);
}

test('the comparison catches a general rule that blows up the heatmap legend (svg {width: 100%})', async () => {
  if (UPDATE) return;
  const context = await contextFor('desktop');
  await signIn(context, READER);
  const page = await context.newPage();
  const shot = SHOTS.find((s) => s.name === 'profile')!;
  await steady(page, shot);
  const baseline = readFileSync(resolve(BASELINES, 'profile-desktop.png'));
  // As it stands the page matches; with the rule, the legend's swatches grow and the comparison fails.
  const fine = await compare(baseline, await screenshot(page, shot));
  expect(fine.changed / fine.total).toBeLessThanOrEqual(MAX_CHANGED);
  // The general rule as it once won over the swatches' own size (now they set theirs in a class rule, which a
  // plain `svg {}` does not beat): !important stands in for whatever gave it precedence.
  await page.addStyleTag({ content: 'svg { width: 100% !important; height: auto !important }' });
  const swatch = await page.locator('.stats-legend__swatch').first().boundingBox();
  expect(swatch!.width).toBeGreaterThan(100);
  const broken = await compare(baseline, await screenshot(page, shot));
  expect(broken.changed / broken.total).toBeGreaterThan(MAX_CHANGED);
  await context.close();
});
