import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** The app under test: started by tests/e2e/run.ts, which passes its address here. */
export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export async function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: BASE_URL, hasTouch: true, isMobile: true });
}

export async function desktopContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: BASE_URL });
}
