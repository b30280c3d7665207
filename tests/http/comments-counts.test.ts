import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

type Counts = { book: number; total: number; chapters: Record<string, number> };

async function post(session: Session, slug: string, body: Record<string, unknown>): Promise<number> {
  const res = await app.fetch(`/api/comments/${slug}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: session.cookie }, body: JSON.stringify(body) });
  if (res.status !== 201) throw new Error(`POST ${res.status} ${await res.text()}`);
  return ((await res.json()) as { comment: { id: number } }).comment.id;
}
const remove = (session: Session, id: number) => app.fetch(`/api/comment/${id}`, { method: 'DELETE', headers: { origin: TEST_ORIGIN, cookie: session.cookie } });
async function counts(slug: string): Promise<Counts> {
  const res = await app.fetch(`/api/comments/${slug}/counts`, { headers: { accept: 'application/json' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-cache');
  return (await res.json()) as Counts;
}
const html = async (path: string, headers: Record<string, string> = {}) => {
  const res = await app.fetch(path, { headers: { accept: 'text/html', ...headers } });
  return { res, body: await res.text() };
};

describe('GET /api/comments/{slug}/counts', () => {
  test('a book without comments', async () => {
    expect(await counts('the-last-train-to-veld')).toEqual({ book: 0, total: 0, chapters: {} });
  });

  test('counts follow posts and deletions at once: replies count, "[deleted]" placeholders do not', async () => {
    const [ann, ben] = await Promise.all([loginAs(app, 'n-ann'), loginAs(app, 'n-ben')]);
    const slug = 'salvage-rights';
    await post(ann, slug, { text: 'about the book' });
    const top = await post(ann, slug, { text: 'chapter one', chapter: 1 });
    const reply = await post(ben, slug, { text: 'a reply', chapter: 1, parent_id: top });
    const lone = await post(ben, slug, { text: 'another', chapter: 1 });
    await post(ben, slug, { text: 'chapter three', chapter: 3 });
    expect(await counts(slug)).toEqual({ book: 1, total: 5, chapters: { '1': 3, '3': 1 } });

    expect((await remove(ben, lone)).status).toBe(200);
    expect((await remove(ann, top)).status).toBe(200); // kept as "[deleted]" for its reply
    expect(await counts(slug)).toEqual({ book: 1, total: 3, chapters: { '1': 1, '3': 1 } });
    expect((await remove(ben, reply)).status).toBe(200); // takes the placeholder along
    expect(await counts(slug)).toEqual({ book: 1, total: 2, chapters: { '3': 1 } });
    // Rows that fall to zero go: nothing is left behind for chapter 1.
    const left = await app.platform.db.selectFrom('comment_counts').select(['chapter', 'count']).where('slug', '=', slug).orderBy('chapter').execute();
    expect(left).toEqual([{ chapter: 0, count: 1 }, { chapter: 3, count: 1 }]);
  });

  test('parallel posts are all counted', async () => {
    const writers = await Promise.all([1, 2, 3, 4, 5].map((i) => loginAs(app, `n-many-${i}`)));
    await Promise.all(writers.flatMap((w) => [1, 2].map((k) => post(w, 'letters-to-the-lighthouse', { text: `note ${k}`, chapter: 2 }))));
    expect(await counts('letters-to-the-lighthouse')).toEqual({ book: 0, total: 10, chapters: { '2': 10 } });
  });

  test('an unknown book is 404, a malformed slug 400, with the error body', async () => {
    const missing = await app.fetch('/api/comments/no-such-book/counts', { headers: { accept: 'application/json' } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'not_found', message: 'Book not found' });
    const bad = await app.fetch('/api/comments/Not_A_Slug/counts', { headers: { accept: 'application/json' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'invalid_request', message: 'slug must be a book slug' });
  });
});

describe('counts on pages', () => {
  test('the chapter page asks for its count when the end of the chapter is revealed; the link works without JavaScript', async () => {
    const { body } = await html('/book/morning-bread/2');
    expect(body).toContain('<p class="reader__comments" hx-get="/book/morning-bread/comments/count?chapter=2" hx-trigger="revealed" hx-swap="innerHTML">');
    expect(body).toContain('<a class="comments-link" href="/book/morning-bread/comments?chapter=2" hx-get="/book/morning-bread/comments?chapter=2" hx-target="#comments-thread" hx-swap="innerHTML show:#comments:top">');
    expect(body).toContain('<span>Comments on this chapter</span>');
  });

  test('the count fragment: none yet, then the count, in the reader\'s language, never cached', async () => {
    const ann = await loginAs(app, 'n-fragment');
    const none = await html('/book/morning-bread/comments/count?chapter=4', { 'hx-request': 'true' });
    expect(none.res.status).toBe(200);
    expect(none.res.headers.get('cache-control')).toBe('no-cache');
    expect(none.body).toStartWith('<a class="comments-link" href="/book/morning-bread/comments?chapter=4"');
    expect(none.body).toContain('data-comment-count="0"');
    expect(none.body).toContain('<span>No comments on this chapter yet — be the first</span>');
    await post(ann, 'morning-bread', { text: 'one', chapter: 4 });
    expect((await html('/book/morning-bread/comments/count?chapter=4')).body).toContain('<span>1 comment on this chapter</span>');
    await post(ann, 'morning-bread', { text: 'two', chapter: 4 });
    expect((await html('/book/morning-bread/comments/count?chapter=4', { cookie: 'locale=pt' })).body).toContain('<span>2 comentários neste capítulo</span>');
  });

  test('the count fragment refuses a bad chapter (400) and an unknown book (404)', async () => {
    for (const chapter of ['', 'abc', '0']) {
      expect((await html(`/book/morning-bread/comments/count?chapter=${chapter}`, { 'hx-request': 'true' })).res.status).toBe(400);
    }
    expect((await html('/book/no-such-book/comments/count?chapter=1', { 'hx-request': 'true' })).res.status).toBe(404);
  });

  test('the book page shows every comment of the book and its chapters, linked to the comments page', async () => {
    const empty = (await html('/book/the-ninth-mountain-sect')).body;
    expect(empty).toContain('<p class="book-hero__comments"><a class="comments-link" href="#comments">');
    expect(empty).toContain('<span>No comments yet — write the first</span>');
    expect(empty).not.toContain('comments__all');

    const ann = await loginAs(app, 'n-book');
    await post(ann, 'the-ninth-mountain-sect', { text: 'the book' });
    await post(ann, 'the-ninth-mountain-sect', { text: 'a chapter', chapter: 2 });
    const body = (await html('/book/the-ninth-mountain-sect')).body;
    expect(body).toContain('<p class="book-hero__comments"><a class="comments-link" href="/book/the-ninth-mountain-sect/comments">');
    expect(body).toContain('<span>2 comments</span>');
    expect(body).toContain('<a class="comments-link comments__all" href="/book/the-ninth-mountain-sect/comments">');
    expect(body).toContain('<span>All comments, chapter by chapter (2)</span>');
  });
});
