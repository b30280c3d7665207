import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

const html = { accept: 'text/html' };
const page = async (path: string, session?: Session) => {
  const res = await app.fetch(path, { headers: { ...html, ...(session ? { cookie: session.cookie } : {}) } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/html');
  return res.text();
};
/** A form post as a browser sends it; `htmx` adds the header htmx sends. */
function form(path: string, session: Session | null, fields: Array<[string, string]>, htmx = false) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, ...html };
  if (session) headers.cookie = session.cookie;
  if (htmx) headers['hx-request'] = 'true';
  return app.fetch(path, { method: 'POST', headers, body: new URLSearchParams(fields).toString(), redirect: 'manual' });
}
async function shelves(session: Session): Promise<Record<string, string>> {
  const res = await app.fetch('/api/library', { headers: { accept: 'application/json', cookie: session.cookie } });
  const body = (await res.json()) as { books: Array<{ book: { slug: string }; shelf: string }> };
  return Object.fromEntries(body.books.map((e) => [e.book.slug, e.shelf]));
}
const save = (session: Session, slug: string, shelf = 'plan_to_read') =>
  app.fetch(`/api/library/${slug}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: session.cookie }, body: JSON.stringify({ shelf }) });

describe('/library', () => {
  test('anonymous visitors get a friendly page that signs them in and back, not an error', async () => {
    const body = await page('/library');
    expect(body).toContain('Sign in to keep a library');
    expect(body).toContain('href="/login?return_to=%2Flibrary"');
    expect(body).not.toContain('id="library-select-toggle"');
  });

  test('an empty library says so, with tabs at zero and no Select toggle', async () => {
    const ann = await loginAs(app, 'page-empty');
    const body = await page('/library', ann);
    expect(body).toContain('Your library is empty');
    expect(body).toContain('Save books from their pages to keep them here.');
    expect(body).toMatch(/id="tab-all" aria-current="page"[^>]*>\s*<span>All<\/span> <span class="shelf-tabs__count">0<\/span>/);
    expect(body).not.toContain('id="library-select-toggle"');
    expect(res404(body)).toBe(false);
  });

  test('lists saved books cover first, with progress on the cover, one menu per book and counts; each shelf has its empty state', async () => {
    const ann = await loginAs(app, 'page-list');
    await save(ann, 'morning-bread', 'reading');
    await save(ann, 'salvage-rights', 'reading');
    await save(ann, 'ink-and-alibis', 'dropped');
    await app.fetch('/api/progress', { method: 'POST', headers: { 'content-type': 'application/json', cookie: ann.cookie }, body: JSON.stringify({ slug: 'salvage-rights', chapter: 12 }) });
    const body = await page('/library', ann);
    expect(body).toContain('Salvage Rights');
    expect(body).toContain('role="progressbar"');
    expect(body).toContain('aria-valuenow="37"'); // 11 whole chapters of 30
    expect(body).toContain('aria-valuetext="Chapter 12 of 30"');
    // On the cover: "Ch. 12 / 30" and the bar along its bottom edge; covers are drawn 112 px wide.
    expect(body).toContain('<span class="cover-frame__chapter" aria-hidden="true">Ch. 12 / 30</span>');
    expect(body).toContain('<span class="cover-frame__fill" style="width: 37%"></span>');
    expect(body).toMatch(/<img class="cover" src="\/covers\/salvage-rights\/[^"]+" alt="" width="112" height="168"/);
    expect(body).toContain('href="/book/salvage-rights/12"'); // continue where they are
    expect(body).toContain('href="/book/morning-bread/1"'); // not started: chapter 1
    expect(body).toContain('Not started yet');

    // One menu per book, named by its shelf: a move to each other shelf and Remove; no Move button.
    const menu = body.slice(body.indexOf('<details class="book-menu" id="menu-ink-and-alibis"'), body.indexOf('</details>', body.indexOf('id="menu-ink-and-alibis"')));
    expect(menu).toContain('<summary class="book-menu__button" id="menu-ink-and-alibis-button" aria-label="Dropped: move or remove Ink and Alibis"><span>Dropped</span></summary>');
    expect(menu).toContain('<form class="book-menu__group" method="post" action="/library/ink-and-alibis" hx-post="/library/ink-and-alibis"');
    for (const [shelf, label] of [['reading', 'Reading'], ['plan_to_read', 'Plan to read'], ['completed', 'Completed']]) {
      expect(menu).toContain(`<button type="submit" name="shelf" value="${shelf}" class="book-menu__item" id="menu-ink-and-alibis-${shelf}">Move to ${label}</button>`);
    }
    expect(menu).not.toContain('value="dropped"');
    expect(menu).toContain('hx-confirm="Remove Ink and Alibis from your library?"');
    expect(menu).toContain('<input type="hidden" name="slugs" value="ink-and-alibis"/>');
    expect(menu).toContain('>Remove from library</button>');
    expect(body).not.toContain('<select'.concat(' id="shelf-')); // the old select-and-Move control
    expect(body).not.toContain('-move"');
    expect(body).toContain('<nav class="shelf-tabs shelf-tabs--wrap"');
    expect(body).toMatch(/id="tab-reading"[^>]*>\s*<span>Reading<\/span> <span class="shelf-tabs__count">2<\/span>/);
    expect(body).toMatch(/id="tab-all"[^>]*>\s*<span>All<\/span> <span class="shelf-tabs__count">3<\/span>/);
    expect(body).toContain('id="library-select-toggle" href="/library?select=1"');

    const reading = await page('/library?shelf=reading', ann);
    expect(reading).toContain('id="tab-reading" aria-current="page"');
    expect(reading).toContain('Morning Bread');
    expect(reading).not.toContain('Ink and Alibis');
    const completed = await page('/library?shelf=completed', ann);
    expect(completed).toContain('Nothing on this shelf yet');
    expect(completed).toContain('Books you have finished appear here.');
    // An unknown tab shows everything rather than an error page.
    expect(await page('/library?shelf=nonsense', ann)).toContain('Ink and Alibis');
  });

  test('selection mode shows checkboxes in one form with the toolbar, and no per-book forms', async () => {
    const ann = await loginAs(app, 'page-select');
    await save(ann, 'morning-bread');
    const body = await page('/library?select=1', ann);
    expect(body).toContain('<form id="library-selection" class="library-selection" method="post" action="/library/bulk"');
    expect(body).toContain('<input type="checkbox" name="slugs" value="morning-bread" id="select-morning-bread"/>');
    expect(body).toContain('Select Morning Bread');
    expect(body).toContain('hx-confirm="Remove the selected books from your library?"');
    expect(body).toContain('Move to shelf');
    expect(body).not.toContain('action="/library/morning-bread"');
    expect(body).toContain('id="library-select-toggle" href="/library"');
  });
});

function res404(body: string) {
  return body.includes('Page not found');
}

describe('the shelf control form (POST /library/{slug})', () => {
  test('without JavaScript: saves, moves and removes, then 303 back to a same-origin return path', async () => {
    const ann = await loginAs(app, 'form-shelf');
    const saved = await form('/library/morning-bread', ann, [['shelf', 'plan_to_read'], ['return_to', '/book/morning-bread']]);
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/book/morning-bread');
    expect(await shelves(ann)).toEqual({ 'morning-bread': 'plan_to_read' });
    const moved = await form('/library/morning-bread', ann, [['shelf', 'completed'], ['return_to', 'https://evil.example/']]);
    expect(moved.headers.get('location')).toBe('/book/morning-bread'); // never another site
    expect(await shelves(ann)).toEqual({ 'morning-bread': 'completed' });
    const removed = await form('/library/morning-bread', ann, [['shelf', 'remove'], ['return_to', '/library?shelf=completed']]);
    expect(removed.headers.get('location')).toBe('/library?shelf=completed&done=removed&n=1');
    expect(await shelves(ann)).toEqual({});
    expect(await page('/library?shelf=completed&done=removed&n=1', ann)).toContain('Removed 1 book from your library.');
  });

  test('anonymous posts go to sign-in and back; unknown book 404, bad shelf 400, JSON 415', async () => {
    const anon = await form('/library/morning-bread', null, [['shelf', 'reading'], ['return_to', '/book/morning-bread']]);
    expect(anon.status).toBe(303);
    expect(anon.headers.get('location')).toBe('/login?return_to=%2Fbook%2Fmorning-bread');
    const anonHtmx = await form('/library/morning-bread', null, [['return_to', '/book/morning-bread']], true);
    expect(anonHtmx.headers.get('hx-redirect')).toBe('/login?return_to=%2Fbook%2Fmorning-bread');
    const ann = await loginAs(app, 'form-errors');
    expect((await form('/library/no-such-book', ann, [['shelf', 'reading']])).status).toBe(404);
    expect((await form('/library/morning-bread', ann, [['shelf', 'favourites']])).status).toBe(400);
    const json = await app.fetch('/library/morning-bread', { method: 'POST', headers: { 'content-type': 'application/json', cookie: ann.cookie }, body: '{"shelf":"reading"}' });
    expect(json.status).toBe(415);
    expect(await shelves(ann)).toEqual({});
  });

  test('with htmx on a book page the control answers with itself in its new state', async () => {
    const ann = await loginAs(app, 'form-htmx');
    const saved = await form('/library/morning-bread', ann, [['shelf', 'plan_to_read'], ['return_to', '/book/morning-bread']], true);
    expect(saved.status).toBe(200);
    const fragment = await saved.text();
    expect(fragment.startsWith('<div class="shelf-control" id="shelf-morning-bread">')).toBe(true);
    expect(fragment).toContain('<option value="plan_to_read" selected>Plan to read</option>');
    expect(fragment).toContain('Saved to Plan to read.');
    expect(fragment).toContain('<input type="hidden" name="return_to" value="/book/morning-bread"/>');
    const moved = await (await form('/library/morning-bread', ann, [['shelf', 'reading'], ['return_to', '/book/morning-bread']], true)).text();
    expect(moved).toContain('Moved to Reading.');
    const removed = await (await form('/library/morning-bread', ann, [['shelf', 'remove'], ['return_to', '/book/morning-bread']], true)).text();
    expect(removed).toContain('Removed from your library.');
    expect(removed).toContain('Save to library');
  });

  test('with htmx on /library the whole section is re-rendered so the tabs and counts follow', async () => {
    const ann = await loginAs(app, 'form-htmx-library');
    await save(ann, 'morning-bread', 'reading');
    const res = await form('/library/morning-bread', ann, [['shelf', 'completed'], ['return_to', '/library?shelf=reading']], true);
    expect(res.headers.get('hx-retarget')).toBe('#library');
    expect(res.headers.get('hx-reselect')).toBe('#library');
    const body = await res.text();
    expect(body).toContain('Moved 1 book to Completed.');
    expect(body).toContain('Nothing on this shelf yet'); // it left the Reading tab
    expect(body).toMatch(/id="tab-completed"[^>]*>\s*<span>Completed<\/span> <span class="shelf-tabs__count">1<\/span>/);
  });
});

describe('a book\'s menu on /library', () => {
  test('without JavaScript: a move comes back to the same tab and says so', async () => {
    const ann = await loginAs(app, 'menu-move');
    await save(ann, 'morning-bread', 'reading');
    const res = await form('/library/morning-bread', ann, [['shelf', 'completed'], ['return_to', '/library?shelf=reading']]);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/library?shelf=reading&done=moved&n=1&to=completed');
    expect(await shelves(ann)).toEqual({ 'morning-bread': 'completed' });
  });

  test('without JavaScript: Remove asks on the confirmation page first, whose Cancel goes back to the tab', async () => {
    const ann = await loginAs(app, 'menu-remove');
    await save(ann, 'morning-bread', 'reading');
    const ask = await form('/library/bulk', ann, [['slugs', 'morning-bread'], ['action', 'remove'], ['return_shelf', 'reading'], ['from', 'menu']]);
    expect(ask.status).toBe(200);
    const confirm = await ask.text();
    expect(confirm).toContain('Remove 1 book?');
    expect(confirm).toContain('<li>Morning Bread</li>');
    expect(confirm).toContain('href="/library?shelf=reading">Cancel</a>'); // not back into selection mode
    expect(await shelves(ann)).toEqual({ 'morning-bread': 'reading' });
    const done = await form('/library/bulk', ann, [['slugs', 'morning-bread'], ['action', 'remove'], ['confirmed', '1'], ['return_shelf', 'reading']]);
    expect(done.headers.get('location')).toBe('/library?shelf=reading&done=removed&n=1');
    expect(await shelves(ann)).toEqual({});
  });

  test('with htmx: a move answers the library section, the book gone from the tab and the counts moved', async () => {
    const ann = await loginAs(app, 'menu-htmx');
    await save(ann, 'morning-bread', 'reading');
    await save(ann, 'salvage-rights', 'reading');
    const res = await form('/library/morning-bread', ann, [['shelf', 'dropped'], ['return_to', '/library?shelf=reading']], true);
    expect(res.headers.get('hx-retarget')).toBe('#library');
    const body = await res.text();
    expect(body).toContain('Moved 1 book to Dropped.');
    expect(body).not.toContain('id="menu-morning-bread"');
    expect(body).toContain('id="menu-salvage-rights"');
    expect(body).toMatch(/id="tab-dropped"[^>]*>\s*<span>Dropped<\/span> <span class="shelf-tabs__count">1<\/span>/);
  });

  test('the menu speaks the reader\'s language', async () => {
    const ann = await loginAs(app, 'menu-fr');
    await save(ann, 'morning-bread', 'reading');
    const res = await app.fetch('/library', { headers: { ...html, cookie: `${ann.cookie}; locale=fr` } });
    const body = await res.text();
    expect(body).toContain('aria-label="En cours : déplacer ou retirer Morning Bread"');
    expect(body).toContain('>Déplacer vers « À lire »</button>');
  });
});

describe('the selection form (POST /library/bulk)', () => {
  async function stocked(name: string) {
    const session = await loginAs(app, name);
    for (const slug of ['morning-bread', 'salvage-rights', 'ink-and-alibis']) await save(session, slug);
    return session;
  }

  test('move: all or nothing, then back to the tab with the result', async () => {
    const ann = await stocked('bulk-form-move');
    const res = await form('/library/bulk', ann, [['slugs', 'morning-bread'], ['slugs', 'ink-and-alibis'], ['action', 'move'], ['shelf', 'completed'], ['return_shelf', 'plan_to_read']]);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/library?shelf=plan_to_read&done=moved&n=2&to=completed');
    expect(await shelves(ann)).toEqual({ 'morning-bread': 'completed', 'ink-and-alibis': 'completed', 'salvage-rights': 'plan_to_read' });
    expect(await page(res.headers.get('location')!, ann)).toContain('Moved 2 books to Completed.');

    const stale = await form('/library/bulk', ann, [['slugs', 'salvage-rights'], ['slugs', 'the-clockwork-heir'], ['action', 'move'], ['shelf', 'dropped']]);
    expect(stale.headers.get('location')).toBe('/library?select=1&error=unknown');
    expect((await shelves(ann))['salvage-rights']).toBe('plan_to_read');
    expect(await page('/library?select=1&error=unknown', ann)).toContain('nothing was changed');
  });

  test('remove asks first without JavaScript, then removes; htmx sends its confirmation along', async () => {
    const ann = await stocked('bulk-form-remove');
    const ask = await form('/library/bulk', ann, [['slugs', 'morning-bread'], ['slugs', 'salvage-rights'], ['action', 'remove']]);
    expect(ask.status).toBe(200);
    const confirm = await ask.text();
    expect(confirm).toContain('Remove 2 books?');
    expect(confirm).toContain('<li>Morning Bread</li>');
    expect(confirm).toContain('<input type="hidden" name="confirmed" value="1"/>');
    expect(Object.keys(await shelves(ann))).toHaveLength(3); // nothing yet
    const done = await form('/library/bulk', ann, [['slugs', 'morning-bread'], ['slugs', 'salvage-rights'], ['action', 'remove'], ['confirmed', '1']], true);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/library?done=removed&n=2');
    expect(await shelves(ann)).toEqual({ 'ink-and-alibis': 'plan_to_read' });
  });

  test('nothing selected, no shelf, a missing action and anonymous posts are handled', async () => {
    const ann = await stocked('bulk-form-errors');
    const none = await form('/library/bulk', ann, [['action', 'move'], ['shelf', 'completed'], ['return_shelf', 'reading']]);
    expect(none.headers.get('location')).toBe('/library?shelf=reading&select=1&error=none');
    expect(await page('/library?shelf=reading&select=1&error=none', ann)).toContain('Select at least one book first.');
    const noShelf = await form('/library/bulk', ann, [['slugs', 'morning-bread'], ['action', 'move']]);
    expect(noShelf.headers.get('location')).toBe('/library?select=1&error=no-shelf');
    expect((await form('/library/bulk', ann, [['slugs', 'morning-bread'], ['action', 'burn']])).status).toBe(400);
    const anon = await form('/library/bulk', null, [['slugs', 'morning-bread'], ['action', 'remove'], ['confirmed', '1']]);
    expect(anon.headers.get('location')).toBe('/login?return_to=%2Flibrary');
    expect(Object.keys(await shelves(ann))).toHaveLength(3);
  });
});

describe('the shelf control on the book page', () => {
  test('anonymous readers get "Sign in to save" that comes back; signed-in readers a save button', async () => {
    const anon = await page('/book/morning-bread');
    expect(anon).toContain('href="/login?return_to=%2Fbook%2Fmorning-bread"');
    expect(anon).toContain('Sign in to save');
    const ann = await loginAs(app, 'book-page-control');
    const signedIn = await page('/book/morning-bread', ann);
    expect(signedIn).toContain('<form method="post" action="/library/morning-bread"');
    expect(signedIn).toContain('Save to library');
    await save(ann, 'morning-bread', 'completed');
    expect(await page('/book/morning-bread', ann)).toContain('<option value="completed" selected>Completed</option>');
  });
});
