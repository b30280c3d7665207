import { afterAll, beforeAll, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import type { Browser } from 'playwright-core';
import { desktopContext, launchBrowser, noSidewaysScroll, phoneContext, signIn, watchErrors } from './support.ts';

/** A Pro reader downloads chapters 2–4 of a book as EPUB from the book page; a free reader is pointed to Pro. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const BOOK = 'ink-and-alibis';

test('a Pro reader on a phone downloads chapters 2-4 as an EPUB holding those three chapters', async () => {
  const context = await phoneContext(browser);
  await signIn(context, 'e2e-exporter', 'pro');
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`/book/${BOOK}`);
  const form = page.locator('.book-export__form');
  expect(await page.getByLabel('From chapter', { exact: true }).inputValue()).toBe('1');
  expect(await page.getByLabel('To chapter', { exact: true }).inputValue()).toBe('6');
  expect(await page.locator('.book-export__pro').count()).toBe(0);
  await page.getByLabel('From chapter', { exact: true }).fill('2');
  await page.getByLabel('To chapter', { exact: true }).fill('4');
  await noSidewaysScroll(page);
  const [download] = await Promise.all([page.waitForEvent('download'), form.getByRole('button', { name: 'Download EPUB' }).click()]);
  expect(download.suggestedFilename()).toBe('Ink and Alibis - chapters 2-4.epub');
  const bytes = readFileSync((await download.path())!);
  expect(new TextDecoder().decode(bytes.subarray(30, 58))).toBe('mimetypeapplication/epub+zip');
  const zip = await JSZip.loadAsync(bytes);
  const opf = await zip.file('OEBPS/content.opf')!.async('string');
  const chapters = [...opf.matchAll(/<itemref idref="(c\d+)"/g)].map((m) => m[1]);
  expect(chapters).toEqual(['c2', 'c3', 'c4']);
  expect(await zip.file('OEBPS/chapters/c2.xhtml')!.async('string')).toContain('<h1>Who Holds the Key</h1>');
  expect(errors).toEqual([]);
  await context.close();
});

test('a free reader sees that EPUB export is part of Pro, with a link to /pro', async () => {
  const context = await desktopContext(browser);
  await signIn(context, 'e2e-free-exporter');
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`/book/${BOOK}`);
  const line = page.locator('.book-export__pro');
  expect(await line.innerText()).toBe('EPUB export is part of Chapterhouse Pro. Get Pro');
  expect(await page.locator('.book-export__form button').isDisabled()).toBe(true);
  await line.getByRole('link', { name: 'Get Pro' }).click();
  await page.waitForURL('**/pro');
  expect(errors).toEqual([]);
  await context.close();
});
