import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { BASE_URL, desktopContext, launchBrowser, noSidewaysScroll, phoneContext, signIn, watchErrors } from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

test('sign in with the OpenID provider, see the avatar initials and the device, sign out', async () => {
  const context = await desktopContext(browser);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await page.waitForURL('**/login?return_to=%2F');
  await page.getByRole('link', { name: /Single sign-on/ }).click();

  // The provider's own pages: login, then consent.
  await page.locator('input[name="login"]').fill('june-reader');
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click();

  await page.waitForURL((url) => url.pathname === '/');
  const avatar = page.locator('header .avatar--initials').first();
  await avatar.waitFor();
  // Beside the name in the account menu the initials are drawn, not written (no part of the button's label).
  expect(await avatar.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"JR"');

  await page.goto('/account');
  await page.getByText('june-reader').first().waitFor();
  expect(await page.getByText('This device').count()).toBeGreaterThan(0);

  // Signing out from this device's row of the sessions list (the header's menu has its own journey).
  await page.locator('main form[action="/logout"] button').click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
  await page.goto('/account');
  expect(new URL(page.url()).pathname).toBe('/login');
  expect(errors).toEqual([]);
  await context.close();
});

const BOOK = 'morning-bread';
// A real 1×1 PNG.
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

test('a whole account life: set a password, sign in with it, change the email, download the data, delete the account', async () => {
  // /login offers the password form once an owner (an admin) exists.
  const admin = await desktopContext(browser);
  await signIn(admin, 'e2e-account-owner', 'admin');
  await admin.close();

  const context = await desktopContext(browser);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await signIn(context, 'e2e-leaver');
  const comment = await context.request.post(`${BASE_URL}/api/comments/${BOOK}`, { data: { text: 'A comment from the one who leaves', chapter: 1 }, headers: { origin: BASE_URL } });
  expect(comment.status()).toBe(201);

  // Set a password (there was none: no current password is asked).
  await page.goto('/account');
  expect(await page.locator('#password-current').count()).toBe(0);
  await page.locator('#password-new').fill('lantern in the rain');
  await page.locator('#password-confirm').fill('lantern in the rain');
  await Promise.all([page.waitForURL('**/account?saved=password-set#password'), page.locator('#password-submit').click()]);
  expect(await page.locator('#account-notice').innerText()).toBe('Your password is set. You can now sign in with your username and password.');
  expect(await page.locator('#password-current').count()).toBe(1);

  // Sign out on this device, then sign in with the password.
  await Promise.all([page.waitForURL((url) => url.pathname === '/'), page.locator('main form[action="/logout"] button').click()]);
  await page.goto('/login?return_to=%2Faccount');
  await page.locator('form[action="/login"] input[name="username"]').fill('e2e-leaver');
  await page.locator('form[action="/login"] input[name="password"]').fill('lantern in the rain');
  await Promise.all([page.waitForURL((url) => url.pathname === '/account'), page.locator('form[action="/login"] button[type="submit"]').click()]);

  // Change the email: it shows, unverified.
  await page.locator('#email-address').fill('leaver@example.test');
  await Promise.all([page.waitForURL('**/account?saved=email#email'), page.locator('#email-submit').click()]);
  expect(await page.locator('#account-notice').innerText()).toBe('Your email address is changed.');
  expect(await page.locator('#email-state').innerText()).toBe('Not verified');

  // Download my data: a dated JSON file with the account, its email and its comment.
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#account-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^chapterhouse-e2e-leaver-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await Bun.file((await download.path())!).text());
  expect(data.user).toMatchObject({ username: 'e2e-leaver', email: 'leaver@example.test', email_verified: false, has_password: true });
  expect(data.comments.map((c: { text: string }) => c.text)).toEqual(['A comment from the one who leaves']);

  // Delete: the typed username must match exactly before the form even sends.
  await Promise.all([page.waitForURL('**/account/delete'), page.locator('#account-delete').click()]);
  const confirm = page.locator('#delete-confirm');
  await confirm.fill('E2E-LEAVER');
  await page.locator('#delete-submit').click();
  expect(await confirm.evaluate((input: HTMLInputElement) => input.validity.patternMismatch)).toBe(true);
  expect(new URL(page.url()).pathname).toBe('/account/delete');
  await confirm.fill('e2e-leaver');
  await Promise.all([page.waitForURL('**/account/deleted'), page.locator('#delete-submit').click()]);
  expect(await page.locator('h1').innerText()).toBe('Your account is deleted');
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();

  // The comment stays in its thread as "[deleted]", naming no one.
  await page.goto(`/book/${BOOK}/comments?chapter=1`);
  const main = await page.locator('main').innerText();
  expect(main).toContain('[deleted]');
  expect(main).not.toContain('A comment from the one who leaves');
  expect(main).not.toContain('e2e-leaver');

  // The password no longer signs anyone in.
  const login = await context.request.post(`${BASE_URL}/api/auth/login`, { data: { username: 'e2e-leaver', password: 'lantern in the rain' }, headers: { origin: BASE_URL } });
  expect(login.status()).toBe(401);
  expect(errors).toEqual([]);
  await context.close();
});

test('the photo control: drop an image, see it before it is sent, save it, remove it', async () => {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await signIn(context, 'e2e-photographer');
  await page.goto('/account');
  await page.locator('.avatar-editor.is-enhanced').waitFor();
  // Nothing to save until a photo is chosen.
  expect(await page.locator('[data-avatar-save]').isVisible()).toBe(false);

  // A dropped text file is refused at once, with the reason.
  const drop = async (name: string, type: string, base64: string) => {
    const transfer = await page.evaluateHandle(({ name, type, base64 }) => {
      const data = new DataTransfer();
      data.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type }));
      return data;
    }, { name, type, base64 });
    await page.dispatchEvent('[data-avatar-drop]', 'dragenter', { dataTransfer: transfer });
    expect(await page.locator('.avatar-editor').getAttribute('class')).toContain('is-dragging');
    await page.dispatchEvent('[data-avatar-drop]', 'drop', { dataTransfer: transfer });
  };
  await drop('notes.txt', 'text/plain', btoa('hello'));
  expect(await page.locator('[data-avatar-status]').innerText()).toBe('Use a PNG, JPEG or WebP image.');
  expect(await page.locator('[data-avatar-preview]').isVisible()).toBe(false);

  // A PNG: previewed in place, nothing sent yet; Cancel puts the old picture back.
  const uploads: string[] = [];
  page.on('request', (request) => request.method() !== 'GET' && uploads.push(`${request.method()} ${new URL(request.url()).pathname}`));
  await drop('me.png', 'image/png', PNG_BASE64);
  await page.locator('[data-avatar-preview]').waitFor({ state: 'visible' });
  expect(await page.locator('[data-avatar-preview]').getAttribute('src')).toStartWith('blob:');
  expect(await page.locator('[data-avatar-file]').innerText()).toMatch(/^me\.png \(0[.,]1 KB\)$/);
  expect(await page.locator('.avatar-drop__picture [data-viewer-avatar]').isVisible()).toBe(false);
  expect(uploads).toEqual([]);
  await page.locator('[data-avatar-cancel]').click();
  expect(await page.locator('[data-avatar-preview]').isVisible()).toBe(false);
  expect(await page.locator('.avatar-drop__picture [data-viewer-avatar]').isVisible()).toBe(true);

  // Drop it again and save: the header and the page show the new picture, and it can be removed.
  await drop('me.png', 'image/png', PNG_BASE64);
  await page.locator('[data-avatar-save]').click();
  await page.waitForFunction(() => document.querySelector('[data-avatar-status]')?.textContent === 'Your new photo is saved.');
  expect(uploads).toContain('POST /account/avatar');
  expect(uploads).toContain('PATCH /account/avatar');
  expect(await page.locator('img[data-viewer-avatar]').count()).toBeGreaterThanOrEqual(2);
  expect(await page.locator('[data-avatar-remove]').isVisible()).toBe(true);

  page.once('dialog', (dialog) => dialog.accept());
  await Promise.all([page.waitForEvent('load'), page.locator('[data-avatar-remove]').click()]);
  expect(await page.locator('.avatar-drop__picture .avatar--initials').count()).toBe(1);
  await noSidewaysScroll(page);
  expect(errors).toEqual([]);
  await context.close();
});

test('the photo control without JavaScript: a plain form that uploads and says so', async () => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: BASE_URL, javaScriptEnabled: false });
  await signIn(context, 'e2e-no-script-photo');
  const page = await context.newPage();
  await page.goto('/account');
  await page.locator('#avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(PNG_BASE64, 'base64') });
  expect(await page.locator('.avatar-drop__chosen').isVisible()).toBe(true);
  await Promise.all([page.waitForURL('**/account?saved=avatar#profile'), page.locator('[data-avatar-save]').click()]);
  expect(await page.locator('#account-notice').innerText()).toBe('Your new photo is saved.');
  expect(await page.locator('.avatar-drop__picture img[data-viewer-avatar]').count()).toBe(1);
  await context.close();
});

test('an app password for an e-reader: create it on the account page, copy it once, revoke it', async () => {
  const context = await desktopContext(browser);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await signIn(context, 'e2e-kobo-reader');
  await page.goto('/account');
  const section = page.locator('#app-passwords');
  await section.getByText('No app passwords yet.').waitFor();
  expect(await section.locator('#app-passwords-opds').innerText()).toBe(`${BASE_URL}/opds`);
  expect(await section.locator('#app-passwords-kosync').innerText()).toBe(`${BASE_URL}/kosync`);

  // Created with htmx: the section is replaced in place, the page does not navigate.
  await section.getByLabel('App or device name').fill('Kobo Libra');
  await section.getByRole('button', { name: 'Create' }).click();
  const secret = page.locator('#app-password-value');
  await secret.waitFor();
  const password = await secret.innerText();
  expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
  expect(new URL(page.url()).pathname).toBe('/account');
  expect(await page.locator('#app-passwords .session__device').allInnerTexts()).toEqual(['Kobo Libra']);

  // Shown once: the page again lists it without the password.
  await page.reload();
  await page.locator('#app-passwords .session__device', { hasText: 'Kobo Libra' }).waitFor();
  expect(await page.content()).not.toContain(password);

  // Revoked with htmx after the confirmation, one after the other: each row goes at once, and with
  // the last the empty state is back, without a reload (the page's own state survives).
  await section.getByLabel('App or device name').fill('Pocketbook');
  await section.getByRole('button', { name: 'Create' }).click();
  await page.locator('#app-passwords .session__device', { hasText: 'Pocketbook' }).waitFor();
  await page.evaluate(() => document.body.setAttribute('data-journey', 'same page'));
  for (const name of ['Kobo Libra', 'Pocketbook']) {
    page.once('dialog', (dialog) => dialog.accept());
    await page.getByRole('button', { name: `Revoke the app password “${name}”` }).click();
    await page.locator('#app-passwords .session__device', { hasText: name }).waitFor({ state: 'detached' });
  }
  await section.getByText('No app passwords yet.').waitFor();
  expect(await page.locator('#app-passwords-status').innerText()).toBe('The app password is revoked.');
  expect(await page.evaluate(() => document.body.getAttribute('data-journey'))).toBe('same page');
  const listed = await context.request.get(`${BASE_URL}/api/app-passwords`);
  expect(await listed.json()).toEqual({ app_passwords: [] });
  expect(errors).toEqual([]);
  await context.close();
});

test('an app password without JavaScript: shown once after the form, and reloading that page creates no other', async () => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: BASE_URL, javaScriptEnabled: false });
  await signIn(context, 'e2e-no-script-kindle');
  const page = await context.newPage();
  await page.goto('/account');
  const section = page.locator('#app-passwords');
  await section.getByLabel('App or device name').fill('Kindle Scribe');
  await Promise.all([page.waitForURL('**/account#app-passwords'), section.getByRole('button', { name: 'Create' }).click()]);
  const password = await page.locator('#app-password-value').innerText();
  expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
  expect(page.url()).not.toContain(password);
  expect((await context.cookies()).some((c) => c.name === 'app_password_shown')).toBe(false);

  await page.reload();
  await page.locator('#app-passwords .session__device', { hasText: 'Kindle Scribe' }).waitFor();
  expect(await page.locator('#app-password-created').count()).toBe(0);
  expect(await page.content()).not.toContain(password);
  expect(await page.locator('#app-passwords .session__device').allInnerTexts()).toEqual(['Kindle Scribe']);

  // Revoking without JavaScript: the plain form, back to the page with a notice and the empty state.
  await Promise.all([page.waitForURL('**/account?saved=app-password-revoked#app-passwords'), page.getByRole('button', { name: 'Revoke the app password “Kindle Scribe”' }).click()]);
  expect(await page.locator('#account-notice').innerText()).toBe('The app password is revoked.');
  await section.getByText('No app passwords yet.').waitFor();
  await context.close();
});

test('the account pages fit every width, text at 150 % and every theme', async () => {
  for (const width of [360, 768, 1024, 1440]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: BASE_URL });
    await signIn(context, 'e2e-layout-reader-long-name-x');
    const page = await context.newPage();
    for (const path of ['/account', '/account/delete', '/settings']) {
      await page.goto(path);
      await noSidewaysScroll(page);
    }
    await context.close();
  }
  const phone = await phoneContext(browser);
  await signIn(phone, 'e2e-layout-reader-long-name-x');
  const page = await phone.newPage();
  for (const theme of ['amber', 'slate', 'rose', 'light', 'light-slate', 'light-rose']) {
    await phone.addCookies([{ name: 'theme', value: theme, url: BASE_URL }, { name: 'font_size', value: '1.5', url: BASE_URL }]);
    for (const path of ['/account', '/account/delete', '/settings']) {
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(theme);
      await noSidewaysScroll(page);
    }
  }
  await phone.close();
});
