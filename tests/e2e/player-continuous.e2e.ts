import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, desktopContext, launchBrowser, watchErrors } from './support.ts';

/**
 * Listening from chapter to chapter without a page load: auto-next, the lock screen's previous and
 * next track, back and forward. Chapters of "Ashes of the Dragon Throne" no other journey uses;
 * each test is its own anonymous listener (a fresh context), with the day's 3 free chapters.
 */
const SLUG = 'ashes-of-the-dragon-throne';
const GAP_MS = 300;
const JOURNEY_MS = 150_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

type AudioEvent = { type: string; at: number; src: string };
type Recorder = { __audioLog: AudioEvent[]; __mediaHandlers: Record<string, (() => void) | null>; __marker?: string };

/** Records the audio element's events with their times, and the Media Session's handlers as set. */
async function listenerContext(): Promise<BrowserContext> {
  const context = await desktopContext(browser);
  await context.addInitScript(() => {
    const w = window as unknown as Recorder;
    w.__audioLog = [];
    for (const type of ['play', 'playing', 'pause', 'ended']) {
      document.addEventListener(type, (event) => {
        const target = event.target as HTMLAudioElement;
        if (target.matches && target.matches('[data-player-audio]')) w.__audioLog.push({ type, at: performance.now(), src: target.currentSrc });
      }, true);
    }
    w.__mediaHandlers = {};
    const session = navigator.mediaSession;
    const set = session.setActionHandler.bind(session);
    session.setActionHandler = (action: MediaSessionAction, handler: MediaSessionActionHandler | null) => {
      w.__mediaHandlers[action] = handler as (() => void) | null;
      set(action, handler);
    };
  });
  return context;
}

const chapterTitle = async (page: Page, n: number): Promise<string> =>
  ((await (await page.request.get(`${BASE_URL}/api/chapter/${SLUG}/${n}`)).json()) as { chapter: { title: string } }).chapter.title;

/** Asks for a chapter's audio ahead (counts nothing) and waits until it is stored. */
async function storedAhead(page: Page, n: number): Promise<void> {
  const asked = await page.request.post(`${BASE_URL}/api/audio`, { data: { slug: SLUG, chapter: n, ahead: true }, headers: { origin: BASE_URL } });
  expect(asked.status()).toBe(202);
  await waitStored(page, n);
}
async function waitStored(page: Page, n: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const status = await page.request.get(`${BASE_URL}/api/audio/status/${SLUG}/${n}`);
    if (status.ok() && ((await status.json()) as { status: string }).status === 'done') return;
    await Bun.sleep(250);
  }
  throw new Error(`chapter ${n}'s audio was not stored in time`);
}

/** The player plays chapter n: the stream of chapter n on the element, playing. */
const playing = (page: Page, n: number) =>
  page.waitForFunction(([slug, chapter]) => {
    const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]')!;
    return !audio.paused && audio.currentTime > 0 && audio.currentSrc.includes(`/api/audio-stream/${slug}/${chapter}`);
  }, [SLUG, n] as const, { timeout: 30_000 });

/** Waits until the stored file of the chapter playing is on the element (its duration known), then seeks to `left` seconds before its end. */
const seekToEnd = (page: Page, left: number) =>
  page.evaluate(async (seconds) => {
    const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]')!;
    while (!(isFinite(audio.duration) && audio.duration > seconds)) await new Promise((r) => setTimeout(r, 50));
    audio.currentTime = audio.duration - seconds;
  }, left);

const askedAhead = (page: Page, n: number) =>
  page.waitForRequest((r) => r.url().endsWith('/api/audio') && r.method() === 'POST' && (JSON.parse(r.postData()!) as { chapter: number }).chapter === n, { timeout: 30_000 });
/** The page records the visit of chapter n (POST /api/progress), as its page load would. */
const progressRecorded = (page: Page, n: number) =>
  page.waitForRequest((r) => {
    const body = r.url().endsWith('/api/progress') && r.method() === 'POST' ? r.postData() : null;
    return !!body && (JSON.parse(body) as { chapter: number }).chapter === n;
  }, { timeout: 30_000 });
/** What HEAD on a chapter's stream says: 200 when a GET would be allowed, 402 past the free chapters. */
const headStream = async (page: Page, n: number) => (await page.request.head(`${BASE_URL}/api/audio-stream/${SLUG}/${n}`)).status();

/**
 * What the page shows of its chapter (heading, title, text, navigation, comments, the article's and
 * the player's chapter data), next to what a page load of chapter n shows.
 */
const shownAndLoaded = (page: Page, n: number) =>
  page.evaluate(async (url) => {
    const read = (doc: Document) => {
      const attr = (selector: string, name: string) => doc.querySelector(selector)?.getAttribute(name) ?? null;
      const data = (selector: string) => ['slug', 'chapter', 'title', 'next-url', 'next-chapter', 'prev-url', 'prev-chapter'].map((name) => attr(selector, `data-${name}`));
      return {
        heading: doc.querySelector('h1')!.textContent!.trim(),
        title: doc.title,
        text: doc.querySelector('.reader__text')!.textContent!.slice(0, 200),
        position: doc.querySelector('.reader__position')!.textContent,
        article: data('article[data-reader]'),
        player: data('[data-player]'),
        nav: Array.from(doc.querySelectorAll('.reader-nav a'), (a) => a.getAttribute('href')),
        commentsCount: attr('.reader__comments', 'hx-get'),
        comments: attr('#comments-thread', 'data-comments-url'),
      };
    };
    const loaded = new DOMParser().parseFromString(await (await fetch(url)).text(), 'text/html');
    return { shown: read(document), loaded: read(loaded), path: location.pathname, marker: (window as unknown as Recorder).__marker ?? null };
  }, `/book/${SLUG}/${n}`);

async function expectChapter(page: Page, n: number): Promise<void> {
  const title = await chapterTitle(page, n);
  await page.waitForFunction((p) => location.pathname === p, `/book/${SLUG}/${n}`, { timeout: 30_000 });
  const now = await shownAndLoaded(page, n);
  expect(now.path).toBe(`/book/${SLUG}/${n}`);
  expect(now.shown.heading).toBe(title);
  expect(now.shown.title.startsWith(`${title} · `)).toBe(true);
  expect(now.shown.nav).toEqual([`/book/${SLUG}/${n - 1}`, expect.stringContaining(`/book/${SLUG}`), `/book/${SLUG}/${n + 1}`]);
  expect(now.shown.commentsCount).toContain(`chapter=${n}`);
  expect(now.shown).toEqual(now.loaded);
  expect(now.marker).toBe('the first page'); // the same document all along: no page load
}

/** For each chapter end: how long the audio stayed silent, from its pause (or end) to the next 'playing'. */
const silences = (page: Page) =>
  page.evaluate(() => {
    const log = (window as unknown as Recorder).__audioLog;
    return log.flatMap((event, i) => {
      if (event.type !== 'ended') return [];
      const pause = log.slice(0, i).reverse().find((e) => e.type !== 'ended');
      const stopped = pause && pause.type === 'pause' ? pause.at : event.at;
      const resumed = log.slice(i + 1).find((e) => e.type === 'playing');
      return [resumed ? resumed.at - stopped : Infinity];
    });
  });

test('with auto-next on, three chapters play one after another in the same page, with no gap; the chapter asked ahead counts only once it plays, and the free limit stops the fourth', async () => {
  const context = await listenerContext();
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`/book/${SLUG}/11`);
  await page.evaluate(() => ((window as unknown as Recorder).__marker = 'the first page'));
  await storedAhead(page, 11); // asked ahead: ready, and not counted
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  await playing(page, 11);
  await page.getByRole('button', { name: 'Speed, sleep timer and more' }).click();
  await page.getByLabel('Play the next chapter when this one ends').check();
  await page.waitForFunction(() => fetch('/api/settings').then((r) => r.json()).then((s) => s.auto_next === true), undefined, { timeout: 5000 });

  for (const n of [11, 12]) {
    // Two minutes from the end the next chapter is asked for ahead, then made before this one ends.
    const ahead = askedAhead(page, n + 1);
    await seekToEnd(page, 100);
    const request = await ahead;
    expect(JSON.parse(request.postData()!)).toMatchObject({ slug: SLUG, chapter: n + 1, ahead: true });
    expect((await request.response())!.status()).toBe(202);
    await waitStored(page, n + 1);
    if (n === 12) {
      // Chapters 11 and 12 are counted; 13, asked ahead, is not yet: a third chapter is still free.
      expect(await headStream(page, 30)).toBe(200);
    }
    const recorded = progressRecorded(page, n + 1);
    await seekToEnd(page, 1.5);
    await playing(page, n + 1);
    await expectChapter(page, n + 1);
    await recorded;
    const progress = (await (await page.request.get(`${BASE_URL}/api/progress/${SLUG}`)).json()) as { progress: { chapter: number } };
    expect(progress.progress.chapter).toBe(n + 1);
  }
  // 13 counted as it started playing: the day's three free chapters are used.
  expect(await headStream(page, 30)).toBe(402);
  // The sentence spoken is highlighted in the new chapter's text.
  await page.waitForFunction(() => {
    const highlight = (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get('player-sentence');
    const range = highlight && [...highlight][0];
    return !!range && range.startContainer.isConnected && document.querySelector('.reader__text')!.contains(range.startContainer);
  }, undefined, { timeout: 15_000 });

  const gaps = await silences(page);
  expect(gaps.length).toBe(2);
  for (const gap of gaps) expect(gap).toBeLessThan(GAP_MS);

  // The fourth chapter is past the free limit: asked ahead it answers 402, and at the end the player says so and stays.
  const ahead = askedAhead(page, 14);
  await seekToEnd(page, 100);
  expect((await (await ahead).response())!.status()).toBe(402);
  await seekToEnd(page, 1.5);
  const status = page.locator('[data-player-status]');
  await page.waitForFunction(() => document.querySelector<HTMLAudioElement>('[data-player-audio]')!.ended, undefined, { timeout: 15_000 });
  await page.waitForFunction(() => /last free chapter/.test(document.querySelector('[data-player-status]')!.textContent!), undefined, { timeout: 5000 });
  expect(await status.getAttribute('class')).toContain('player__status--upgrade');
  await expectChapter(page, 13);
  expect(errors).toEqual(['Failed to load resource: the server responded with a status of 402 (Payment Required)']); // the answer ahead, alone
  await context.close();
}, JOURNEY_MS);

test('the lock screen\'s next and previous track, and back and forward, move between chapters without a page load', async () => {
  const context = await listenerContext();
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`/book/${SLUG}/26`);
  await page.evaluate(() => ((window as unknown as Recorder).__marker = 'the first page'));
  for (const n of [26, 27]) await storedAhead(page, n);
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  await playing(page, 26);
  const press = (action: string) => page.evaluate((a) => (window as unknown as Recorder).__mediaHandlers[a]!(), action);
  const lockScreenTitle = () => page.evaluate(() => navigator.mediaSession.metadata!.title);

  await press('nexttrack');
  await playing(page, 27);
  await expectChapter(page, 27);
  expect(await lockScreenTitle()).toBe(await chapterTitle(page, 27));

  await press('previoustrack');
  await playing(page, 26);
  await expectChapter(page, 26);
  expect(await lockScreenTitle()).toBe(await chapterTitle(page, 26));

  // Back: the chapter of that entry again, still playing, in the same document.
  await page.goBack();
  await playing(page, 27);
  await expectChapter(page, 27);
  await page.goForward();
  await playing(page, 26);
  await expectChapter(page, 26);
  expect(errors).toEqual([]);
  await context.close();
}, JOURNEY_MS);
