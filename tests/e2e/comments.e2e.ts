import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, desktopContext, launchBrowser, phoneContext, signIn, watchErrors } from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const mark = (page: Page) => page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
const stillHere = (page: Page) => page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere === true);

/** Opens a chapter and scrolls to its comments: htmx loads the thread when it is revealed. */
async function openThread(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('#comments').scrollIntoViewIfNeeded();
  await page.locator('#comments-list').waitFor();
}

test('post, reply, vote, sort and delete on a chapter page, without a reload', async () => {
  const chapter = '/book/morning-bread/3';
  const annContext = await desktopContext(browser);
  const benContext = await phoneContext(browser, { width: 390, height: 844 });
  await signIn(annContext, 'e2e-comment-ann');
  await signIn(benContext, 'e2e-comment-ben');
  const ann = await annContext.newPage();
  const ben = await benContext.newPage();
  const annErrors = watchErrors(ann);
  const benErrors = watchErrors(ben);

  // Ann finds an empty thread and starts it.
  await openThread(ann, chapter);
  await ann.getByText('No comments yet — start the conversation.').waitFor();
  await mark(ann);
  await ann.getByLabel('Add a comment').fill('The **storm** scene was perfect.');
  await ann.getByRole('button', { name: 'Post comment' }).click();
  const first = ann.locator('#comments-list > li.comment-thread').first();
  await first.locator('.comment__body strong', { hasText: 'storm' }).waitFor();
  expect(await first.locator('.comment__author').innerText()).toBe('e2e-comment-ann');
  expect(await ann.getByLabel('Add a comment').inputValue()).toBe('');
  expect(await ann.getByText('No comments yet — start the conversation.').isVisible()).toBe(false);
  expect(await stillHere(ann)).toBe(true);
  const firstId = (await first.getAttribute('id'))!.replace('item-', '');

  // Ben sees it, replies under it, and upvotes it.
  await openThread(ben, chapter);
  const thread = ben.locator(`#item-${firstId}`);
  await thread.getByText('The storm scene was perfect.').waitFor();
  await mark(ben);
  await thread.locator('summary', { hasText: 'Reply' }).click();
  await thread.getByLabel('Your reply').fill('Agreed — *especially* the lighthouse.');
  await thread.getByRole('button', { name: 'Post reply' }).click();
  const reply = thread.locator('.comment-replies > li');
  await reply.locator('em', { hasText: 'especially' }).waitFor();
  expect(await thread.locator('details.comment-thread__reply').getAttribute('open')).toBeNull();

  const up = ben.locator(`#votes-${firstId} .votes__button--up`);
  const voted = ben.waitForResponse((r) => r.url().endsWith(`/comment/${firstId}/vote`));
  await up.click();
  // Pressed at once (public/js/comments.js), then the server's widget replaces it.
  await ben.locator(`#votes-${firstId} .votes__button--up[aria-pressed="true"]`).waitFor();
  expect((await voted).status()).toBe(200);
  await ben.locator(`#votes-${firstId} .votes__button--up[value="none"]`).waitFor();
  expect(await ben.locator(`#votes-${firstId} .votes__button--up .votes__count`).innerText()).toBe('1');
  expect(await stillHere(ben)).toBe(true);

  // A newer comment from Ann: Top keeps the upvoted one first, New puts the newer one first.
  await ann.getByLabel('Add a comment').fill('A second, newer thought.');
  await ann.getByRole('button', { name: 'Post comment' }).click();
  await ann.getByText('A second, newer thought.').waitFor();
  await ben.reload();
  await openThread(ben, chapter);
  const tops = () => ben.locator('#comments-list > li.comment-thread .comment__body').allInnerTexts();
  expect((await tops())[0]).toContain('The storm scene was perfect.');
  await ben.getByRole('link', { name: 'New' }).click();
  await ben.locator('.comments__sort-option[aria-current="true"]', { hasText: 'New' }).waitFor();
  expect((await tops())[0]).toContain('A second, newer thought.');
  expect(new URL(ben.url()).pathname).toBe(chapter);
  await ben.getByRole('link', { name: 'Top' }).click();
  await ben.locator('.comments__sort-option[aria-current="true"]', { hasText: 'Top' }).waitFor();
  expect((await tops())[0]).toContain('The storm scene was perfect.');

  // Ben cannot delete Ann's comment (no button); Ann deletes her newer one after confirming.
  expect(await ben.locator(`#item-${firstId} > article .comment__delete`).count()).toBe(0);
  ann.once('dialog', (dialog) => void dialog.accept());
  const second = ann.locator('#comments-list > li.comment-thread', { hasText: 'A second, newer thought.' });
  await second.getByRole('button', { name: 'Delete' }).click();
  await second.waitFor({ state: 'detached' });
  expect(await stillHere(ann)).toBe(true);

  // The notification's link (#comment-<id>) loads the thread at once and shows the reply.
  const replyId = (await reply.getAttribute('id'))!.replace('item-', '');
  await ann.goto('/');
  await ann.goto(`${BASE_URL}${chapter}#comment-${replyId}`);
  await ann.locator(`#comment-${replyId}.comment--target`).waitFor();
  expect(await ann.locator(`#comment-${replyId}`).isVisible()).toBe(true);

  expect(annErrors).toEqual([]);
  expect(benErrors).toEqual([]);
  await annContext.close();
  await benContext.close();
});

test('visitors read comments and are invited to sign in; without JavaScript the comments page works', async () => {
  const context = await desktopContext(browser);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await openThread(page, '/book/morning-bread/3');
  await page.getByText('The storm scene was perfect.').waitFor();
  const invite = page.getByRole('link', { name: 'Sign in to comment' });
  expect(await invite.getAttribute('href')).toBe('/login?return_to=%2Fbook%2Fmorning-bread%2F3%23comments');
  expect(errors).toEqual([]);
  await context.close();

  const noScript = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false });
  await signIn(noScript, 'e2e-comment-nojs');
  const plain = await noScript.newPage();
  await plain.goto('/book/morning-bread/3');
  await plain.getByRole('link', { name: 'Read and write comments' }).click();
  await plain.getByLabel('Add a comment').fill('Posted without JavaScript.');
  await plain.getByRole('button', { name: 'Post comment' }).click();
  await plain.locator('.comment-thread--focus').first().waitFor();
  expect(await plain.locator('.comment-thread--focus .comment__body').first().innerText()).toBe('Posted without JavaScript.');
  expect(new URL(plain.url()).pathname).toBe('/book/morning-bread/comments');
  await noScript.close();
});


test('counts lead to comments: the end of a chapter opens its thread in place; the book page leads to every thread, filtered in place', async () => {
  const context = await desktopContext(browser);
  await signIn(context, 'e2e-count-ann');
  const post = (data: Record<string, unknown>) => context.request.post(`${BASE_URL}/api/comments/the-last-train-to-veld`, { data, headers: { origin: BASE_URL } });
  for (const data of [{ text: 'The "dining car" -- what a scene...', chapter: 2 }, { text: 'Agreed.', chapter: 2 }, { text: 'Loving the whole book.' }]) expect((await post(data)).status()).toBe(201);
  const page = await context.newPage();
  const errors = watchErrors(page);

  await page.goto('/book/the-last-train-to-veld/2');
  await mark(page);
  const count = page.locator('.reader__comments .comments-link');
  await count.scrollIntoViewIfNeeded();
  await page.locator('.reader__comments .comments-link[data-comment-count="2"]').waitFor();
  expect(await count.innerText()).toBe('2 comments on this chapter');
  await count.click();
  await page.locator('#comments-list .comment__body', { hasText: 'The “dining car” – what a scene…' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/book/the-last-train-to-veld/2');
  expect(await stillHere(page)).toBe(true);

  await page.goto('/book/the-last-train-to-veld');
  const bookLeft = await page.locator('.book-page').evaluate((el) => el.getBoundingClientRect().left);
  await page.getByRole('link', { name: '3 comments' }).click();
  await page.waitForURL('**/book/the-last-train-to-veld/comments');
  expect(await page.locator('.comments-page').evaluate((el) => el.getBoundingClientRect().left)).toBe(bookLeft);
  expect(await page.locator('.comment-group__title').allInnerTexts()).toEqual([expect.stringMatching(/^Chapter 2: /), 'About the book']);
  expect(await page.locator('[data-comments-filter-submit]').isVisible()).toBe(false);
  await mark(page);
  await page.getByLabel('Comments to show').selectOption('book');
  await page.waitForURL('**/book/the-last-train-to-veld/comments?chapter=book');
  await page.locator('h1', { hasText: 'Comments · About the book · ' }).waitFor();
  expect(await page.locator('#comments-list .comment__body').allInnerTexts()).toEqual(['Loving the whole book.']);
  expect(await stillHere(page)).toBe(true);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('comments-filter');
  await page.goBack();
  await page.locator('.comment-group__title', { hasText: 'About the book' }).waitFor();
  expect(errors).toEqual([]);
  await context.close();

  // Without JavaScript the filter is a form with a Show button.
  const noScript = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto('/book/the-last-train-to-veld/comments');
  await plain.getByLabel('Comments to show').selectOption('2');
  await plain.getByRole('button', { name: 'Show' }).click();
  await plain.waitForURL('**/book/the-last-train-to-veld/comments?chapter=2');
  expect(await plain.locator('#comments-list > li.comment-thread').count()).toBe(2);
  await noScript.close();
});
