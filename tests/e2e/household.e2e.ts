import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { downloadEpubSpine, launchBrowser, noSidewaysScroll, watchErrors } from './support.ts';

/**
 * A server for a household (tests/e2e/run.ts starts it: no payment provider, no AI service, no
 * login provider). The owner creates their account at /login, invites a reader from Admin → Users;
 * the reader joins on a phone, reads and listens past three chapters under the default rules; the
 * owner turns the limits on, then makes the reader Pro until a day next month (EPUB export), and
 * finally signs the reader out everywhere.
 */
const HOUSE = process.env.E2E_HOUSEHOLD_URL ?? '';
const BOOK = 'salvage-rights';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const ownerContext = () => browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: HOUSE });
const phone = () => browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: HOUSE, hasTouch: true, isMobile: true });

/** Asks for a chapter's narration as the player does; the daily limit counts it. */
const askAudio = (context: BrowserContext, chapter: number) =>
  context.request.post(`${HOUSE}/api/audio`, { data: { slug: BOOK, chapter }, headers: { origin: HOUSE } }).then((r) => r.status());

const playedPast = (page: Page, seconds: number) =>
  page.waitForFunction((s) => {
    const audio = document.querySelector<HTMLAudioElement>('[data-player-audio]');
    return !!audio && !audio.paused && audio.currentTime > s;
  }, seconds, { timeout: 45_000 });

/** A day about a month ahead of today, as a date input takes it (yyyy-mm-dd). */
function dayNextMonth(): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 30);
  return day.toISOString().slice(0, 10);
}

test('the owner invites a reader, sets the rules, grants Pro until a date and signs the reader out everywhere', async () => {
  expect(HOUSE).not.toBe('');
  // The owner's first visit: /login offers to create the owner account.
  const owner = await ownerContext();
  const admin = await owner.newPage();
  const ownerErrors = watchErrors(admin);
  await admin.goto('/login');
  await admin.locator('input[name="username"]').fill('house-owner');
  await admin.locator('input[name="password"]').fill('kettle on the windowsill');
  await admin.locator('input[name="password_confirm"]').fill('kettle on the windowsill');
  await admin.getByRole('button', { name: 'Create owner account' }).click();
  await admin.waitForURL(`${HOUSE}/admin`);

  // Admin → Users: an invite link, shown once.
  await admin.getByRole('link', { name: 'Users' }).first().click();
  await admin.waitForURL(`${HOUSE}/admin/users**`);
  await admin.getByRole('button', { name: 'Make invite link' }).click();
  const inviteUrl = await admin.locator('#issued-link-url').inputValue();
  expect(inviteUrl).toStartWith(`${HOUSE}/join/`);

  // The reader opens it on a phone and chooses a username and a password.
  const reader = await phone();
  const page = await reader.newPage();
  const readerErrors = watchErrors(page);
  await page.goto(inviteUrl);
  expect(await page.locator('main').innerText()).toContain('house-owner invited you to read and listen here.');
  await noSidewaysScroll(page);
  await page.locator('input[name="username"]').fill('june');
  await page.locator('input[name="password"]').fill('password123');
  await page.locator('input[name="password_confirm"]').fill('password123');
  await page.getByRole('button', { name: 'Create my account' }).click();
  // A common password is refused in plain words, and the invite still works.
  expect(await page.locator('main').innerText()).toContain('That password is one of the most common ones.');
  await page.locator('input[name="password"]').fill('lamplight over the harbour');
  await page.locator('input[name="password_confirm"]').fill('lamplight over the harbour');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await page.waitForURL(`${HOUSE}/`);
  const me = (await (await page.request.get(`${HOUSE}/api/auth/me`)).json()) as { user: { id: string; username: string; role: string } };
  expect(me.user).toMatchObject({ username: 'june', role: 'user' });

  // Default rules of a server without payments: no limits. Four chapters read, four narrated.
  await page.goto(`/book/${BOOK}/1`);
  for (const next of [2, 3, 4]) {
    await page.locator('a.reader-nav__next').first().click();
    await page.waitForURL(`${HOUSE}/book/${BOOK}/${next}`);
  }
  // Nothing on the chapter page that cannot work here: no AI service, no payments.
  expect(await page.getByRole('button', { name: 'Translate' }).count()).toBe(0);
  expect(await page.getByRole('link', { name: /Get (Chapterhouse )?Pro/ }).count()).toBe(0);
  for (const chapter of [1, 2, 3]) expect(await askAudio(reader, chapter)).toBe(202);
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  await playedPast(page, 0.5);
  // And a signed-in reader may take the book away as an EPUB.
  await page.goto(`/book/${BOOK}`);
  expect(await page.getByRole('button', { name: 'Download EPUB' }).count()).toBe(1);

  // The owner turns the limits on (one narrated chapter a day) and keeps Pro features for Pro readers.
  await admin.goto('/admin/settings');
  expect(await admin.locator('main').innerText()).toContain('This server takes no payments: by default there are no limits and every signed-in reader gets Pro features.');
  await admin.locator('#policy-limits-enabled').check();
  await admin.locator('input[name="audio_chapters_per_day"]').fill('1');
  await admin.locator('#policy-pro-open').uncheck();
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await admin.getByText('Settings saved. They apply at once.').waitFor();

  // The reader meets them: a fifth chapter is today's one, the sixth is refused with the owner's words.
  expect(await askAudio(reader, 5)).toBe(202);
  await page.goto(`/book/${BOOK}/6`);
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  const status = page.locator('[data-player-status]');
  await status.getByText('You have reached this server’s daily listening limit (1 a day), set by its owner.').waitFor();
  expect(await status.getByRole('link').count()).toBe(0);
  await page.goto(`/book/${BOOK}`);
  expect(await page.locator('#export-pro').innerText()).toBe('EPUB export is for Pro readers on this server.');

  // The owner makes the reader Pro until a day next month.
  await admin.goto('/admin/users?q=june');
  const card = admin.locator(`#user-${me.user.id}`);
  await card.getByText('Manage june').click();
  await card.locator('select[name="role"]').selectOption('pro');
  await card.locator('input[name="pro_until"]').fill(dayNextMonth());
  await card.getByRole('button', { name: 'Save role' }).click();
  await admin.getByText('The role is saved.').waitFor();
  expect(await admin.locator(`#user-${me.user.id} .user-card__role`).innerText()).toBe('Pro');

  // Pro on the reader's next request: chapters 2–4 as an EPUB, and the sixth chapter narrated.
  await page.reload();
  expect(await downloadEpubSpine(page, 2, 4)).toEqual(['c2', 'c3', 'c4']);
  expect(await askAudio(reader, 6)).toBe(202);

  // The owner signs the reader out everywhere: the phone is a visitor again.
  await card.getByText('Manage june').click();
  await card.getByRole('button', { name: 'Sign out everywhere' }).click();
  await admin.getByText('The account is signed out everywhere.').waitFor();
  expect((await page.request.get(`${HOUSE}/api/auth/me`)).status()).toBe(401);
  await page.reload();
  expect(await page.locator('.site-header__signin').count()).toBe(1);

  // The audit log on the Users page tells the story.
  await admin.goto('/admin/users');
  const log = await admin.locator('#audit').innerText();
  for (const line of ['Made an invite (Reader)', 'june joined with an invite (Reader)', "Changed the server's rules", 'Changed the role of june from Reader to Pro', 'Signed june out everywhere']) {
    expect(log).toContain(line);
  }
  // The refused requests the reader's page saw are the common password (400, the form said why) and
  // the sixth chapter (402, the player said why).
  expect(readerErrors.filter((e) => e.includes('status of 400'))).toHaveLength(1);
  expect(readerErrors.filter((e) => !e.includes('status of 402') && !e.includes('status of 400'))).toEqual([]);
  expect(ownerErrors).toEqual([]);
  await reader.close();
  await owner.close();
});
