import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, TEST_ORIGIN, cookieHeader, loginAs, type Session } from '../support/auth.ts';
import { testClock } from '../support/clock.ts';
import { createLogger } from '../../src/platform/log.ts';
import { createAppPassword, listAppPasswords, userByAppPassword } from '../../src/features/accounts/app-passwords/service.ts';

/**
 * The account page's e-reader apps forms as a browser meets them: without JavaScript, creating a
 * password is Post/Redirect/Get (the page after the redirect shows it once; reloading it creates
 * nothing); with htmx, revoking answers the list as it now is, the empty state included.
 */
const clock = testClock();
const lines: string[] = [];
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ seed: false, clock: clock.now, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN }, log: createLogger('debug', {}, (line) => lines.push(line)) });
});
afterAll(() => app.close());

const post = (session: Session | null, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  app.fetch(path, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded', ...(session ? { cookie: session.cookie } : {}), ...headers },
    body: new URLSearchParams(fields).toString(),
  });
const page = (cookie: string) => app.fetch('/account', { headers: { cookie } });
const SHOWN = /<code id="app-password-value">([a-z2-9-]+)<\/code>/;
const mine = (session: Session) => listAppPasswords(app.platform.db, session.user.id);

describe('creating without JavaScript: Post/Redirect/Get', () => {
  test('303 to the account page, which shows the password once; reloading it shows nothing and creates nothing', async () => {
    const reader = await loginAs(app, 'prg-reader');
    const res = await post(reader, '/account/app-passwords', { name: 'Kobo Clara' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/account#app-passwords');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const [set] = res.headers.getSetCookie();
    expect(set).toMatch(/^app_password_shown=[A-Za-z0-9_-]{43}; Path=\/account; Max-Age=300; SameSite=Strict; HttpOnly$/);
    expect(await mine(reader)).toHaveLength(1);

    // The browser follows the redirect with the cookie: the password, once, with the username.
    const browser = cookieHeader(res, reader.cookie);
    const shown = await page(browser);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('no-store');
    const html = await shown.text();
    const password = SHOWN.exec(html)?.[1];
    expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect(html).toContain('Copy this password now for “Kobo Clara”:');
    expect(html).toContain('<code>prg-reader</code>');
    expect(await userByAppPassword(app.platform.db, 'prg-reader', password!, clock.now())).toMatchObject({ id: reader.user.id });
    expect(set).not.toContain(password!);
    expect(shown.headers.getSetCookie()).toEqual(['app_password_shown=; Path=/account; Max-Age=0; SameSite=Strict; HttpOnly']);

    // A reload, even by a browser that kept the cookie: no password, and still one app password.
    for (const cookie of [cookieHeader(shown, browser), browser]) {
      const again = await (await page(cookie)).text();
      expect(again).not.toContain(password!);
      expect(again).not.toContain('id="app-password-created"');
      expect(again).toContain('Kobo Clara');
    }
    expect(await mine(reader)).toHaveLength(1);
    // Neither an address nor a log line ever carried it.
    expect(lines.some((line) => line.includes(password!))).toBe(false);
    expect(lines.some((line) => line.includes('"path":"/account"'))).toBe(true);
  });

  test('shown only to the account that made it, and only for five minutes', async () => {
    const maker = await loginAs(app, 'prg-maker');
    const other = await loginAs(app, 'prg-other');
    const first = await post(maker, '/account/app-passwords', { name: 'Phone' });
    // The same browser, signed in as someone else before following the redirect.
    const swapped = await (await page(cookieHeader(first, other.cookie))).text();
    expect(swapped).not.toContain('id="app-password-created"');
    expect(await (await page(cookieHeader(first, maker.cookie))).text()).not.toContain('id="app-password-created"');

    const late = await post(maker, '/account/app-passwords', { name: 'Tablet' });
    clock.advance(301_000);
    const expired = await page(cookieHeader(late, maker.cookie));
    expect(await expired.text()).not.toContain('id="app-password-created"');
    expect(expired.headers.getSetCookie()[0]).toContain('Max-Age=0');

    const inTime = await post(maker, '/account/app-passwords', { name: 'Laptop' });
    clock.advance(299_000);
    expect(SHOWN.test(await (await page(cookieHeader(inTime, maker.cookie))).text())).toBe(true);
    expect((await mine(maker)).map((p) => p.name).sort()).toEqual(['Laptop', 'Phone', 'Tablet']);
  });

  test('a refused form still comes back in place, and a cookie that is not a key shows nothing', async () => {
    const reader = await loginAs(app, 'prg-refused');
    const refused = await post(reader, '/account/app-passwords', { name: ' ' });
    expect(refused.status).toBe(400);
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect(await refused.text()).toContain('Give the app password a name.');
    const forged = await page(`${reader.cookie}; app_password_shown=not-a-key`);
    expect(forged.status).toBe(200);
    expect(await forged.text()).not.toContain('id="app-password-created"');
  });
});

describe('revoking with htmx', () => {
  const revoke = (session: Session, id: string) => post(session, `/account/app-passwords/${id}/revoke`, {}, { 'hx-request': 'true' });

  test('each revoke answers the list as it now is: the empty state as soon as the last one goes', async () => {
    const reader = await loginAs(app, 'hx-revoker');
    const kobo = await createAppPassword(app.platform.db, reader.user.id, 'Kobo');
    const kindle = await createAppPassword(app.platform.db, reader.user.id, 'Kindle');
    const html = await (await page(reader.cookie)).text();
    expect(html).toContain(`hx-post="/account/app-passwords/${kobo.id}/revoke"`);
    expect(html).toContain('hx-target="#app-passwords-list"');
    expect(html).toContain('<p class="visually-hidden" id="app-passwords-status" role="status"></p>');

    const first = await revoke(reader, kobo.id);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const one = await first.text();
    expect(one.startsWith('<div id="app-passwords-list">')).toBe(true);
    expect(one).not.toContain('<html');
    expect(one).toContain('Kindle');
    expect(one).not.toContain('>Kobo<');
    expect(one).not.toContain('id="app-passwords-empty"');
    expect(one).toContain('<p class="visually-hidden" id="app-passwords-status" role="status" hx-swap-oob="innerHTML">The app password is revoked.</p>');

    const last = await (await revoke(reader, kindle.id)).text();
    expect(last).toContain('<p class="app-passwords__empty" id="app-passwords-empty">No app passwords yet. Create one for each app or device.</p>');
    expect(last).not.toContain('<ul');
    expect(await mine(reader)).toEqual([]);
    expect(await userByAppPassword(app.platform.db, 'hx-revoker', kindle.password, clock.now())).toBeNull();

    // Revoked meanwhile elsewhere: the same list, not an error.
    const again = await revoke(reader, kindle.id);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('id="app-passwords-empty"');
  });

  test("another reader's password is left alone", async () => {
    const owner = await loginAs(app, 'hx-owner');
    const meddler = await loginAs(app, 'hx-meddler');
    const owned = await createAppPassword(app.platform.db, owner.user.id, 'Boox');
    const res = await revoke(meddler, owned.id);
    expect(await res.text()).toContain('id="app-passwords-empty"');
    expect((await mine(owner)).map((p) => p.id)).toEqual([owned.id]);
    expect(await userByAppPassword(app.platform.db, 'hx-owner', owned.password, clock.now())).toMatchObject({ id: owner.user.id });
  });
});
