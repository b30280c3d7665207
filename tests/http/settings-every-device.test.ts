import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN } from '../support/auth.ts';

/** A signed-in reader's language and look come from the account on every device; cookies serve the rest. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

const page = async (cookie: string) => {
  const html = await (await app.fetch('/', { headers: { accept: 'text/html', cookie } })).text();
  return { lang: /<html[^>]* lang="([^"]+)"/.exec(html)?.[1], theme: /<html[^>]* data-theme="([^"]+)"/.exec(html)?.[1] };
};

describe('the look of a signed-in reader', () => {
  test('a language chosen on one device shows on another signed in before the change, whatever its cookie says', async () => {
    const phone = await loginAs(app, 'two-devices');
    const laptop = await loginAs(app, 'two-devices', { cookie: 'locale=en; theme=amber' });
    expect((await page(`${laptop.cookie}`)).lang).toBe('en');
    const saved = await app.fetch('/api/settings', { method: 'PUT', headers: { authorization: `Bearer ${phone.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ locale: 'fr', theme: 'slate' }) });
    expect(saved.status).toBe(200);
    expect(await page(laptop.cookie)).toEqual({ lang: 'fr', theme: 'slate' });
  });

  test('the appearance menu of one device changes the account, so the others follow', async () => {
    const a = await loginAs(app, 'menu-devices', { cookie: 'locale=en' });
    const b = await loginAs(app, 'menu-devices', { cookie: 'locale=en' });
    const res = await app.fetch('/prefs', { method: 'POST', headers: { cookie: a.cookie, origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded', 'hx-request': 'true' }, body: 'locale=pt' });
    expect(res.status).toBe(204);
    expect((await page(b.cookie)).lang).toBe('pt');
  });

  test('what the account leaves unset, the browser’s cookie decides; an anonymous visitor has only the cookie', async () => {
    const reader = await loginAs(app, 'cookie-only', { cookie: 'locale=es' });
    expect((await page(reader.cookie)).lang).toBe('es');
    expect((await page('locale=id')).lang).toBe('id');
  });
});
