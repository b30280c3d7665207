import { afterAll, beforeAll, expect, test } from 'bun:test';
import { audioCall, startAudioApp, type AudioTestApp } from '../support/audio-app.ts';
import { loginAs, TEST_ORIGIN } from '../support/auth.ts';
import { PAYMENTS_CONFIGURED_ENV } from '../support/payments.ts';

/** The exports' pages without JavaScript: the form, its POST, the export's page until done, the list. */
let app: AudioTestApp;
beforeAll(async () => {
  app = await startAudioApp({ env: PAYMENTS_CONFIGURED_ENV, exports: true });
}, 30_000);
afterAll(() => app.close(), 30_000);

const page = (cookie: string, path: string, headers: Record<string, string> = {}) => app.fetch(path, { headers: { cookie, accept: 'text/html', ...headers }, redirect: 'manual' });

test('a Pro reader fills the form, is sent to the export\'s page, and finds the download there and in the list', async () => {
  const { cookie } = await loginAs(app, 'exp-pages', { role: 'pro' });
  const form = await page(cookie, '/exports/new?slug=morning-bread&from=2&to=3');
  expect(form.status).toBe(200);
  const html = await form.text();
  expect(html).toContain('name="format" value="epub-narrated" checked');
  expect(html).toMatch(/id="new-export-from"[^>]*value="2"/);
  expect(html).toContain('<option value="espeak-en-us" selected');

  const posted = await app.fetch('/exports', {
    method: 'POST', redirect: 'manual',
    headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: new URLSearchParams({ slug: 'morning-bread', from: '2', to: '3', format: 'audiobook', voice: 'espeak-en-us' }).toString(),
  });
  expect(posted.status).toBe(303);
  const location = posted.headers.get('location')!;
  expect(location).toMatch(/^\/exports\/[0-9a-f-]{36}$/);
  const id = location.split('/').pop()!;

  // While it is made the box polls itself; the fragment alone goes to htmx.
  let fragment = '';
  for (const end = Date.now() + 60_000; Date.now() < end; await Bun.sleep(100)) {
    fragment = await (await page(cookie, location, { 'hx-request': 'true' })).text();
    expect(fragment).not.toContain('<html');
    if (fragment.includes('export-status--done')) break;
    expect(fragment).toContain('hx-trigger="every 2s"');
  }
  expect(fragment).toContain(`href="/api/exports/${id}/file"`);
  expect(fragment).not.toContain('hx-trigger');
  const whole = await (await page(cookie, location)).text();
  expect(whole).toContain('Audiobook (MP3 with chapters)');
  expect(whole).toContain('Chapters 2–3');
  const list = await (await page(cookie, '/exports')).text();
  expect(list).toContain(`href="/api/exports/${id}/file"`);
  expect(list).toContain('Morning Bread');
}, 90_000);

test('the list\'s empty state, the book page\'s link, and the refusals in words', async () => {
  const pro = await loginAs(app, 'exp-empty', { role: 'pro' });
  expect(await (await page(pro.cookie, '/exports')).text()).toContain('No exports yet.');
  expect(await (await page(pro.cookie, '/book/morning-bread')).text()).toContain('href="/exports/new?slug=morning-bread"');
  const free = await loginAs(app, 'exp-free');
  const refused = await page(free.cookie, '/exports/new?slug=morning-bread');
  expect(refused.status).toBe(403);
  expect(await (await page(free.cookie, '/book/morning-bread')).text()).not.toContain('/exports/new');
  expect((await page(pro.cookie, '/exports/new?slug=no-such-book')).status).toBe(404);
  // Another reader's export is not found.
  const other = await loginAs(app, 'exp-other', { role: 'pro' });
  const [mine] = await app.platform.db.selectFrom('export_requests').select('id').limit(1).execute();
  expect((await page(other.cookie, `/exports/${mine!.id}`)).status).toBe(404);
  expect((await audioCall(app, 'GET', '/exports', { sessionId: 'exp-anon-0123456789abcdef' })).status).toBe(303);
});
