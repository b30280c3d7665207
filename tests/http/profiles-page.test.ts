import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

function json(method: string, path: string, session: Session, body?: unknown) {
  return app.fetch(path, { method, headers: { accept: 'application/json', 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: session.cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
}
async function page(path: string, session: Session | null = null, extra: Record<string, string> = {}) {
  const res = await app.fetch(path, { headers: { accept: 'text/html', ...(session ? { cookie: session.cookie } : {}), ...extra } });
  return { status: res.status, res, html: await res.text() };
}
function form(path: string, session: Session | null, fields: Record<string, string>, htmx = false) {
  return app.fetch(path, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, accept: 'text/html', ...(session ? { cookie: session.cookie } : {}), ...(htmx ? { 'hx-request': 'true' } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}
const setPrivate = async (session: Session, value: boolean) => expect((await json('PUT', '/api/settings/privacy', session, { library_private: value })).status).toBe(200);

/**
 * Three books saved on three shelves (Morning Bread moves to Reading when it is opened) and two
 * being read: Morning Bread last, at chapter 2; The Last Train to Veld, not saved, an hour before.
 */
async function reader(name: string): Promise<Session> {
  const me = await loginAs(app, name);
  await json('POST', '/api/library/salvage-rights', me, { shelf: 'plan_to_read' });
  await json('POST', '/api/library/ink-and-alibis', me, { shelf: 'completed' });
  await json('POST', '/api/library/morning-bread', me, { shelf: 'plan_to_read' });
  await json('POST', '/api/progress', me, { slug: 'the-last-train-to-veld', chapter: 1, timestamp: new Date(Date.now() - 3_600_000).toISOString() });
  await json('POST', '/api/progress', me, { slug: 'morning-bread', chapter: 2 });
  return me;
}

/** The titles of the book cards in the shelves section. */
const shelfTitles = (html: string) => [...(html.split('id="profile-shelves"')[1] ?? '').matchAll(/<h3 class="book-card__title"[^>]*>([^<]+)<\/h3>/g)].map((m) => m[1]);
const tabCount = (html: string, shelf: string) => html.match(new RegExp(`id="profile-tab-${shelf}"[^>]*>.*?class="shelf-tabs__count">(\\d+)<`, 's'))?.[1];

describe('the profile page', () => {
  test('header, counts, recent reading and shelves with counts; title, description, canonical', async () => {
    await reader('page-ada');
    const fan = await loginAs(app, 'page-fan');
    await json('POST', '/api/users/page-ada/subscribe', fan);
    const { status, res, html } = await page('/users/PAGE-ADA', fan);
    expect(status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(html).toContain('<title>page-ada’s profile · Chapterhouse</title>');
    expect(html).toContain('<meta name="description" content="What page-ada is reading on Chapterhouse: recent chapters and shelves."/>');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/users/page-ada"/>');
    expect(html).not.toContain('name="robots"');
    expect(html).toContain('<h1 class="profile__name" id="profile-name">page-ada</h1>');
    expect(html).toContain('aria-label="page-ada"'); // initials avatar
    expect(html).toMatch(/id="profile-counts"><span>1 follower<\/span><span aria-hidden="true"> · <\/span><span>0 following<\/span>/);
    // The fan follows them already: the button says so and unfollows.
    expect(html).toContain('action="/users/page-ada/unfollow"');
    expect(html).toContain('aria-pressed="true"');
    // Recent reading, newest first, with the chapter.
    const recent = html.split('id="profile-recent-heading"')[1]!.split('id="profile-shelves"')[0]!;
    expect([...recent.matchAll(/class="continue-card__title">([^<]+)</g)].map((m) => m[1])).toEqual(['Morning Bread', 'The Last Train to Veld']);
    expect(recent).toContain('Chapter 2 of 5');
    // Shelves: Reading is the first shelf with books, so it is the tab shown.
    expect([tabCount(html, 'reading'), tabCount(html, 'plan_to_read'), tabCount(html, 'completed'), tabCount(html, 'dropped')]).toEqual(['1', '1', '1', '0']);
    expect(html).toMatch(/id="profile-tab-reading" aria-current="page"/);
    expect(shelfTitles(html)).toEqual(['Morning Bread']);
    expect(html).not.toContain('href="/settings#privacy"');
  });

  test('tabs: ?shelf= picks one, an empty shelf says so, an unknown one shows the default', async () => {
    await reader('page-tabs');
    expect(shelfTitles((await page('/users/page-tabs?shelf=completed')).html)).toEqual(['Ink and Alibis']);
    const dropped = await page('/users/page-tabs?shelf=dropped');
    expect(shelfTitles(dropped.html)).toEqual([]);
    expect(dropped.html).toContain('No books on “Dropped” yet.');
    expect(dropped.html).toContain('href="/users/page-tabs?shelf=plan_to_read" id="profile-tab-plan_to_read" hx-get="/users/page-tabs?shelf=plan_to_read"');
    const odd = await page('/users/page-tabs?shelf=favourites');
    expect(odd.status).toBe(200);
    expect(shelfTitles(odd.html)).toEqual(['Morning Bread']);
    // The canonical address leaves the tab out.
    expect(dropped.html).toContain('<link rel="canonical" href="http://localhost:3000/users/page-tabs"/>');
  });

  test('a new reader: empty recent reading and the Reading tab', async () => {
    await loginAs(app, 'page-new');
    const { html } = await page('/users/page-new');
    expect(html).toContain('Nothing read yet.');
    expect(html).toMatch(/id="profile-tab-reading" aria-current="page"/);
    expect(html).toContain('No books on “Reading” yet.');
  });

  test('anonymous visitors get a follow button that leads to sign-in', async () => {
    await reader('page-anon');
    const { html } = await page('/users/page-anon');
    expect(html).toContain('action="/users/page-anon/follow"');
    expect(html).toContain('name="return_to" value="/users/page-anon"');
    const res = await form('/users/page-anon/follow', null, { return_to: '/users/page-anon' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login?return_to=%2Fusers%2Fpage-anon');
  });

  test('one’s own profile: no follow button, a link to the privacy settings', async () => {
    const me = await reader('page-own');
    const { html } = await page('/users/page-own', me);
    expect(html).not.toContain('action="/users/page-own/follow"');
    expect(html).toContain('Everyone can see your shelves and recent reading.');
    expect(html).toContain('<a href="/settings#privacy">Change privacy settings</a>');
  });

  test('a private library: others see that it is private and nothing of it; the owner sees it all', async () => {
    const me = await reader('page-priv');
    await setPrivate(me, true);
    const other = await loginAs(app, 'page-priv-other');
    for (const viewer of [null, other, await loginAs(app, 'page-priv-admin', { role: 'admin' })]) {
      const { status, html } = await page('/users/page-priv', viewer);
      expect(status).toBe(200);
      expect(html).toContain('page-priv keeps their library private');
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).toContain('<meta name="description" content="page-priv on Chapterhouse."/>');
      expect(html).toContain('action="/users/page-priv/follow"'); // still followable
      for (const hidden of ['Morning Bread', 'Ink and Alibis', 'Salvage Rights', 'profile-shelves', 'Recent reading']) expect(html).not.toContain(hidden);
    }
    const own = await page('/users/page-priv', me);
    expect(own.html).toContain('Your library is private: only you can see your shelves and recent reading.');
    expect(shelfTitles(own.html)).toEqual(['Morning Bread']);
    expect(own.html).not.toContain('keeps their library private');
  });

  test('an unknown user is the 404 page', async () => {
    const { status, html } = await page('/users/nobody-here');
    expect(status).toBe(404);
    expect(html).toContain('<!doctype html>');
    expect(html).not.toContain('profile-counts');
  });

  test('follow with htmx from the profile: the button and the follower count change in place', async () => {
    await reader('page-live');
    const fan = await loginAs(app, 'page-live-fan');
    const res = await form('/users/page-live/follow', fan, { return_to: '/users/page-live?shelf=completed' }, true);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain('action="/users/page-live/unfollow"');
    expect(body).toMatch(/<p class="profile__counts" id="profile-counts" hx-swap-oob="true"><span>1 follower<\/span>/);
    const undo = await (await form('/users/page-live/unfollow', fan, { return_to: '/users/page-live' }, true)).text();
    expect(undo).toContain('<span>0 followers</span>');
    // Elsewhere (the home page's suggestions) there is no count to refresh.
    const home = await (await form('/users/page-live/follow', fan, { return_to: '/' }, true)).text();
    expect(home).not.toContain('profile-counts');
  });

  test('the page speaks the reader’s language', async () => {
    await reader('page-pt');
    const { html } = await page('/users/page-pt', null, { cookie: 'locale=pt' });
    expect(html).toContain('Leituras recentes');
    expect(html).toContain('Capítulo 2 de 5');
    expect(html).toContain('<title>Perfil de page-pt · Chapterhouse</title>');
    expect(html).toContain('<span>Lendo</span> <span class="shelf-tabs__count">1</span>');
  });
});

describe('usernames link to profiles', () => {
  test('in the home feed and among the suggested readers; private readers are not suggested', async () => {
    const me = await loginAs(app, 'link-me');
    const ada = await loginAs(app, 'link-ada');
    const shy = await loginAs(app, 'link-shy');
    await json('POST', '/api/progress', ada, { slug: 'salvage-rights', chapter: 1 });
    await json('POST', '/api/progress', shy, { slug: 'salvage-rights', chapter: 2 });
    await setPrivate(shy, true);
    let html = (await page('/', me)).html;
    expect(html).toContain('<a class="suggestion__name" href="/users/link-ada">link-ada</a>');
    expect(html).not.toContain('link-shy');
    await json('POST', '/api/users/link-ada/subscribe', me);
    html = (await page('/', me)).html;
    expect(html).toContain('<a class="feed-item__user" href="/users/link-ada"><strong>link-ada</strong></a>');
  });
});

describe('the privacy section of /settings', () => {
  const checkbox = /<input type="checkbox" id="privacy-library" name="library_private" value="true"( checked)?/;

  test('signed-in readers get it (unchecked by default); anonymous visitors do not', async () => {
    const me = await loginAs(app, 'set-priv-view');
    const { html } = await page('/settings', me);
    expect(html).toContain('<form class="settings-group privacy-form" id="privacy-form" method="post" action="/settings/privacy" hx-post="/settings/privacy"');
    expect(html.match(checkbox)?.[1]).toBeUndefined();
    expect(html).toContain('<a href="/users/set-priv-view">See your profile</a>');
    const anon = await page('/settings', null, { cookie: 'session_id=settings-privacy-anon-0001' });
    expect(anon.status).toBe(200);
    expect(anon.html).not.toContain('privacy-form');
  });

  test('without JavaScript: the form saves and comes back (303) with a notice; an unchecked box makes it public', async () => {
    const me = await loginAs(app, 'set-priv-form');
    const on = await form('/settings/privacy', me, { library_private: 'true' });
    expect(on.status).toBe(303);
    expect(on.headers.get('location')).toBe('/settings?privacy=saved#privacy');
    const back = await page('/settings?privacy=saved', me);
    expect(back.html.match(checkbox)?.[1]).toBe(' checked');
    expect(back.html).toContain('Your library is now private.');
    expect(await (await json('GET', '/api/settings/privacy', me)).json()).toEqual({ library_private: true });
    // An unchecked box: browsers post no body at all.
    const off = await app.fetch('/settings/privacy', { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, cookie: me.cookie } });
    expect(off.status).toBe(303);
    expect(await (await json('GET', '/api/settings/privacy', me)).json()).toEqual({ library_private: false });
  });

  test('with htmx: the section comes back in its new state with a toast', async () => {
    const me = await loginAs(app, 'set-priv-htmx');
    const res = await form('/settings/privacy', me, { library_private: 'on' }, true);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.headers.get('hx-trigger')!)).toEqual({ 'app:toast': { level: 'info', message: 'Your library is now private.' } });
    const html = await res.text();
    expect(html.startsWith('<section class="settings-privacy" id="privacy"')).toBe(true);
    expect(html.match(checkbox)?.[1]).toBe(' checked');
    // A translated toast survives the header (Latin-1 only) as JSON escapes.
    const pt = await app.fetch('/settings/privacy', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, cookie: `${me.cookie}; locale=pt`, 'hx-request': 'true' } });
    expect(pt.status).toBe(200);
    expect(JSON.parse(pt.headers.get('hx-trigger')!)['app:toast'].message).toBe('Sua biblioteca agora é pública.');
  });

  test('anonymous posts go to sign-in; a bad value is 400; JSON is 415; another origin is 403', async () => {
    const anon = await form('/settings/privacy', null, { library_private: 'true' });
    expect(anon.status).toBe(303);
    expect(anon.headers.get('location')).toBe('/login?return_to=%2Fsettings%23privacy');
    const me = await loginAs(app, 'set-priv-bad');
    expect((await form('/settings/privacy', me, { library_private: 'maybe' })).status).toBe(400);
    const asJson = await app.fetch('/settings/privacy', { method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: me.cookie, accept: 'application/json' }, body: '{"library_private":"true"}' });
    expect(asJson.status).toBe(415);
    const csrf = await app.fetch('/settings/privacy', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', cookie: me.cookie }, body: 'library_private=true' });
    expect(csrf.status).toBe(403);
    expect(await (await json('GET', '/api/settings/privacy', me)).json()).toEqual({ library_private: false });
  });
});
