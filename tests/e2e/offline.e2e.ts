import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { desktopContext, launchBrowser, noSidewaysScroll, phoneContext, signIn, watchErrors } from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const SLUG = 'ashes-of-the-dragon-throne';

/** The service worker is installed and controls the page. */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15_000 });
}

const playedPast = (page: Page, seconds: number) =>
  page.waitForFunction((s) => {
    const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]');
    return !!audio && !audio.paused && audio.currentTime > s;
  }, seconds, { timeout: 30_000 });

/** Waits for the chapter's audio to be stored (the player asked for it). */
async function audioStored(context: BrowserContext, chapter: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const response = await context.request.get(`/api/audio/status/${SLUG}/${chapter}`);
    if (response.ok() && (await response.json()).status === 'done') return;
    await Bun.sleep(500);
  }
  throw new Error(`the audio of chapter ${chapter} was not stored in time`);
}

async function serverPlace(context: BrowserContext): Promise<{ chapter: number; audio_time: number; furthest_chapter: number } | null> {
  const response = await context.request.get(`/api/progress/${SLUG}`);
  return (await response.json()).progress;
}

test('keep ten chapters with their audio, then with the network off read, listen and move on; back online, the server has the place', async () => {
  const context = await phoneContext(browser, { width: 390, height: 844 });
  const page = await context.newPage();
  const errors = watchErrors(page);

  // The audio of chapter 1 is made first (kept chapters keep only audio that exists).
  await page.goto(`/book/${SLUG}/1`);
  await controlled(page);
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  await playedPast(page, 0.5);
  await page.getByRole('button', { name: 'Pause' }).click();
  await audioStored(context, 1);

  // Keep the next ten chapters from the book page, with a progress bar and a clear result.
  await page.goto(`/book/${SLUG}`);
  const keep = page.locator('[data-offline-keep]');
  await expect(keep.isVisible()).resolves.toBe(true);
  await keep.getByRole('combobox').selectOption('10');
  expect(await keep.getByRole('checkbox', { name: 'With the audio that is already made' }).isChecked()).toBe(true);
  await keep.getByRole('button', { name: 'Keep', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('[data-offline-keep-status]')?.textContent === '10 chapters kept on this device.', null, { timeout: 60_000 });
  await noSidewaysScroll(page);

  // The storage page lists the book with its size.
  await page.goto('/offline');
  const row = page.locator(`[data-offline-book="${SLUG}"]`);
  await expect(row.locator('.offline-book__facts').innerText()).resolves.toMatch(/^Chapters 1–10 · 10 chapters · 1 with audio · [\d.,]+ (kB|MB)$/);
  await page.waitForFunction(() => /used on this device/.test(document.querySelector('[data-offline-usage]')?.textContent ?? ''));

  // The network goes away.
  await context.setOffline(true);
  await page.goto(`/book/${SLUG}/1`);
  expect(await page.locator('h1').innerText()).toBe('The Last Rider');
  expect(await page.locator('[data-offline-banner]').isVisible()).toBe(true);
  expect(await page.locator('.reader__text p').count()).toBeGreaterThan(3);
  // Listening works from the kept audio.
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  await playedPast(page, 1.5);
  await page.getByRole('button', { name: 'Pause' }).click();
  // The audio position is kept on the device to be sent later.
  await page.waitForFunction(async () => {
    const open = indexedDB.open('chapterhouse-offline');
    const db: IDBDatabase = await new Promise((resolve) => (open.onsuccess = () => resolve(open.result)));
    const entries: { url: string; body: string }[] = await new Promise((resolve) => {
      const request = db.transaction('outbox').objectStore('outbox').getAll();
      request.onsuccess = () => resolve(request.result);
    });
    db.close();
    return entries.some((e) => e.url.endsWith('/api/progress/audio-time') && JSON.parse(e.body).audio_time > 1);
  }, null, { timeout: 10_000 });

  // On to chapter 3 by its address: the reader's place is kept on the device for later.
  await page.goto(`/book/${SLUG}/3`);
  expect(await page.locator('h1').innerText()).toBe('Greycloaks at the Gate');
  const queuedBy = Date.now() + 10_000;
  while ((await outboxSize(page)) === 0 && Date.now() < queuedBy) await Bun.sleep(200);
  expect(await outboxSize(page)).toBeGreaterThan(0);

  // A page that is not kept: the offline page says so and shows what is.
  await page.goto(`/book/${SLUG}/20`);
  expect(await page.locator('[data-offline-not-kept]').isVisible()).toBe(true);
  // The kept books and the waiting writes are drawn once the device's store has answered.
  await page.locator(`[data-offline-book="${SLUG}"]`).waitFor({ state: 'visible' });
  await page.locator('[data-offline-pending]').waitFor({ state: 'visible' });
  expect(await page.locator('[data-offline-pending-text]').innerText()).toMatch(/waiting to be sent/);
  await noSidewaysScroll(page);
  // The server (asked from outside the offline browser) still has the place from before.
  expect((await serverPlace(context))?.chapter).toBe(1);

  // On to chapter 5, then back to chapter 2 for a look: every chapter's write waits, in the order read.
  for (const chapter of [5, 2]) {
    await page.goto(`/book/${SLUG}/${chapter}`);
    const waited = Date.now() + 10_000;
    while (!(await queuedChapters(page)).includes(chapter) && Date.now() < waited) await Bun.sleep(200);
  }
  expect(await queuedChapters(page)).toEqual([1, 3, 5, 2]);

  // Back online: the places made offline reach the server, which applies them as it would have
  // online: the look at chapter 2 does not move "Continue reading" back from 5.
  await context.setOffline(false);
  await page.goto('/offline');
  const deadline = Date.now() + 20_000;
  let place = await serverPlace(context);
  while (place?.chapter !== 5 && Date.now() < deadline) {
    await Bun.sleep(300);
    place = await serverPlace(context);
  }
  expect({ chapter: place?.chapter, furthest: place?.furthest_chapter }).toEqual({ chapter: 5, furthest: 5 });
  expect(errors.filter((e) => !/Failed to load resource|net::ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
  await context.close();
});

/** The chapters of the reading places waiting in the outbox, in the order they will be sent (repeats of a chapter counted once). */
async function queuedChapters(page: Page): Promise<number[]> {
  const chapters = await page.evaluate(async () => {
    const open = indexedDB.open('chapterhouse-offline');
    const db: IDBDatabase = await new Promise((resolve) => (open.onsuccess = () => resolve(open.result)));
    const entries: { url: string; body: string }[] = await new Promise((resolve) => {
      const request = db.transaction('outbox').objectStore('outbox').getAll();
      request.onsuccess = () => resolve(request.result);
    });
    db.close();
    return entries.filter((e) => new URL(e.url).pathname === '/api/progress').map((e) => JSON.parse(e.body).chapter as number);
  });
  return chapters.filter((chapter, i) => chapter !== chapters[i - 1]);
}

async function outboxSize(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const open = indexedDB.open('chapterhouse-offline');
    const db: IDBDatabase = await new Promise((resolve) => (open.onsuccess = () => resolve(open.result)));
    const count: number = await new Promise((resolve) => {
      const request = db.transaction('outbox').objectStore('outbox').count();
      request.onsuccess = () => resolve(request.result);
    });
    db.close();
    return count;
  });
}

test('signed in: keep the next ten chapters from a chapter, change a shelf and read on offline; back online both reach the server; removing the book frees it', async () => {
  const context = await desktopContext(browser);
  await signIn(context, 'offline-shelver');
  const page = await context.newPage();
  const errors = watchErrors(page);

  await page.goto(`/book/${SLUG}/4`);
  await controlled(page);
  await page.getByRole('button', { name: 'Keep the next 10 chapters offline' }).click();
  await page.waitForFunction(() => document.querySelector('[data-offline-keep-status]')?.textContent === '10 chapters kept on this device.', null, { timeout: 60_000 });

  // Saved to the library while online; the kept book page is refreshed by the visit.
  await page.goto(`/book/${SLUG}`);
  // The book page says what this device already keeps of it.
  await page.waitForFunction(() => document.querySelector('[data-offline-keep-status]')?.textContent === '10 chapters kept on this device.');
  await page.locator(`#shelf-${SLUG}-save`).click();
  await page.locator(`#shelf-${SLUG}-select`).waitFor();
  await page.reload();

  await context.setOffline(true);
  await page.goto(`/book/${SLUG}`);
  expect(await page.locator('[data-offline-banner]').isVisible()).toBe(true);
  await page.locator(`#shelf-${SLUG}-select`).selectOption('completed');
  await page.locator('.toast').getByText('Saved on this device. It will be sent when you are back online.').waitFor();
  await page.goto(`/book/${SLUG}/6`);
  expect(await page.locator('h1').innerText()).toBe("Fire in Hollin's Ford");
  const deadline = Date.now() + 10_000;
  while ((await outboxSize(page)) < 2 && Date.now() < deadline) await Bun.sleep(200);
  // The shelf change, and the place in chapter 6 (its first and latest writes at most).
  expect(await queuedChapters(page)).toEqual([6]);
  expect(await outboxSize(page)).toBeGreaterThanOrEqual(2);
  expect(await outboxSize(page)).toBeLessThanOrEqual(3);

  await context.setOffline(false);
  await page.goto('/offline');
  const until = Date.now() + 20_000;
  let shelf: string | undefined;
  let chapter: number | undefined;
  while ((shelf !== 'completed' || chapter !== 6) && Date.now() < until) {
    await Bun.sleep(300);
    const library = (await (await context.request.get('/api/library')).json()) as { books: { book: { slug: string }; shelf: string }[] };
    shelf = library.books.find((b) => b.book.slug === SLUG)?.shelf;
    chapter = (await serverPlace(context))?.chapter;
  }
  expect({ shelf, chapter }).toEqual({ shelf: 'completed', chapter: 6 });
  await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-offline-pending]')?.hidden === true);

  // Removing the book frees the device: the list is empty and the chapters are gone offline.
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await page.locator('[data-offline-empty]').waitFor();
  expect(await page.locator('[data-offline-status]').innerText()).toBe('Removed from this device.');
  expect(await page.locator('[data-offline-remove-all]').isVisible()).toBe(false);
  await context.setOffline(true);
  await page.goto(`/book/${SLUG}/6`);
  expect(await page.locator('[data-offline-not-kept]').isVisible()).toBe(true);
  await context.setOffline(false);
  expect(errors.filter((e) => !/Failed to load resource|net::ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
  await context.close();
});
