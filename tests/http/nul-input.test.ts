import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { TEST_ORIGIN } from '../support/auth.ts';

/** U+0000 in any text a reader sends is their bad input: a 400, never a 500 from the database. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const NUL_MESSAGE = 'Text must not contain NUL characters';

const SLUG_MESSAGE = 'slug must be a book slug';

test.each([
  ['/api/book/ink%00alibis', NUL_MESSAGE], // reaches the database, which refuses it
  ['/api/chapter/ink%00alibis/1', NUL_MESSAGE],
  ['/api/progress/ink%00alibis', SLUG_MESSAGE], // a slug pattern stops it first
  ['/api/ratings/ink%00alibis', SLUG_MESSAGE],
])('GET %s answers 400', async (path, message) => {
  const res = await app.fetch(path, { headers: { accept: 'application/json' } });
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({ error: 'invalid_request', message });
});

test('search treats a NUL as any other character it cannot match', async () => {
  const res = await app.fetch('/api/search?q=ink%00', { headers: { accept: 'application/json' } });
  expect(res.status).toBe(200);
});

test('the HTML book page answers the error page, not a 500', async () => {
  const res = await app.fetch('/book/ink%00alibis', { headers: { accept: 'text/html' } });
  expect(res.status).toBe(400);
  expect(await res.text()).toContain('<html');
});

test('a NUL inside a JSON body is refused before it is stored', async () => {
  const res = await app.fetch('/api/progress', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', origin: TEST_ORIGIN },
    body: JSON.stringify({ slug: 'ink\u0000alibis', chapter: 1 }),
  });
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({ error: 'invalid_request', message: SLUG_MESSAGE });
});
