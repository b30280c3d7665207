import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

/** A browser: a signed-in session, or an anonymous one with its session_id cookie. */
type Who = Session | { anon: string };
const anon = (name: string): Who => ({ anon: `discover-page-${name}`.padEnd(24, '0') });
const cookieOf = (who: Who) => ('anon' in who ? `session_id=${who.anon}` : who.cookie);

async function page(path: string, who: Who, extra: Record<string, string> = {}): Promise<string> {
  const res = await app.fetch(path, { headers: { accept: 'text/html', cookie: cookieOf(who), ...extra } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/html');
  expect(res.headers.get('cache-control')).toBe('private, no-cache');
  return res.text();
}
function form(path: string, who: Who, fields: Array<[string, string]>) {
  return app.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, accept: 'text/html', cookie: cookieOf(who) },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}
/** The cards of a page or fragment, top first. */
const cardSlugs = (html: string) => [...html.matchAll(/<li class="deck-card" data-slug="([^"]+)"/g)].map((m) => m[1]!);
const topOf = (html: string) => cardSlugs(html)[0];
async function apiDeck(who: Who): Promise<string[]> {
  const res = await app.fetch('/api/discover?limit=50', { headers: { accept: 'application/json', cookie: cookieOf(who) } });
  return ((await res.json()) as { books: Array<{ slug: string }> }).books.map((b) => b.slug);
}

describe('GET /discover', () => {
  test('renders the deck: the top card first and live, the others behind; forms for every choice', async () => {
    const who = anon('render');
    const html = await page('/discover', who);
    const cards = cardSlugs(html);
    expect(cards).toHaveLength(10);
    expect(cards).toEqual((await apiDeck(who)).slice(0, 10)); // the same order as the API
    expect(html).toContain('<h1 id="discover-heading">Discover</h1>');
    expect(html).toContain(`<li class="deck-card" data-slug="${cards[0]}" data-title=`);
    expect(html).toMatch(new RegExp(`<li class="deck-card" data-slug="${cards[0]}" data-title="[^"]*" data-depth="0"><article`)); // not inert
    // The stack is drawn by the server too (no script needed): depth 0, 1, 2, then 3 for the rest.
    expect([...html.matchAll(/data-depth="(\d)"/g)].map((m) => m[1])).toEqual(['0', '1', '2', '3', '3', '3', '3', '3', '3', '3']);
    expect(html.match(/ inert aria-hidden="true"/g)).toHaveLength(9);
    expect(html).toContain(`href="/book/${cards[0]}"`);
    expect(html).toContain('<form class="deck__actions" method="post" action="/discover/vote" data-deck-actions>');
    expect(html).toContain(`<input type="hidden" name="slug" value="${cards[0]}" data-deck-slug/>`);
    for (const action of ['pass', 'save', 'like']) expect(html).toContain(`name="action" value="${action}"`);
    // The deck's parts (public/js/discover/), the one that puts them together last.
    const scripts = [...html.matchAll(/<script src="\/assets\/js\/discover\/([a-z-]+)\.[0-9a-f]+\.js" defer><\/script>/g)].map((m) => m[1]);
    expect(scripts).toContain('deck');
    expect(scripts.at(-1)).toBe('discover');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain('aria-live="polite" data-deck-status');
    expect(html).toContain('data-signed-in="0"');
    expect(html).toContain('href="/login?return_to=%2Fdiscover"'); // visitors learn that saving needs an account
    expect(html).toContain('data-deck-undo hidden'); // nothing to undo yet
    expect(html).toContain('data-deck-empty hidden');
  });

  test('a card shows cover, title, author, genres and the start of the description', async () => {
    const html = await page('/discover?top=morning-bread', await loginAs(app, 'disc-page-card'));
    expect(html).toContain('data-signed-in="1"');
    expect(html).not.toContain('href="/login?return_to=%2Fdiscover"');
    const start = html.indexOf('<li class="deck-card" data-slug="morning-bread"');
    const card = html.slice(start, html.indexOf('</article>', start));
    expect(card).toMatch(/<img class="cover" src="\/covers\/morning-bread\/[0-9a-f]+\.svg" alt=""/);
    expect(card).toContain('<a href="/book/morning-bread" draggable="false">Morning Bread</a>');
    expect(card).toContain('by Mira Holloway');
    expect(card).toContain('<li class="badge">Drama</li><li class="badge">Slice of Life</li>');
    expect(card).toMatch(/<p class="deck-card__blurb">Margit Sundqvist spent forty years designing bridges\.[^<]{50,220}…<\/p>/);
  });

  test('every locale', async () => {
    const titles = { en: 'Discover', pt: 'Descobrir', es: 'Descubrir', fr: 'Découvrir', id: 'Jelajahi' };
    for (const [locale, title] of Object.entries(titles)) {
      const html = await app.fetch('/discover', { headers: { cookie: `locale=${locale}; session_id=discover-locale-000000000` } }).then((r) => r.text());
      expect(html).toContain(`<h1 id="discover-heading">${title}</h1>`);
      expect(html).toContain(`<html lang="${locale}"`);
    }
  });

  test('user text is escaped', async () => {
    const title = '"><img src=x onerror=alert(1)>';
    await app.platform.db.insertInto('books').values({ slug: 'zz-escape-test', title, author: '"Eve" & <Co>', description: '<script>alert(2)</script>' }).execute();
    try {
      const html = await page('/discover?top=zz-escape-test', anon('escape'));
      expect(topOf(html)).toBe('zz-escape-test');
      expect(html).toContain('data-title="&#34;><img'); // the quote cannot end the attribute
      expect(html).not.toContain('"><img src=x');
      expect(html).toContain('draggable="false">&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</a>');
      expect(html).toContain('by &quot;Eve&quot; &amp; &lt;Co&gt;');
      expect(html).toContain('<p class="deck-card__blurb">&lt;script&gt;alert(2)&lt;/script&gt;</p>');
      expect(html).not.toContain('<script>alert(2)');
    } finally {
      await app.platform.db.deleteFrom('books').where('slug', '=', 'zz-escape-test').execute();
    }
  });
});

describe('no-JavaScript forms', () => {
  test('a vote posts back to /discover (303); the page says what happened and offers to undo it', async () => {
    const who = anon('vote');
    const top = topOf(await page('/discover', who))!;
    const res = await form('/discover/vote', who, [['slug', top], ['action', 'like']]);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/discover');
    const html = await page('/discover', who);
    expect(cardSlugs(html)).not.toContain(top);
    expect(html).toMatch(/<p class="deck__last" data-deck-last>You liked [^<]+\.<\/p>/);
    expect(html).toContain(`<input type="hidden" name="slug" value="${top}" data-deck-undo-slug/>`);
    expect(html).toContain('<form class="deck__undo" method="post" action="/discover/undo" data-deck-undo>');

    const pass = await form('/discover/vote', who, [['slug', topOf(html)!], ['action', 'pass']]);
    expect(pass.status).toBe(303);
    expect(await page('/discover', who)).toMatch(/You passed on [^<]+\./);
  });

  test('save: signed in it lands on plan_to_read; a visitor is sent to sign in and nothing is recorded', async () => {
    const reader = await loginAs(app, 'disc-page-save');
    const saved = await form('/discover/vote', reader, [['slug', 'salvage-rights'], ['action', 'save']]);
    expect(saved.status).toBe(303);
    const lib = await app.fetch('/api/library', { headers: { cookie: reader.cookie } }).then((r) => r.json());
    expect(lib).toMatchObject({ books: [{ book: { slug: 'salvage-rights' }, shelf: 'plan_to_read' }] });
    expect(await page('/discover', reader)).toContain('You saved Salvage Rights to Plan to read.');

    const visitor = anon('save');
    const res = await form('/discover/vote', visitor, [['slug', 'salvage-rights'], ['action', 'save']]);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login?return_to=%2Fdiscover');
    expect(await apiDeck(visitor)).toContain('salvage-rights');
  });

  test('undo restores the card on top; start over clears the deck', async () => {
    const who = anon('undo');
    const first = topOf(await page('/discover', who))!;
    await form('/discover/vote', who, [['slug', first], ['action', 'pass']]);
    const second = topOf(await page('/discover', who))!;
    await form('/discover/vote', who, [['slug', second], ['action', 'like']]);

    const undo = await form('/discover/undo', who, [['slug', second]]);
    expect(undo.status).toBe(303);
    expect(undo.headers.get('location')).toBe(`/discover?top=${second}`);
    const back = await page(undo.headers.get('location')!, who);
    expect(topOf(back)).toBe(second);
    expect(back).toMatch(/You passed on [^<]+\./); // the vote before is now the last one

    // Pinning a book that is still voted, or nonsense, changes nothing.
    expect(topOf(await page(`/discover?top=${first}`, who))).not.toBe(first);
    expect(cardSlugs(await page('/discover?top=%3Cx%3E', who))).toHaveLength(10);

    // Undoing what was not voted goes back to the plain deck.
    const nothing = await form('/discover/undo', who, [['slug', second]]);
    expect(nothing.headers.get('location')).toBe('/discover');

    const reset = await form('/discover/reset', who, []);
    expect(reset.status).toBe(303);
    expect(reset.headers.get('location')).toBe('/discover');
    expect(await apiDeck(who)).toHaveLength(12);
  });

  test('when every book is voted: "You’ve seen every book" and a Start over form', async () => {
    const who = anon('empty');
    for (const slug of await apiDeck(who)) expect((await form('/discover/vote', who, [['slug', slug], ['action', 'pass']])).status).toBe(303);
    const html = await page('/discover', who);
    expect(cardSlugs(html)).toEqual([]);
    expect(html).toContain('<div class="empty-state deck__empty" data-deck-empty><p class="empty-state__title">You’ve seen every book</p>');
    expect(html).toContain('<form method="post" action="/discover/reset" data-deck-reset><button type="submit" class="button">Start over</button></form>');
    expect(html).toContain('data-deck-actions hidden');
    await form('/discover/reset', who, []);
    expect(cardSlugs(await page('/discover', who))).toHaveLength(10);
  });

  test('bad input: 400 for a bad action or slug, 404 for an unknown book, 415 for a non-form body', async () => {
    const who = anon('errors');
    expect((await form('/discover/vote', who, [['slug', 'morning-bread'], ['action', 'love']])).status).toBe(400);
    expect((await form('/discover/vote', who, [['slug', 'morning-bread']])).status).toBe(400);
    expect((await form('/discover/vote', who, [['action', 'like']])).status).toBe(400);
    expect((await form('/discover/vote', who, [['slug', '../etc'], ['action', 'like']])).status).toBe(400);
    const unknown = await form('/discover/vote', who, [['slug', 'no-such-book'], ['action', 'like']]);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('<section class="message-page">');
    expect((await form('/discover/undo', who, [['slug', 'no-such-book']])).status).toBe(404);
    expect((await form('/discover/undo', who, [])).status).toBe(400);
    const json = await app.fetch('/discover/vote', { method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: cookieOf(who) }, body: '{"slug":"morning-bread","action":"like"}' });
    expect(json.status).toBe(415);
    expect(await apiDeck(who)).toHaveLength(12);
  });
});

describe('GET /discover/cards', () => {
  test('more cards for the script, as HTML, all behind until it places them', async () => {
    const who = anon('cards');
    const res = await app.fetch('/discover/cards?limit=3', { headers: { cookie: cookieOf(who) } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(cardSlugs(html)).toEqual((await apiDeck(who)).slice(0, 3));
    expect(html.match(/ data-depth="3" inert aria-hidden="true"/g)).toHaveLength(3);
    expect(html).not.toContain('<html');
    expect((await app.fetch('/discover/cards?limit=51', { headers: { cookie: cookieOf(who) } })).status).toBe(400);
  });
});
