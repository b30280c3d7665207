/**
 * axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on every main page, at phone and desktop sizes,
 * signed out and signed in (as an admin for the admin pages), and in a second dark and a light
 * theme: any serious or critical violation fails, listed with its rule, impact, elements and help.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, signIn } from './support.ts';

const AXE_SOURCE = readFileSync(resolve(import.meta.dir, '../../node_modules/axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const BOOK = 'morning-bread';
const READER = 'e2e-axe-reader';
const ADMIN = 'e2e-axe-admin';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

type Visit = { name: string; path: string; status?: number; then?: (page: Page) => Promise<void> };

/** Opens the player of the chapter page, and then its ⋯ panel. */
const openPlayer = async (page: Page) => {
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  await page.locator('[data-player-audio]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Pause' }).waitFor();
};
const openMore = async (page: Page) => {
  await openPlayer(page);
  await page.getByRole('button', { name: 'Speed, sleep timer and more' }).click();
  await page.getByLabel('Sleep timer', { exact: true }).waitFor();
};

let inviteUrl = '';
const visitorPages = (): Visit[] => [
  { name: 'home', path: '/' },
  { name: 'browse (a genre)', path: '/browse?genre=mystery' },
  { name: 'search', path: '/search?q=bread' },
  { name: 'ranking', path: '/ranking' },
  { name: 'book', path: `/book/${BOOK}` },
  { name: 'chapter', path: `/book/${BOOK}/1` },
  { name: 'sign-in', path: '/login' },
  { name: 'join (invite)', path: new URL(inviteUrl).pathname },
  { name: 'offline', path: '/offline' },
  { name: 'not found', path: '/no-such-page', status: 404 },
];
const readerPages: Visit[] = [
  { name: 'home', path: '/' },
  { name: 'browse (a genre)', path: '/browse?genre=mystery' },
  { name: 'search', path: '/search?q=bread' },
  { name: 'ranking', path: '/ranking' },
  { name: 'book', path: `/book/${BOOK}` },
  { name: 'chapter', path: `/book/${BOOK}/1` },
  { name: 'chapter, player open', path: `/book/${BOOK}/2`, then: openPlayer },
  { name: 'chapter, player ⋯ panel open', path: `/book/${BOOK}/3`, then: openMore },
  { name: 'library', path: '/library' },
  { name: 'settings', path: '/settings' },
  { name: 'profile (heatmap)', path: `/users/${READER}` },
  { name: 'notifications', path: '/notifications' },
  { name: 'exports', path: '/exports' },
  { name: 'discovery deck', path: '/discover' },
  { name: 'account', path: '/account' },
  { name: 'offline', path: '/offline' },
  { name: 'not found', path: '/no-such-page', status: 404 },
];
const adminPages: Visit[] = [
  { name: 'admin dashboard', path: '/admin' },
  { name: 'admin users', path: '/admin/users' },
  { name: 'admin book', path: `/admin/books/${BOOK}` },
];

type Violation = { id: string; impact: string | null; help: string; helpUrl: string; nodes: { target: unknown[] }[] };

/** Runs axe on the page as it stands; answers each serious or critical violation in words. */
async function seriousViolations(page: Page, where: string): Promise<string[]> {
  // Runtime evaluation is not subject to the page's Content-Security-Policy (an inline script would be).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    (tags) => (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: Violation[] }> } }).axe
      .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
      .then((r) => r.violations.map(({ id, impact, help, helpUrl, nodes }) => ({ id, impact, help, helpUrl, nodes: nodes.map((n) => ({ target: n.target })) }))),
    TAGS,
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) on ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')} — ${v.help} <${v.helpUrl}>`);
}

async function check(page: Page, visits: Visit[], label: string): Promise<string[]> {
  const found: string[] = [];
  for (const visit of visits) {
    const where = `${visit.name} (${visit.path}) ${label}`;
    const response = await page.goto(visit.path, { waitUntil: 'load' });
    const status = response?.status() ?? 0;
    if (status !== (visit.status ?? 200)) {
      found.push(`${where}: answered ${status}`);
      continue;
    }
    await page.evaluate(() => document.fonts.ready);
    if (visit.then) await visit.then(page);
    found.push(...(await seriousViolations(page, where)));
  }
  return found;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await browser.newContext({ baseURL: BASE_URL });
  await signIn(admin, ADMIN, 'admin');
  const invite = await admin.request.post('/api/admin/invites', { data: {}, headers: { origin: BASE_URL } });
  expect(invite.status()).toBe(201);
  inviteUrl = (await invite.json()).url;
  await admin.close();
  // The reader has read, saved and rated: the library, the profile's heatmap and the home rows have something in them.
  const reader = await browser.newContext({ baseURL: BASE_URL });
  await signIn(reader, READER);
  const write = (path: string, data: object) => reader.request.post(path, { data, headers: { origin: BASE_URL } });
  expect((await write('/api/progress', { slug: BOOK, chapter: 1 })).ok()).toBe(true);
  expect((await write(`/api/library/${BOOK}`, { shelf: 'reading' })).ok()).toBe(true);
  expect((await write('/api/library/salvage-rights', { shelf: 'plan_to_read' })).ok()).toBe(true);
  expect((await write(`/api/ratings/${BOOK}`, { rating: 4 })).ok()).toBe(true);
  await reader.close();
});
afterAll(() => browser.close());

for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
  test(`no serious or critical WCAG violation on any main page, ${size} (${viewport.width}×${viewport.height})`, async () => {
    const touch = size === 'phone';
    const context: BrowserContext = await browser.newContext({ viewport, baseURL: BASE_URL, hasTouch: touch, isMobile: touch, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const found = await check(page, visitorPages(), `signed out, ${size}`);
    await signIn(context, READER);
    found.push(...(await check(page, readerPages, `signed in, ${size}`)));
    await signIn(context, ADMIN, 'admin');
    found.push(...(await check(page, adminPages, `admin, ${size}`)));
    await context.close();
    expect(found).toEqual([]);
  }, 150_000);
}

// The default theme (amber) is dark; one more dark theme and one light theme, signed in on a
// desktop (the theme is the reader's setting) and signed out on a phone (the theme cookie).
for (const theme of ['slate', 'light'] as const) {
  test(`no serious or critical WCAG violation in the ${theme} theme`, async () => {
    const who = `e2e-axe-${theme}`;
    const desktop = await browser.newContext({ viewport: DESKTOP, baseURL: BASE_URL, reducedMotion: 'reduce' });
    await signIn(desktop, who);
    const saved = await desktop.request.put('/api/settings', { data: { theme }, headers: { origin: BASE_URL } });
    expect(saved.ok()).toBe(true);
    const page = await desktop.newPage();
    const found = await check(page, readerPages.filter((v) => !v.name.startsWith('profile')), `signed in, ${theme} theme, desktop`);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    await desktop.close();

    const phone = await browser.newContext({ viewport: PHONE, baseURL: BASE_URL, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
    await phone.addCookies([{ name: 'theme', value: theme, url: BASE_URL }]);
    const phonePage = await phone.newPage();
    found.push(...(await check(phonePage, visitorPages(), `signed out, ${theme} theme, phone`)));
    expect(await phonePage.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    await phone.close();
    expect(found).toEqual([]);
  }, 150_000);
}
