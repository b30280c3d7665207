import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, TEST_ORIGIN, cookieHeader, loginAs } from '../support/auth.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ seed: false, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

const page = async (path: string, cookie = '') => {
  const res = await app.fetch(path, { headers: { accept: 'text/html', cookie } });
  return { res, html: await res.text() };
};

describe('sign-in page', () => {
  test('without configured providers or passwords (the owner exists) it says so and names the settings', async () => {
    await loginAs(app, 'existing-owner', { role: 'admin' });
    const { res, html } = await page('/login?return_to=%2Flibrary');
    expect(res.status).toBe(200);
    expect(html).toContain('Sign-in is not configured on this server yet');
    expect(html).toContain('OIDC_ISSUER');
  });

  test('a signed-in visitor is sent on to where they were going', async () => {
    const session = await loginAs(app, 'already-in');
    const { res } = await page('/login?return_to=%2Flibrary', session.cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/library');
  });
});

describe('account page', () => {
  test('anonymous visitors are sent to sign in first', async () => {
    const { res } = await page('/account');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login?return_to=%2Faccount');
  });

  test('shows the role, the Pro state read fresh, and every device with this one marked', async () => {
    await loginAs(app, 'devices-owner', { userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' });
    const phone = await loginAs(app, 'devices-owner', { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1' });
    let { html } = await page('/account', phone.cookie);
    expect(html).toContain('devices-owner');
    expect(html).toContain('Firefox 128 on Linux');
    expect(html).toContain('Safari on iOS 17');
    expect(html).toContain('This device');
    expect(html).toContain('Free');
    expect(html).toContain('<a href="/users/devices-owner">See your public profile</a>');
    await app.platform.db.updateTable('app_users').set({ role: 'pro' }).where('id', '=', phone.user.id).execute();
    ({ html } = await page('/account', phone.cookie));
    expect(html).toContain('Pro reader');
  });

  test('the header shows the reader and a sign-out form; signing out ends the session', async () => {
    const session = await loginAs(app, 'header-reader');
    const { html } = await page('/', session.cookie);
    expect(html).toContain('href="/account"');
    expect(html).toContain('action="/logout"');
    expect(html).toContain('avatar--initials');
    const out = await app.fetch('/logout', { method: 'POST', headers: { cookie: session.cookie, origin: TEST_ORIGIN } });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/');
    const after = cookieHeader(out, session.cookie);
    expect(after).not.toContain('auth_token');
    expect((await app.fetch('/api/auth/me', { headers: { cookie: session.cookie } })).status).toBe(401);
    const anonymous = await page('/', after);
    expect(anonymous.html).toContain('href="/login?return_to=%2F"');
  });
});

test('behind https every cookie is Secure', async () => {
  const secure = await startTestApp({ seed: false, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, BASE_URL: 'https://read.example' } });
  try {
    const res = await secure.fetch('/api/auth/debug-login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: DEBUG_TOKEN, username: 'secure-reader' }) });
    const cookies = res.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThanOrEqual(2);
    for (const cookie of cookies) expect(cookie).toContain('; Secure');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
  } finally {
    await secure.close();
  }
});
