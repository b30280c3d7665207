import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { expect } from 'bun:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** The app under test: started by tests/e2e/run.ts, which passes its address here. */
export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A touch phone; 360x740 by default, the reading journeys use 390x844. */
export async function phoneContext(browser: Browser, viewport = { width: 360, height: 740 }): Promise<BrowserContext> {
  return browser.newContext({ viewport, baseURL: BASE_URL, hasTouch: true, isMobile: true });
}

export async function desktopContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: BASE_URL });
}

/** The app under test runs with this DEBUG_LOGIN_TOKEN (tests/e2e/run.ts). */
export const E2E_DEBUG_TOKEN = 'e2e-debug-login-token-0123456789';

/** Signs the browser context in as `username` through the debug login (cookies land in the context). */
export async function signIn(context: BrowserContext, username: string, role: 'user' | 'pro' | 'admin' = 'user'): Promise<void> {
  const response = await context.request.post(`${BASE_URL}/api/auth/debug-login`, {
    data: { token: E2E_DEBUG_TOKEN, username, role },
    headers: { origin: BASE_URL },
  });
  if (!response.ok()) throw new Error(`debug login failed: ${response.status()} ${await response.text()}`);
}

/** Script errors and CSP violations arrive as console errors: a journey expects this list empty. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return errors;
}

/** Nothing on the page is wider than the viewport. */
export async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/**
 * The voices of the slow OpenAI-compatible speech server tests/e2e/run.ts starts (a few seconds a
 * chunk): a chapter in one of them is still being made while a journey seeks in it.
 */
export const SLOW_VOICES = ['openai-af_bella', 'openai-am_adam'] as const;

/** Downloads chapters `from`–`to` of the open book page as an EPUB; answers the chapter ids of its spine. */
export async function downloadEpubSpine(page: Page, from: number, to: number): Promise<string[]> {
  await page.getByLabel('From chapter', { exact: true }).fill(String(from));
  await page.getByLabel('To chapter', { exact: true }).fill(String(to));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download EPUB' }).click()]);
  const zip = await JSZip.loadAsync(readFileSync((await download.path())!));
  const opf = await zip.file('OEBPS/content.opf')!.async('string');
  return [...opf.matchAll(/<itemref idref="(c\d+)"/g)].map((m) => m[1]!);
}
