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
