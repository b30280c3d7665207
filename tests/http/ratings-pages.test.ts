import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN } from '../support/auth.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

const html = { accept: 'text/html' };
/** A browser: its own anonymous session cookie, or a signed-in session's cookies. */
type Browser = { cookie: string };
async function visitor(): Promise<Browser> {
  const res = await app.fetch('/', { headers: html });
  return { cookie: res.headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => c.startsWith('session_id='))! };
}
async function bookPage(slug: string, who: Browser): Promise<string> {
  const res = await app.fetch(`/book/${slug}`, { headers: { ...html, cookie: who.cookie } });
  expect(res.status).toBe(200);
  return res.text();
}
/** The star control's form post; `htmx` adds the header htmx sends. */
function post(slug: string, who: Browser | null, fields: Record<string, string>, htmx = false) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, ...html };
  if (who) headers.cookie = who.cookie;
  if (htmx) headers['hx-request'] = 'true';
  return app.fetch(`/ratings/${slug}`, { method: 'POST', headers, body: new URLSearchParams(fields).toString(), redirect: 'manual' });
}
async function api(slug: string, who: Browser) {
  const res = await app.fetch(`/api/ratings/${slug}`, { headers: { accept: 'application/json', cookie: who.cookie } });
  return (await res.json()) as { average: number | null; count: number; mine: number | null };
}
const checkedStars = (body: string, slug: string) => [...body.matchAll(new RegExp(`<input [^>]*value="(\\d)" id="rating-${slug}-\\d" checked`, 'g'))].map((m) => Number(m[1]));

describe('the star control on the book page', () => {
  test('a fieldset with a legend and five labelled radios; nothing checked before rating', async () => {
    const body = await bookPage('morning-bread', await visitor());
    expect(body).toContain('<fieldset class="rating__stars"><legend class="rating__legend">Your rating</legend>');
    for (const [n, label] of [[1, '1 star'], [2, '2 stars'], [3, '3 stars'], [4, '4 stars'], [5, '5 stars']] as const) {
      expect(body).toContain(`<input class="rating__input visually-hidden" type="radio" name="rating" value="${n}" id="rating-morning-bread-${n}"/>`);
      expect(body).toContain(`<label class="rating__star" for="rating-morning-bread-${n}"><span aria-hidden="true">★</span><span class="visually-hidden">${label}</span></label>`);
    }
    expect(checkedStars(body, 'morning-bread')).toEqual([]);
    expect(body).toContain('<form class="rating__form" method="post" action="/ratings/morning-bread" hx-post="/ratings/morning-bread"');
    expect(body).toContain('<noscript><button type="submit" class="button button--quiet rating__save">Save rating</button></noscript>');
    expect(body).toContain('<p class="rating__average">Not rated yet</p>');
    expect(body).toContain('<p class="rating__status" id="rating-morning-bread-status" role="status"></p>');
    expect(body).not.toContain('Remove my rating');
  });

  test("the reader's own stars are checked, with the average and count; others see only the average", async () => {
    const me = await visitor();
    const other = await visitor();
    await app.fetch('/api/ratings/salvage-rights', { method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: other.cookie }, body: '{"rating":5}' });
    await app.fetch('/api/ratings/salvage-rights', { method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: me.cookie }, body: '{"rating":4}' });
    const mine = await bookPage('salvage-rights', me);
    expect(checkedStars(mine, 'salvage-rights')).toEqual([4]);
    expect(mine).toContain('<p class="rating__average">4.5 out of 5 from 2 ratings</p>');
    expect(mine).toContain('<span class="rating__mine">You gave it 4 stars.</span>');
    expect(mine).toContain('>Remove my rating</button>');
    const stranger = await bookPage('salvage-rights', await visitor());
    expect(checkedStars(stranger, 'salvage-rights')).toEqual([]);
    expect(stranger).toContain('4.5 out of 5 from 2 ratings');
  });

  test('in every locale: legend, star labels and the average', async () => {
    const who = await visitor();
    const expectations = {
      pt: ['Sua avaliação', '3 estrelas', '1 estrela'],
      es: ['Tu valoración', '3 estrellas', '1 estrella'],
      fr: ['Votre note', '3 étoiles', '1 étoile'],
      id: ['Penilaian Anda', '3 bintang', '1 bintang'],
    } as const;
    for (const [locale, texts] of Object.entries(expectations)) {
      const res = await app.fetch('/book/ink-and-alibis', { headers: { ...html, cookie: `${who.cookie}; locale=${locale}` } });
      const body = await res.text();
      for (const text of texts) expect(body).toContain(text);
    }
  });
});

describe('the catalogue pages show the new average', () => {
  test('book cards on /browse?sort=rating and /ranking?by=rating, after a rating through the form', async () => {
    const slug = 'the-cartographers-daughter';
    const card = 'Rated 5.0 out of 5 by 1 reader';
    const browse = async (path: string) => (await app.fetch(path, { headers: html })).text();
    expect(await browse('/browse?sort=rating')).not.toContain(card);
    expect((await post(slug, await visitor(), { rating: '5' })).status).toBe(303);
    for (const path of ['/browse?sort=rating', '/ranking?by=rating']) {
      const body = await browse(path);
      expect(body).toContain(card);
      expect(body.indexOf(card)).toBeGreaterThan(body.indexOf(`/book/${slug}`));
    }
  });
});

describe('POST /ratings/{slug} (the form)', () => {
  test('without htmx: 303 back to the book, the rating stored for the anonymous reader, the star checked', async () => {
    const me = await visitor();
    const res = await post('the-clockwork-heir', me, { rating: '3', return_to: '/book/the-clockwork-heir?chapters_page=1' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/book/the-clockwork-heir?chapters_page=1');
    expect(await api('the-clockwork-heir', me)).toEqual({ average: 3, count: 1, mine: 3 });
    const body = await bookPage('the-clockwork-heir', me);
    expect(checkedStars(body, 'the-clockwork-heir')).toEqual([3]);
    expect(body).toContain('3.0 out of 5 from 1 rating');
    // Another site's address is never a redirect target: back to the book instead.
    const foreign = await post('the-clockwork-heir', me, { rating: '5', return_to: 'https://evil.example/' });
    expect(foreign.headers.get('location')).toBe('/book/the-clockwork-heir');
    expect(await api('the-clockwork-heir', me)).toMatchObject({ count: 1, mine: 5 });
  });

  test('a signed-in reader rates as their account; "Remove my rating" withdraws it', async () => {
    const user = await loginAs(app, 'form-rater');
    expect((await post('ink-and-alibis', user, { rating: '2' })).status).toBe(303);
    expect(await api('ink-and-alibis', user)).toMatchObject({ mine: 2 });
    const row = await app.platform.db.selectFrom('book_ratings').select(['user_id', 'rating']).where('slug', '=', 'ink-and-alibis').where('user_id', '=', user.user.id).execute();
    expect(row).toEqual([{ user_id: user.user.id, rating: 2 }]);
    const cleared = await post('ink-and-alibis', user, { clear: '1', return_to: '/book/ink-and-alibis' });
    expect(cleared.status).toBe(303);
    expect(cleared.headers.get('location')).toBe('/book/ink-and-alibis');
    expect(await api('ink-and-alibis', user)).toMatchObject({ mine: null });
  });

  test('with htmx: the control itself, the new average and the announcement for the status line', async () => {
    const me = await visitor();
    await post('second-chance-academy', await visitor(), { rating: '5' });
    const res = await post('second-chance-academy', me, { rating: '2', return_to: '/book/second-chance-academy' }, true);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const body = await res.text();
    expect(body.startsWith('<div class="rating" id="rating-second-chance-academy">')).toBe(true);
    expect(body).not.toContain('<html');
    expect(checkedStars(body, 'second-chance-academy')).toEqual([2]);
    expect(body).toContain('<div class="rating__summary" id="rating-second-chance-academy-summary"><p class="rating__average">3.5 out of 5 from 2 ratings</p>');
    expect(body).toContain('role="status" tabindex="-1" autofocus>Rating saved: 2 stars. 3.5 out of 5 from 2 ratings</p>');
    // The page's form swaps the summary and copies the status text into the live region.
    const page = await bookPage('second-chance-academy', me);
    expect(page).toContain('hx-target="#rating-second-chance-academy-summary" hx-select="#rating-second-chance-academy-summary" hx-select-oob="#rating-second-chance-academy-status:innerHTML"');

    const cleared = await post('second-chance-academy', me, { clear: '1', return_to: '/book/second-chance-academy' }, true);
    const clearedBody = await cleared.text();
    expect(checkedStars(clearedBody, 'second-chance-academy')).toEqual([]);
    expect(clearedBody).toContain('Your rating was removed. 5.0 out of 5 from 1 rating</p>');
  });

  test('the announcement is translated', async () => {
    const me = await visitor();
    const res = await app.fetch('/ratings/letters-to-the-lighthouse', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, cookie: `${me.cookie}; locale=fr`, 'hx-request': 'true' },
      body: 'rating=1',
    });
    expect(await res.text()).toContain('Note enregistrée : 1 étoile.');
  });

  test('no star chosen, 0, 6, 2.5 or text: 400 with the API message (page, or a toast for htmx); nothing stored', async () => {
    const me = await visitor();
    for (const rating of [undefined, '', '0', '6', '2.5', '4.0', 'x', '10']) {
      const res = await post('morning-bread', me, rating === undefined ? {} : { rating });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('rating must be a whole number from 1 to 5');
    }
    const htmx = await post('morning-bread', me, { rating: '9' }, true);
    expect(htmx.status).toBe(400);
    expect(htmx.headers.get('hx-reswap')).toBe('none');
    expect(JSON.parse(htmx.headers.get('hx-trigger')!)).toEqual({ 'app:toast': { level: 'error', message: 'rating must be a whole number from 1 to 5' } });
    expect(await api('morning-bread', me)).toMatchObject({ mine: null });
  });

  test('an unknown book is the 404 page; JSON is refused (415); another origin is refused (403)', async () => {
    const me = await visitor();
    const missing = await post('no-such-book', me, { rating: '3' });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('find that page</h1>');
    const json = await app.fetch('/ratings/morning-bread', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', origin: TEST_ORIGIN, cookie: me.cookie }, body: '{"rating":3}' });
    expect(json.status).toBe(415);
    expect(await json.json()).toEqual({ error: 'unsupported_media_type', message: 'Send a form' });
    const cross = await app.fetch('/ratings/morning-bread', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', origin: 'https://evil.example', cookie: me.cookie }, body: 'rating=3' });
    expect(cross.status).toBe(403);
    expect(await api('morning-bread', me)).toMatchObject({ mine: null });
  });
});
