/**
 * A reader with only a keyboard (Tab, Shift+Tab, Enter, Space, the arrows, Escape; never the
 * mouse): skips to the content, opens a book from home, reads chapter 1 and goes on to chapter 2,
 * listens and works every player control, posts a comment, saves the book and moves it to another
 * shelf, and likes and passes in the discovery deck. Everywhere the focus can be seen, and after
 * every action on a page it is somewhere, never dropped on <body>.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, signIn, watchErrors } from './support.ts';

type Focus = { body: boolean; visible: boolean; what: string; inMain: boolean };

/** Where the focus is, and whether it shows: an outline or a box shadow on the element (or on the label drawn for a visually hidden input). */
const focusNow = (page: Page): Promise<Focus> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) return { body: true, visible: false, what: '<body>', inMain: false };
    const shows = (e: Element | null) => {
      if (!e) return false;
      const s = getComputedStyle(e);
      return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || (s.boxShadow !== 'none' && s.boxShadow !== '');
    };
    const box = el.getBoundingClientRect();
    const hiddenInput = box.width <= 1 && box.height <= 1;
    const visible = shows(el) || (hiddenInput && shows(el.nextElementSibling));
    const name = el.getAttribute('aria-label') || (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const what = `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}> "${name}"`;
    return { body: false, visible, what, inMain: !!el.closest('main') };
  });

/** Problems met on the way: focus not shown, or lost. The journey expects none. */
const problems: string[] = [];

async function expectFocusShown(page: Page, after: string): Promise<Focus> {
  // An htmx swap replaces or disables the focused control for a moment, then puts the focus back
  // (public/js/swap-focus.js): what counts is where the focus settles.
  await page
    .waitForFunction(() => document.activeElement && document.activeElement !== document.body, undefined, { timeout: 3000 })
    .catch(() => undefined);
  const focus = await focusNow(page);
  if (focus.body) problems.push(`after ${after}: the focus was lost to <body>`);
  else if (!focus.visible) problems.push(`after ${after}: the focus on ${focus.what} does not show`);
  return focus;
}

/**
 * Presses Tab (or Shift+Tab) until the focused element matches `selector` (and, when given, its
 * name or href matches `pattern`), checking at each stop that the focus shows.
 */
async function tabTo(page: Page, selector: string, options: { pattern?: RegExp; back?: boolean; max?: number } = {}): Promise<void> {
  const key = options.back ? 'Shift+Tab' : 'Tab';
  const matches = () =>
    page.evaluate(([sel, source]) => {
      const el = document.activeElement;
      if (!el || !el.matches(sel!)) return false;
      if (!source) return true;
      const said = `${el.getAttribute('href') ?? ''} ${el.getAttribute('aria-label') ?? ''} ${(el.textContent ?? '').trim()}`;
      return new RegExp(source).test(said);
    }, [selector, options.pattern?.source ?? ''] as const);
  if (await matches()) return;
  const trail: string[] = [];
  for (let i = 0; i < (options.max ?? 120); i++) {
    await page.keyboard.press(key);
    // Past the page's last control the focus leaves the page for a moment, and the next Tab starts again from the top.
    const focus = await focusNow(page);
    if (!focus.body && !focus.visible) problems.push(`${key} looking for ${selector}: the focus on ${focus.what} does not show`);
    if (await matches()) return;
    trail.push(focus.what);
  }
  throw new Error(`${key} never reached ${selector}${options.pattern ? ` ${options.pattern}` : ''}; it went through ${trail.join(' → ')}`);
}

/** Presses `key` on the focused element and checks the focus stays somewhere and shows. */
async function press(page: Page, key: string, what: string): Promise<void> {
  await page.keyboard.press(key);
  await expectFocusShown(page, `${key} on ${what}`);
}

/** Presses `key` on a link or a form that loads a new page, and waits for it. */
async function follow(page: Page, key: 'Enter', urlPattern: RegExp): Promise<void> {
  await Promise.all([page.waitForURL(urlPattern), page.keyboard.press(key)]);
  await page.waitForLoadState('load');
}

const audio = (page: Page) =>
  page.evaluate(() => {
    const a = document.querySelector<HTMLAudioElement>('[data-player-audio]')!;
    return { time: a.currentTime, paused: a.paused, rate: a.playbackRate };
  });
const playingPast = (page: Page, seconds: number) =>
  page.waitForFunction((s) => {
    const a = document.querySelector<HTMLAudioElement>('[data-player-audio]');
    return !!a && !a.paused && a.currentTime > s;
  }, seconds, { timeout: 30_000 });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

test('keyboard only: skip link, a book found by search, read, listen with every control, comment, shelve, discover', async () => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: BASE_URL });
  await signIn(context, 'e2e-keyboard-only');
  const page = await context.newPage();
  const errors = watchErrors(page);

  // Home: the first Tab reaches the skip link, which takes the focus past the header.
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = await expectFocusShown(page, 'the first Tab on home');
  expect(skip.what).toContain('Skip to content');
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  await page.keyboard.press('Tab');
  expect((await expectFocusShown(page, 'Tab after the skip link')).inMain).toBe(true);

  // A book from home's links is reachable; the journey then takes one found by search, whose chapters
  // are long enough to skip about in (home's first book is whatever other journeys added last).
  await tabTo(page, 'main a[href^="/book/"]', { pattern: /^\/book\/[^/\s]+ / });
  const slug = 'second-chance-academy';
  await page.goto('/search?q=Second%20Chance%20Academy');
  await tabTo(page, `main a[href="/book/${slug}"]`);
  await follow(page, 'Enter', new RegExp(`/book/${slug}$`));
  await tabTo(page, 'main a', { pattern: /Start reading/ });
  await follow(page, 'Enter', new RegExp(`/book/${slug}/1$`));

  // Reading: the page scrolls by keys, then on to the next chapter.
  const top = await page.evaluate(() => window.scrollY);
  await page.keyboard.press('PageDown');
  await page.waitForFunction((y) => window.scrollY > y, top);
  await page.keyboard.press('Home');
  await tabTo(page, 'a[rel="next"]');
  await follow(page, 'Enter', new RegExp(`/book/${slug}/2$`));

  // Listening: every control of the player.
  await tabTo(page, '[data-player-listen]');
  await press(page, 'Enter', 'Listen');
  await playingPast(page, 0.5);
  // Playing, the focus is on the play/pause button.
  expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-player-toggle'))).toBe(true);
  await press(page, 'Space', 'Pause');
  await page.waitForFunction(() => document.querySelector<HTMLAudioElement>('[data-player-audio]')!.paused);
  await press(page, 'Space', 'Play');
  await playingPast(page, 1);
  // While it plays, → skips forward from the page instead of turning the chapter (once the whole
  // chapter is made and stored: a skip ahead of the narration being made waits for it).
  await page.waitForFunction(() => document.querySelector('[data-player]')?.getAttribute('data-state') === 'stored', undefined, { timeout: 30_000 });
  const beforeArrow = (await audio(page)).time;
  await press(page, 'ArrowRight', 'the player while playing');
  await page.waitForFunction((t) => document.querySelector<HTMLAudioElement>('[data-player-audio]')!.currentTime > t + 20, beforeArrow, { timeout: 10_000 });
  expect(page.url()).toEndWith(`/book/${slug}/2`);
  await tabTo(page, '[data-player-forward]', { max: 6 });
  const beforeForward = (await audio(page)).time;
  await press(page, 'Enter', 'Forward 30 seconds');
  await page.waitForFunction((t) => document.querySelector<HTMLAudioElement>('[data-player-audio]')!.currentTime > t + 20, beforeForward, { timeout: 10_000 });
  await tabTo(page, '[data-player-back]', { back: true, max: 6 });
  const beforeBack = (await audio(page)).time;
  await press(page, 'Enter', 'Back 10 seconds');
  await page.waitForFunction((t) => document.querySelector<HTMLAudioElement>('[data-player-audio]')!.currentTime < t - 5, beforeBack, { timeout: 10_000 });
  await tabTo(page, '[data-player-speed-cycle]', { max: 6 });
  await press(page, 'Enter', 'Change the speed');
  expect(await page.locator('[data-player-speed-cycle]').innerText()).toBe('1.25×');
  expect((await audio(page)).rate).toBe(1.25);

  // The ⋯ panel: the first Tab after opening it is into it; speed, sleep timer, auto-next, voice; Escape closes it.
  await tabTo(page, '[data-player-more]', { max: 6 });
  await press(page, 'Enter', 'Speed, sleep timer and more');
  expect(await page.locator('[data-player-more]').getAttribute('aria-expanded')).toBe('true');
  await press(page, 'Tab', 'the opened ⋯ button');
  expect(await page.evaluate(() => !!document.activeElement?.closest('#player-options'))).toBe(true);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('player-speed');
  await press(page, 'ArrowRight', 'the speed slider');
  await page.waitForFunction(() => document.querySelector<HTMLAudioElement>('[data-player-audio]')!.playbackRate === 1.3);
  await tabTo(page, '#player-sleep', { max: 4 });
  await press(page, 'ArrowDown', 'the sleep timer');
  await press(page, 'ArrowDown', 'the sleep timer');
  expect(await page.locator('#player-sleep').inputValue()).toBe('15');
  await page.locator('[data-player-sleep-left]').getByText(/^Stops after 1[45]:\d\d more of listening$/).waitFor();
  await tabTo(page, '[data-player-auto-next]', { max: 4 });
  const autoNext = await page.locator('[data-player-auto-next]').isChecked();
  await press(page, 'Space', 'Play the next chapter');
  expect(await page.locator('[data-player-auto-next]').isChecked()).toBe(!autoNext);
  await press(page, 'Space', 'Play the next chapter');
  await tabTo(page, '#player-voice', { max: 4 });
  const voiceBefore = await page.locator('#player-voice').inputValue();
  await press(page, 'ArrowDown', 'the voice');
  const voiceChosen = await page.locator('#player-voice').inputValue();
  expect(voiceChosen).not.toBe(voiceBefore);
  await tabTo(page, '[data-player-voice-use]', { max: 4 });
  await press(page, 'Enter', 'Use this voice');
  await page.locator('[data-player-voice-note]').getByText(/./).waitFor();
  await page.waitForFunction((v) => fetch('/api/settings').then((r) => r.json()).then((s) => s.voice === v), voiceChosen, { timeout: 10_000 });
  await press(page, 'Escape', 'the ⋯ panel');
  expect(await page.locator('#player-options').isHidden()).toBe(true);
  expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-player-more'))).toBe(true);
  await tabTo(page, '[data-player-close]', { back: true, max: 6 });
  await press(page, 'Enter', 'Close the player');
  expect(await page.locator('[data-player-bar]').isHidden()).toBe(true);
  expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-player-listen'))).toBe(true);

  // A comment on the chapter.
  // The thread loads when it comes into view (as Tab brings it there), in place of a plain link to it.
  await tabTo(page, '#comments-thread a, #comments textarea', { max: 200 });
  await page.locator('#comments textarea').waitFor();
  await tabTo(page, '#comments textarea', { max: 200 });
  await page.keyboard.type('Read and heard without a mouse.');
  await tabTo(page, 'button', { pattern: /Post comment/, max: 4 });
  await page.keyboard.press('Enter'); // the focus is checked once the answer is in
  await page.locator('#comments-list .comment__body', { hasText: 'Read and heard without a mouse.' }).waitFor();
  await expectFocusShown(page, 'the comment was posted');

  // The book's page: save it, then move it to another shelf (the select acts on Enter).
  await tabTo(page, 'a.reader-nav__contents', { back: true, max: 300 });
  await follow(page, 'Enter', new RegExp(`/book/${slug}(#.*)?$`));
  await tabTo(page, `#shelf-${slug}-save`);
  await page.keyboard.press('Enter'); // the focus is checked once the answer is in
  await page.locator(`#shelf-${slug} [role="status"]`).getByText('Saved to Plan to read.').waitFor();
  await expectFocusShown(page, 'the book was saved');
  await tabTo(page, `#shelf-${slug}-select`, { back: true, max: 4 });
  await press(page, 'ArrowDown', 'the shelf select');
  const shelf = await page.locator(`#shelf-${slug}-select`).inputValue();
  expect(shelf).not.toBe('plan_to_read');
  await page.keyboard.press('Enter'); // the focus is checked once the answer is in
  await page.waitForFunction(
    ([s, want]) => fetch('/api/library').then((r) => r.json()).then((l: { books: { book: { slug: string }; shelf: string }[] }) => l.books.some((b) => b.book.slug === s && b.shelf === want)),
    [slug, shelf] as const,
    { timeout: 10_000 },
  );
  await expectFocusShown(page, 'the book was moved to another shelf');

  // The discovery deck from the header: Like with its button, then pass with ←.
  await tabTo(page, 'a.site-nav__link[href="/discover"]', { back: true, max: 120 });
  await follow(page, 'Enter', /\/discover$/);
  const topSlug = () => page.locator('[data-deck-cards] > li[data-depth="0"]').getAttribute('data-slug');
  await page.locator('[data-deck-cards] > li[data-depth="0"]').waitFor();
  await tabTo(page, 'button.deck__action--like');
  const liked = await topSlug();
  await press(page, 'Enter', 'Like');
  await page.waitForFunction((s) => document.querySelector('[data-deck-cards] > li[data-depth="0"]')?.getAttribute('data-slug') !== s, liked);
  const passed = await topSlug();
  await press(page, 'ArrowLeft', 'the deck');
  await page.waitForFunction((s) => document.querySelector('[data-deck-cards] > li[data-depth="0"]')?.getAttribute('data-slug') !== s, passed);
  // Both votes reached the server: neither book comes back in the deck.
  await page.waitForFunction(
    (voted) => fetch('/api/discover?limit=50').then((r) => r.json()).then((d: { books: { slug: string }[] }) => !d.books.some((b) => voted.includes(b.slug))),
    [liked, passed],
    { timeout: 10_000, polling: 250 },
  );

  expect(problems).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
}, 180_000);
