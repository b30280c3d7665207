import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, desktopContext, launchBrowser, phoneContext, signIn, watchErrors, noSidewaysScroll } from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

type Book = { slug: string; title: string };
type Move = 'right' | 'left' | 'up' | 'nudge';

const topCard = (page: Page) => page.locator('[data-deck-cards] > li[data-depth="0"]');
const topSlug = (page: Page) => topCard(page).getAttribute('data-slug') as Promise<string>;

async function waitForTopOtherThan(page: Page, slug: string): Promise<string> {
  await page.waitForFunction((s) => document.querySelector('[data-deck-cards] > li[data-depth="0"]')?.getAttribute('data-slug') !== s, slug);
  return topSlug(page);
}

/** Where a drag goes, relative to the card's centre. */
const OFFSETS: Record<Move, [number, number]> = { right: [260, 10], left: [-260, 10], up: [10, -300], nudge: [40, 0] };

/** Drags the top card with the mouse: press, move in steps (the card follows), release. */
async function mouseSwipe(page: Page, move: Move): Promise<void> {
  // The deck may still be settling from the last decision (a card snapping back, more cards
  // arriving and laid out): measure the top card only once it is at rest.
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => {
    const card = document.querySelector<HTMLElement>('[data-deck-cards] > li[data-depth="0"]');
    return card !== null && card.style.transform === '' && !card.classList.contains('is-settling');
  });
  const box = (await topCard(page).boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const [dx, dy] = OFFSETS[move];
  // Mid-drag the card has moved with the pointer and shows the hint of the choice. Rarely (one CI
  // run in many, cause not found) a press right after a decision starts no drag: such a press is
  // moved back and let go (nothing is decided) and made once more; the second must take.
  const follows = () =>
    page.waitForFunction(() => document.querySelector<HTMLElement>('[data-deck-cards] > li[data-depth="0"]')?.style.transform.includes('translate('), undefined, { timeout: 2000 }).then(() => true, () => false);
  for (let attempt = 1; ; attempt++) {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 6 });
    if ((await follows()) || attempt === 2) break;
    await page.mouse.move(x, y, { steps: 3 });
    await page.mouse.up();
    await page.waitForFunction(() => !document.querySelector('[data-deck-cards] > li[data-depth="0"]')?.classList.contains('is-settling'));
  }
  const dragged = await topCard(page).evaluate((el) => ({ transform: el.style.transform, hint: el.getAttribute('data-hint') }));
  expect(dragged.transform).toContain('translate(');
  if (move !== 'nudge') expect(dragged.hint).toBe(move === 'right' ? 'like' : move === 'left' ? 'pass' : 'save');
  await page.mouse.move(x + dx, y + dy, { steps: 6 });
  await page.mouse.up();
}

/** A finger swipe through the DevTools protocol: real touch events, as on a phone. */
async function touchSwipe(context: BrowserContext, page: Page, move: Move): Promise<void> {
  const box = (await topCard(page).boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const [dx, dy] = OFFSETS[move];
  const cdp = await context.newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let i = 1; i <= 10; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * i) / 10, y: y + (dy * i) / 10 }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function deckSlugs(context: BrowserContext): Promise<string[]> {
  const res = await context.request.get(`${BASE_URL}/api/discover?limit=50`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { books: Book[] }).books.map((b) => b.slug);
}

async function librarySlugs(context: BrowserContext): Promise<Record<string, string>> {
  const res = await context.request.get(`${BASE_URL}/api/library`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { books: Array<{ book: Book; shelf: string }> };
  return Object.fromEntries(body.books.map((e) => [e.book.slug, e.shelf]));
}

/** Polls until the votes have reached the server (they are sent while the card flies off). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in 5 s');
    await Bun.sleep(100);
  }
}

async function openDeck(page: Page): Promise<void> {
  await page.goto('/discover');
  await page.locator('.discover--live').waitFor();
}

/** The live region speaks a moment after the change (cleared first, so repeats are spoken). */
async function announced(page: Page, text: string): Promise<void> {
  await page.waitForFunction((t) => document.querySelector('[data-deck-status]')?.textContent?.includes(t), text, { timeout: 3000 });
}

/** Three swipes (right, left, up), checked on the server; Undo brings the saved one back. */
async function swipeJourney(context: BrowserContext, page: Page, swipe: (move: Move) => Promise<void>): Promise<void> {
  await openDeck(page);
  const a = await topSlug(page);
  await swipe('nudge'); // below the threshold: the card snaps back, nothing is recorded
  await Bun.sleep(400);
  expect(await topSlug(page)).toBe(a);

  await swipe('right');
  const b = await waitForTopOtherThan(page, a);
  await page.locator(`[data-slug="${a}"]`).waitFor({ state: 'detached' }); // flown off and gone
  await swipe('left');
  const c = await waitForTopOtherThan(page, b);
  await swipe('up');
  const d = await waitForTopOtherThan(page, c);
  expect(new Set([a, b, c, d]).size).toBe(4);

  await eventually(async () => (await librarySlugs(context))[c] === 'plan_to_read');
  const deck = await deckSlugs(context);
  for (const voted of [a, b, c]) expect(deck).not.toContain(voted);
  expect(deck).toContain(d);
  const cTitle = (await page.locator('[data-deck-last]').innerText()).replace(/^You saved (.*) to Plan to read\.$/, '$1');
  expect(cTitle.length).toBeGreaterThan(0);
  await announced(page, `You saved ${cTitle} to Plan to read. Next: `);

  // Undo: the saved card is back on top, its vote and its library entry are gone.
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.waitForFunction((s) => document.querySelector('[data-deck-cards] > li[data-depth="0"]')?.getAttribute('data-slug') === s, c);
  await eventually(async () => (await deckSlugs(context)).includes(c));
  expect((await librarySlugs(context))[c]).toBeUndefined();
  await announced(page, `${cTitle} is back on top.`);
  expect(await page.locator('[data-deck-last]').innerText()).toMatch(/^You passed on .+\.$/);
}

test('desktop: mouse drags like, pass and save; undo restores the card; arrows vote too', async () => {
  const context = await desktopContext(browser);
  await signIn(context, 'e2e-discover-desktop');
  const page = await context.newPage();
  const errors = watchErrors(page);
  await swipeJourney(context, page, (move) => mouseSwipe(page, move));

  // Keys: → like, ← pass, ↑ save, each taking the top card away.
  const voted: string[] = [];
  for (const key of ['ArrowRight', 'ArrowLeft', 'ArrowUp']) {
    const before = await topSlug(page);
    await page.keyboard.press(key);
    voted.push(before);
    await waitForTopOtherThan(page, before);
  }
  await eventually(async () => (await librarySlugs(context))[voted[2]!] === 'plan_to_read');
  const deck = await deckSlugs(context);
  for (const slug of voted) expect(deck).not.toContain(slug);

  // The buttons do the same, and the title is still a plain link to the book.
  const beforeButton = await topSlug(page);
  await page.getByRole('button', { name: 'Pass' }).click();
  const afterButton = await waitForTopOtherThan(page, beforeButton);
  await eventually(async () => !(await deckSlugs(context)).includes(beforeButton));
  await topCard(page).getByRole('link').click();
  await page.waitForURL(`**/book/${afterButton}`);
  expect(errors).toEqual([]);
  await context.close();
});

test('desktop: the deck runs out, says so, and starts over', async () => {
  const context = await desktopContext(browser);
  await signIn(context, 'e2e-discover-empty');
  const page = await context.newPage();
  const errors = watchErrors(page);
  await openDeck(page);
  // 12 demo books: more than the first fetch (10), so the deck must fetch more on the way.
  const seen = new Set<string>();
  for (let i = 0; i < 12; i++) {
    const slug = await topSlug(page);
    seen.add(slug);
    await page.keyboard.press('ArrowLeft');
    if (i < 11) await waitForTopOtherThan(page, slug);
  }
  expect(seen.size).toBe(12);
  await page.locator('[data-deck-empty]').getByText('You’ve seen every book').waitFor();
  await announced(page, 'You’ve seen every book');
  expect(await page.locator('[data-deck-actions]').isHidden()).toBe(true);
  await eventually(async () => (await deckSlugs(context)).length === 0);
  await page.getByRole('button', { name: 'Start over' }).click();
  await topCard(page).waitFor();
  expect(await page.locator('[data-deck-empty]').isHidden()).toBe(true);
  // The Start over button is gone: the focus moved to the new top card, not to the page's start.
  await page.waitForFunction(() => document.activeElement?.closest('li[data-depth="0"]') !== null);
  expect((await deckSlugs(context)).length).toBe(12);
  expect(errors).toEqual([]);
  await context.close();
});

test('phone 390x844: touch swipes, undo, and everything fits', async () => {
  const context = await phoneContext(browser, { width: 390, height: 844 });
  await signIn(context, 'e2e-discover-phone');
  const page = await context.newPage();
  const errors = watchErrors(page);
  await openDeck(page);
  const buttons = (await page.locator('[data-deck-actions]').boundingBox())!;
  expect(buttons.y + buttons.height).toBeLessThanOrEqual(844); // the choices are in reach without scrolling
  await noSidewaysScroll(page);
  await swipeJourney(context, page, (move) => touchSwipe(context, page, move));
  await noSidewaysScroll(page);
  expect(errors).toEqual([]);
  await context.close();
});

test('anonymous reader: likes count, a save asks to sign in and the card stays', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: BASE_URL, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await openDeck(page);
  const a = await topSlug(page);
  await mouseSwipe(page, 'up');
  await page.locator('#toasts').getByText('Sign in to save books').waitFor();
  expect(await topSlug(page)).toBe(a);
  await mouseSwipe(page, 'right'); // reduced motion: gone at once, no flight
  expect(await page.locator(`[data-slug="${a}"]`).count()).toBe(0);
  await eventually(async () => !(await deckSlugs(context)).includes(a));
  expect(errors).toEqual([]);
  await context.close();
});

test('without JavaScript: the buttons are forms, Undo brings the card back on top', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: BASE_URL, javaScriptEnabled: false });
  await signIn(context, 'e2e-discover-nojs');
  const page = await context.newPage();
  await page.goto('/discover');
  const first = await topSlug(page);
  const title = (await topCard(page).getAttribute('data-title'))!;
  await page.getByRole('button', { name: 'Like' }).click();
  await page.waitForURL('**/discover');
  expect(await topSlug(page)).not.toBe(first);
  expect(await page.locator('[data-deck-last]').innerText()).toBe(`You liked ${title}.`);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL('**/discover');
  expect(await page.locator('[data-deck-last]').innerText()).toMatch(/^You saved .+ to Plan to read\.$/);
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.waitForURL('**/discover?top=*');
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.waitForURL(`**/discover?top=${first}`);
  expect(await topSlug(page)).toBe(first);
  expect(await page.locator('[data-deck-undo]').isHidden()).toBe(true);
  expect(await librarySlugs(context)).toEqual({});
  await context.close();
});
