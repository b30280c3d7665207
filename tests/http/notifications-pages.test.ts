import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';
import { createNotification, notify } from '../../src/features/notifications/service.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

const html = { accept: 'text/html' };
const get = (path: string, session?: Session | null, extra: Record<string, string> = {}) =>
  app.fetch(path, { headers: { ...html, ...(session ? { cookie: session.cookie } : {}), ...extra }, redirect: 'manual' });
async function page(path: string, session?: Session): Promise<string> {
  const res = await get(path, session);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/html');
  return res.text();
}
/** A form post as a browser sends it; `htmx` adds the header htmx sends. */
function form(path: string, session: Session | null, fields: Array<[string, string]> = [], htmx = false) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, ...html };
  if (session) headers.cookie = session.cookie;
  if (htmx) headers['hx-request'] = 'true';
  return app.fetch(path, { method: 'POST', headers, body: new URLSearchParams(fields).toString(), redirect: 'manual' });
}
async function stored(session: Session) {
  const res = await app.fetch(`/api/notifications?user_id=${session.user.id}&limit=100`, { headers: { accept: 'application/json', cookie: session.cookie } });
  return ((await res.json()) as { notifications: Array<{ id: number; title: string; read: boolean }>; unread: number });
}
const db = () => app.platform.db;
const itemCount = (body: string) => (body.match(/<li class="notification[ "]/g) ?? []).length;

describe('the bell', () => {
  test('signed-in pages carry the bell and a slot that fetches the count; never the count itself', async () => {
    const ann = await loginAs(app, 'ntp-bell');
    for (let i = 0; i < 3; i++) await notify(db(), { userId: ann.user.id, title: `n${i}` });
    for (const path of ['/', '/book/morning-bread', '/book/morning-bread/1']) {
      const body = await page(path, ann);
      expect(body).toContain('<a class="bell" id="notification-bell" href="/notifications">');
      expect(body).toContain('<span class="bell__count" id="notification-count" hx-get="/notifications/badge" hx-trigger="load, notifications:refresh from:body" hx-swap="innerHTML"></span>');
      expect(body).toMatch(/<script src="\/assets\/js\/notifications\.[0-9a-f]+\.js" defer><\/script>/);
      expect(body).not.toContain('unread notification');
    }
    const anonymous = await page('/');
    expect(anonymous).not.toContain('notification-bell');
    expect(anonymous).not.toContain('js/notifications.');
  });

  test('the badge fragment: the figure with its spoken form, nothing at 0 or for visitors, never cached', async () => {
    const ann = await loginAs(app, 'ntp-badge');
    const empty = await get('/notifications/badge', ann);
    expect(empty.status).toBe(200);
    expect(empty.headers.get('cache-control')).toBe('private, no-store');
    expect(await empty.text()).toBe('');
    expect(await (await get('/notifications/badge', null)).text()).toBe('');
    for (let i = 0; i < 3; i++) await notify(db(), { userId: ann.user.id, title: `n${i}` });
    expect(await (await get('/notifications/badge', ann)).text()).toBe(
      '<span class="bell__badge"><span aria-hidden="true">3</span><span class="visually-hidden">3 unread notifications</span></span>',
    );
    await form('/notifications/read-all', ann);
    expect(await (await get('/notifications/badge', ann)).text()).toBe('');
  });

  test('one reads "1 unread notification"; past 99 the figure reads 99+; other locales translate', async () => {
    const ann = await loginAs(app, 'ntp-badge-many');
    await notify(db(), { userId: ann.user.id, title: 'one' });
    expect(await (await get('/notifications/badge', ann)).text()).toContain('>1 unread notification<');
    for (let i = 0; i < 120; i++) await notify(db(), { userId: ann.user.id, title: `n${i}` });
    const many = await (await get('/notifications/badge', ann)).text();
    expect(many).toContain('<span aria-hidden="true">99+</span>');
    expect(many).toContain('121 unread notifications');
    const pt = await (await get('/notifications/badge', ann, { cookie: `${ann.cookie}; locale=pt` })).text();
    expect(pt).toContain('121 notificações não lidas');
  });
});

describe('/notifications', () => {
  test('anonymous visitors go to sign-in and come back', async () => {
    const res = await get('/notifications');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login?return_to=%2Fnotifications');
    const paged = await get('/notifications?before=12');
    expect(paged.headers.get('location')).toBe('/login?return_to=%2Fnotifications%3Fbefore%3D12');
  });

  test('an empty list says so and offers no actions', async () => {
    const ann = await loginAs(app, 'ntp-empty');
    const body = await page('/notifications', ann);
    expect(body).toContain('<h1 id="notifications-heading" tabindex="-1">Notifications</h1>');
    expect(body).toContain('No notifications');
    expect(body).toContain('<ul id="notification-list" class="notification-list" role="list"></ul>');
    expect(body).not.toContain('id="notifications-read-all"');
    expect(body).not.toContain('id="notifications-clear"');
    expect(body).toContain('<meta name="robots" content="noindex"');
    expect(body).toContain('aria-current="page"'); // the bell marks the current page
  });

  test('lists newest first: escaped title and body, time, unread styling, open and dismiss forms', async () => {
    const ann = await loginAs(app, 'ntp-list');
    const linked = await createNotification(db(), { userId: ann.user.id, title: 'Reply to <b>you</b>', body: 'Nice & "quoted"', link: '/book/morning-bread/2' });
    const plain = await createNotification(db(), { userId: ann.user.id, title: 'Import finished' });
    await app.fetch(`/api/notifications/${plain.id}?user_id=${ann.user.id}`, { method: 'PATCH', headers: { 'content-type': 'application/json', cookie: ann.cookie, origin: TEST_ORIGIN }, body: JSON.stringify({ read: true }) });
    const body = await page('/notifications', ann);
    expect(body.indexOf('Import finished')).toBeLessThan(body.indexOf('Reply to'));
    expect(body).toContain('Reply to &lt;b&gt;you&lt;/b&gt;');
    expect(body.split('<b>you</b>')).toHaveLength(2); // once only, in the attribute below
    expect(body).toContain('aria-label="Dismiss “Reply to <b>you</b>”"'); // inside a quoted attribute: text
    expect(body).toContain('Nice &amp; &quot;quoted&quot;');
    expect(body).toContain(`<li class="notification notification--unread" id="notification-${linked.id}">`);
    expect(body).toContain(`<li class="notification" id="notification-${plain.id}">`);
    expect(body).toContain(`<form class="notification__open-form" method="post" action="/notifications/${linked.id}/open">`);
    expect(body).toContain('<span class="visually-hidden">Unread: </span>');
    expect(body).toMatch(new RegExp(`<time datetime="${linked.created.replace(/\./g, '\\.')}" title="[^"]+">now</time>`));
    expect(body).toContain(`action="/notifications/${plain.id}/dismiss" hx-post="/notifications/${plain.id}/dismiss" hx-target="closest li" hx-swap="outerHTML"`);
    expect(body).toContain('aria-label="Dismiss “Import finished”"');
    expect(body).toContain('1 unread notification');
    expect(body).toContain('id="notifications-read-all"');
    expect(body).toContain('hx-confirm="Clear all your notifications? This cannot be undone."');
  });

  test('30 a page; "load more" continues below the last one, for htmx too', async () => {
    const ann = await loginAs(app, 'ntp-paging');
    for (let i = 1; i <= 35; i++) await notify(db(), { userId: ann.user.id, title: `Item ${i}` });
    const first = await page('/notifications', ann);
    expect(itemCount(first)).toBe(30);
    expect(first).toContain('>Item 35<');
    expect(first).not.toContain('>Item 5<');
    const cursor = /id="notifications-load-more" href="\/notifications\?before=(\d+)"/.exec(first)?.[1];
    expect(cursor).toBeDefined();
    expect(first).toContain('hx-select="#notification-list > li" hx-select-oob="#notifications-more"');
    const rest = await page(`/notifications?before=${cursor}`, ann);
    expect(itemCount(rest)).toBe(5);
    expect(rest).toContain('>Item 5<');
    expect(rest).not.toContain('id="notifications-load-more"');
    expect(rest).toContain('<div id="notifications-more" class="notifications__more"></div>');
    expect(itemCount(await page('/notifications?before=nonsense', ann))).toBe(30);
  });

  test('"Mark all read": 303 back with a notice; with htmx the page comes back and the bell is told', async () => {
    const ann = await loginAs(app, 'ntp-readall');
    for (let i = 0; i < 2; i++) await notify(db(), { userId: ann.user.id, title: `n${i}` });
    const res = await form('/notifications/read-all', ann);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/notifications?done=read-all');
    expect((await stored(ann)).unread).toBe(0);
    const after = await page('/notifications?done=read-all', ann);
    expect(after).toContain('All notifications marked as read.');
    expect(after).toContain('All caught up: nothing unread.');
    expect(after).not.toContain('id="notifications-read-all"');
    await notify(db(), { userId: ann.user.id, title: 'again' });
    const htmx = await form('/notifications/read-all', ann, [], true);
    expect(htmx.status).toBe(200);
    expect(JSON.parse(htmx.headers.get('hx-trigger')!)).toEqual({ 'notifications:refresh': true });
    expect(await htmx.text()).toContain('All notifications marked as read.');
  });

  test('"Clear all" asks first without JavaScript, then clears; htmx sends confirmed=1', async () => {
    const ann = await loginAs(app, 'ntp-clear');
    for (let i = 0; i < 2; i++) await notify(db(), { userId: ann.user.id, title: `n${i}` });
    const ask = await form('/notifications/clear', ann);
    expect(ask.status).toBe(200);
    const askBody = await ask.text();
    expect(askBody).toContain('Clear all notifications?');
    expect(askBody).toContain('<input type="hidden" name="confirmed" value="1"/>');
    expect((await stored(ann)).notifications).toHaveLength(2);
    const res = await form('/notifications/clear', ann, [['confirmed', '1']]);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/notifications?done=cleared');
    expect((await stored(ann)).notifications).toEqual([]);
    await notify(db(), { userId: ann.user.id, title: 'again' });
    const htmx = await form('/notifications/clear', ann, [['confirmed', '1']], true);
    expect(htmx.status).toBe(200);
    const body = await htmx.text();
    expect(body).toContain('All notifications cleared.');
    expect(body).toContain('No notifications');
    expect((await stored(ann)).notifications).toEqual([]);
  });

  test('opening marks read and goes to the link; without a link back to the page; another\'s is 404', async () => {
    const ann = await loginAs(app, 'ntp-open');
    const bob = await loginAs(app, 'ntp-open-bob');
    const linked = await createNotification(db(), { userId: ann.user.id, title: 'Linked', link: '/book/morning-bread/2#comments' });
    const plain = await createNotification(db(), { userId: ann.user.id, title: 'Plain' });
    const res = await form(`/notifications/${linked.id}/open`, ann);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/book/morning-bread/2#comments');
    const noLink = await form(`/notifications/${plain.id}/open`, ann);
    expect(noLink.headers.get('location')).toBe('/notifications?done=read');
    expect((await stored(ann)).unread).toBe(0);
    expect((await form(`/notifications/${linked.id}/open`, bob)).status).toBe(404);
    expect((await form('/notifications/nope/open', ann)).status).toBe(400);
  });

  test('opening with htmx: navigate by HX-Redirect, or the item comes back read with the status out of band', async () => {
    const ann = await loginAs(app, 'ntp-open-htmx');
    const linked = await createNotification(db(), { userId: ann.user.id, title: 'Linked', link: '/library' });
    const plain = await createNotification(db(), { userId: ann.user.id, title: 'Plain' });
    const go = await form(`/notifications/${linked.id}/open`, ann, [], true);
    expect(go.status).toBe(200);
    expect(go.headers.get('hx-redirect')).toBe('/library');
    const res = await form(`/notifications/${plain.id}/open`, ann, [], true);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.headers.get('hx-trigger')!)).toEqual({ 'notifications:refresh': true });
    const body = await res.text();
    expect(body).toStartWith(`<li class="notification" id="notification-${plain.id}">`);
    expect(body).not.toContain('Mark as read');
    expect(body).toContain('<div id="notifications-status" class="notifications__status" hx-swap-oob="true">');
    expect(body).toContain('All caught up: nothing unread.');
  });

  test('dismissing one: 303 back; with htmx an empty item, the status out of band and a toast', async () => {
    const ann = await loginAs(app, 'ntp-dismiss');
    const bob = await loginAs(app, 'ntp-dismiss-bob');
    const a = await createNotification(db(), { userId: ann.user.id, title: 'A' });
    const b = await createNotification(db(), { userId: ann.user.id, title: 'B' });
    expect((await form(`/notifications/${a.id}/dismiss`, bob)).status).toBe(404);
    const res = await form(`/notifications/${a.id}/dismiss`, ann);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/notifications?done=dismissed');
    expect((await page('/notifications?done=dismissed', ann))).toContain('Notification dismissed.');
    const htmx = await form(`/notifications/${b.id}/dismiss`, ann, [], true);
    expect(htmx.status).toBe(200);
    expect(JSON.parse(htmx.headers.get('hx-trigger')!)).toEqual({ 'notifications:refresh': true, 'app:toast': { level: 'info', message: 'Notification dismissed.' } });
    const body = await htmx.text();
    expect(body).toStartWith('<div id="notifications-status" class="notifications__status" hx-swap-oob="true">');
    expect(body).not.toContain('notifications-clear'); // nothing left to clear
    expect((await stored(ann)).notifications).toEqual([]);
  });

  test('anonymous form posts go to sign-in (htmx is told to navigate); cross-site posts are refused', async () => {
    const ann = await loginAs(app, 'ntp-anon-forms');
    const n = await createNotification(db(), { userId: ann.user.id, title: 'Mine' });
    for (const path of ['/notifications/read-all', '/notifications/clear', `/notifications/${n.id}/open`, `/notifications/${n.id}/dismiss`]) {
      const res = await form(path, null, [['confirmed', '1']]);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/login?return_to=%2Fnotifications');
      const htmx = await form(path, null, [['confirmed', '1']], true);
      expect(htmx.headers.get('hx-redirect')).toBe('/login?return_to=%2Fnotifications');
    }
    const forged = await app.fetch('/notifications/clear', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', cookie: ann.cookie, ...html },
      body: 'confirmed=1',
      redirect: 'manual',
    });
    expect(forged.status).toBe(403);
    expect((await stored(ann)).notifications).toHaveLength(1);
  });
});
