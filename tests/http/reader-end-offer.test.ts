import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

const html = { accept: 'text/html' };
async function chapter(path: string, session?: Session): Promise<string> {
  const res = await app.fetch(path, { headers: { ...html, ...(session ? { cookie: session.cookie } : {}) } });
  expect(res.status).toBe(200);
  return res.text();
}
const FORM = '<form method="post" action="/library/ink-and-alibis" hx-post="/library/ink-and-alibis" hx-target="#end-offer-ink-and-alibis" hx-swap="innerHTML">';
const SIGN_IN = '<a class="button" href="/login?return_to=%2Fbook%2Fink-and-alibis%2F6">Sign in to keep track</a>';
const RATE = '<a class="button button--quiet" href="/book/ink-and-alibis#rating-ink-and-alibis">Rate this book</a>';

async function shelfOf(session: Session, slug: string): Promise<string | undefined> {
  const res = await app.fetch('/api/library', { headers: { accept: 'application/json', cookie: session.cookie } });
  const body = (await res.json()) as { books: Array<{ book: { slug: string }; shelf: string }> };
  return body.books.find((e) => e.book.slug === slug)?.shelf;
}
function markCompleted(session: Session, htmx: boolean) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, cookie: session.cookie, ...html };
  if (htmx) headers['hx-request'] = 'true';
  // Exactly the fields of the form on the last chapter.
  return app.fetch('/library/ink-and-alibis', { method: 'POST', headers, body: 'shelf=completed&return_to=%2Fbook%2Fink-and-alibis', redirect: 'manual' });
}

describe('the end-of-book offer', () => {
  test('only on the last chapter: signed-in readers get "Mark as completed", visitors "Sign in to keep track"', async () => {
    const reader = await loginAs(app, 'end-offer-reader');
    const last = await chapter('/book/ink-and-alibis/6', reader);
    expect(last).toContain(FORM);
    expect(last).toContain('<input type="hidden" name="shelf" value="completed"/><input type="hidden" name="return_to" value="/book/ink-and-alibis"/><button type="submit" class="button">Mark as completed</button>');
    expect(last).toContain(RATE);
    expect(last).not.toContain('Sign in to keep track');

    const visitor = await chapter('/book/ink-and-alibis/6');
    expect(visitor).toContain(SIGN_IN);
    expect(visitor).toContain(RATE);
    expect(visitor).not.toContain('Mark as completed');

    for (const page of [await chapter('/book/ink-and-alibis/5', reader), await chapter('/book/ink-and-alibis/1')]) {
      expect(page).not.toContain('class="end-offer"');
      expect(page).not.toContain('Mark as completed');
      expect(page).not.toContain('Sign in to keep track');
    }
  });

  test('the latest chapter of an ongoing book offers it too, in the reader\'s language', async () => {
    const reader = await loginAs(app, 'end-offer-ongoing');
    const res = await app.fetch('/book/morning-bread/5', { headers: { ...html, cookie: `${reader.cookie}; locale=pt` } });
    const body = await res.text();
    expect(body).toContain('action="/library/morning-bread"');
    expect(body).toContain('>Marcar como concluído</button>');
    expect(body).toContain('>Avaliar este livro</a>');
  });

  test('the cached page never leaks between viewers: visitor, reader, visitor again, another reader', async () => {
    const path = '/book/letters-to-the-lighthouse/5';
    const first = await loginAs(app, 'end-offer-cache-1');
    const second = await loginAs(app, 'end-offer-cache-2');
    await markCompleted(first, false); // a shelf of one reader must not show for another (it is never rendered)
    expect(await chapter(path)).toContain('Sign in to keep track');
    expect(await chapter(path, first)).toContain('Mark as completed');
    expect(await chapter(path)).not.toContain('Mark as completed');
    const other = await chapter(path, second);
    expect(other).toContain('Mark as completed');
    expect(other).not.toContain('end-offer-cache-1');
  });

  test('without htmx the form puts the book on the completed shelf and goes back to the book page (303)', async () => {
    const reader = await loginAs(app, 'end-offer-form');
    const res = await markCompleted(reader, false);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/book/ink-and-alibis');
    expect(await shelfOf(reader, 'ink-and-alibis')).toBe('completed');
    const book = await chapter('/book/ink-and-alibis', reader);
    expect(book).toMatch(/<option value="completed" selected>Completed<\/option>/);
    // Marking it again (a book already in the library, e.g. on "reading") moves it.
    await app.fetch('/api/library/ink-and-alibis', { method: 'PATCH', headers: { 'content-type': 'application/json', cookie: reader.cookie, origin: TEST_ORIGIN }, body: '{"shelf":"reading"}' });
    expect((await markCompleted(reader, false)).status).toBe(303);
    expect(await shelfOf(reader, 'ink-and-alibis')).toBe('completed');
  });

  test('with htmx the answer is the shelf control (Completed, announced) to put in place of the button', async () => {
    const reader = await loginAs(app, 'end-offer-htmx');
    const res = await markCompleted(reader, true);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body.startsWith('<div class="shelf-control" id="shelf-ink-and-alibis">')).toBe(true);
    expect(body).toMatch(/<option value="completed" selected>Completed<\/option>/);
    expect(body).toContain('<p class="shelf-control__status" role="status" tabindex="-1" autofocus>Saved to Completed.</p>');
    expect(await shelfOf(reader, 'ink-and-alibis')).toBe('completed');
  });
});
