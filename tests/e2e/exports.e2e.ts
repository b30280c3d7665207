import { afterAll, beforeAll, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { parseBuffer } from 'music-metadata';
import type { Browser, Page } from 'playwright-core';
import { desktopContext, launchBrowser, phoneContext, signIn, watchErrors } from './support.ts';

/**
 * A Pro listener makes narrated editions from a book's page: the form, the export's page that
 * follows the job to its end (real speech engines), the download, and the list of their exports.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function makeExport(page: Page, slug: string, from: number, to: number, kind: RegExp): Promise<void> {
  await page.goto(`/book/${slug}`);
  await page.getByRole('link', { name: 'Narrated EPUB or audiobook…' }).click();
  await page.waitForURL(`**/exports/new?slug=${slug}`);
  await page.getByLabel('From chapter', { exact: true }).fill(String(from));
  await page.getByLabel('To chapter', { exact: true }).fill(String(to));
  await page.getByRole('radio', { name: kind }).check();
  await page.getByRole('button', { name: 'Make it' }).click();
  await page.waitForURL(/\/exports\/[0-9a-f-]{36}$/);
}

/** The export's page follows the job by itself (htmx), until the download shows. */
async function download(page: Page): Promise<Buffer> {
  const link = page.getByRole('link', { name: /^Download \(/ });
  await link.waitFor({ timeout: 180_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return readFileSync((await file.path())!);
}

test('desktop: an audiobook of two chapters, made from the book page, downloads with a chapter mark each', async () => {
  const context = await desktopContext(browser);
  await signIn(context, 'e2e-exports-desktop', 'pro');
  const page = await context.newPage();
  const errors = watchErrors(page);
  await makeExport(page, 'morning-bread', 1, 2, /^Audiobook/);
  expect(await page.getByRole('heading', { level: 1, name: 'Morning Bread' }).count()).toBe(1);
  expect(await page.getByText('Audiobook (MP3 with chapters) · Chapters 1–2', { exact: false }).count()).toBe(1);
  const bytes = await download(page);
  const meta = await parseBuffer(bytes, { mimeType: 'audio/mpeg' }, { includeChapters: true });
  expect(meta.common.album).toBe('Morning Bread');
  expect(meta.format.chapters?.length).toBe(2);
  expect(meta.format.chapters![1]!.start).toBeGreaterThan(0);
  // The list has it too, ready.
  await page.getByRole('link', { name: 'All my exports' }).click();
  await page.waitForURL('**/exports');
  expect(await page.getByRole('link', { name: /^Download \(/ }).count()).toBeGreaterThanOrEqual(1);
  expect(errors).toEqual([]);
  await context.close();
}, 240_000);

test('phone 360 px: a narrated EPUB of one chapter shows its progress, fits the screen and reads along', async () => {
  const context = await phoneContext(browser);
  await signIn(context, 'e2e-exports-phone', 'pro');
  const page = await context.newPage();
  const errors = watchErrors(page);
  await makeExport(page, 'morning-bread', 3, 3, /^Narrated EPUB/);
  expect(await page.locator('.export-status [role=status]').textContent()).toMatch(/Waiting to start|Narrating the chapters|Packing the file|Ready/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const zip = await JSZip.loadAsync(await download(page));
  const smil = await zip.file('OEBPS/overlays/c3.smil')!.async('string');
  const page3 = await zip.file('OEBPS/chapters/c3.xhtml')!.async('string');
  const ids = [...smil.matchAll(/#(s\d+)"/g)].map((m) => m[1]!);
  expect(ids.length).toBeGreaterThan(2);
  for (const id of ids) expect(page3).toContain(`id="${id}"`);
  expect(errors).toEqual([]);
  await context.close();
}, 240_000);
