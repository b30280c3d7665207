import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

async function post(session: Session, slug: string, body: Record<string, unknown>): Promise<number> {
  const res = await app.fetch(`/api/comments/${slug}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: session.cookie }, body: JSON.stringify(body) });
  if (res.status !== 201) throw new Error(`POST ${res.status} ${await res.text()}`);
  return ((await res.json()) as { comment: { id: number } }).comment.id;
}
async function page(path: string, headers: Record<string, string> = {}) {
  const res = await app.fetch(path, { headers: { accept: 'text/html', ...headers } });
  return { res, html: await res.text() };
}
/** The group headings in the order shown: their links (the chapter page or the book page). */
const headings = (html: string) => [...html.matchAll(/<li class="comment-group"><h2 class="comment-group__title"><a href="([^"]+)">([^<]+)<\/a><\/h2>/g)].map((m) => `${m[1]} ${m[2]}`);
const items = (html: string) => [...html.matchAll(/<li class="comment-thread" id="item-(\d+)">/g)].map((m) => Number(m[1]));

describe('every thread of a book on its comments page', () => {
  const slug = 'the-clockwork-heir';
  let ids: { book: number; ch1: number; ch3a: number; ch3b: number; reply: number };
  let ann: Session;

  beforeAll(async () => {
    let ben: Session;
    [ann, ben] = await Promise.all([loginAs(app, 'o-ann'), loginAs(app, 'o-ben')]);
    const book = await post(ann, slug, { text: 'About the *whole* book' });
    const ch1 = await post(ann, slug, { text: 'Chapter one thoughts', chapter: 1 });
    const ch3a = await post(ben, slug, { text: 'First on three', chapter: 3 });
    const ch3b = await post(ann, slug, { text: 'Second on three', chapter: 3 });
    const reply = await post(ann, slug, { text: 'Answering three', chapter: 3, parent_id: ch3a });
    ids = { book, ch1, ch3a, ch3b, reply };
  });

  test('grouped by thread, newest chapter first and the book\'s own last, each heading linking to its chapter and its thread', async () => {
    const { res, html } = await page(`/book/${slug}/comments`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(html).toContain('<h1 id="comments-title" tabindex="-1">Comments · The Clockwork Heir</h1>');
    expect(headings(html)).toEqual([`/book/${slug}/3 Chapter 3: The Watchmaker of Ancoats`, `/book/${slug}/1 Chapter 1: The Reading of the Will`, `/book/${slug} About the book`]);
    expect(items(html)).toEqual([ids.ch3b, ids.ch3a, ids.ch1, ids.book]);
    expect(html).toContain(`<a class="comment-group__open" href="/book/${slug}/comments?chapter=3">Open the thread · 3 comments</a>`);
    expect(html).toContain(`<a class="comment-group__open" href="/book/${slug}/comments?chapter=book">Open the thread · 1 comment</a>`);
    // Replies are there, and reply forms post to their own thread; plain forms come back to it.
    expect(html).toContain(`id="comment-${ids.reply}"`);
    const signedIn = (await page(`/book/${slug}/comments`, { cookie: ann.cookie })).html;
    const replyForm = signedIn.slice(signedIn.indexOf(`<ul class="comment-replies" id="replies-${ids.ch3a}"`));
    expect(replyForm).toContain('<summary class="comment__action">Reply</summary>');
    expect(replyForm).toContain('<input type="hidden" name="chapter" value="3"/>');
    expect(replyForm).toContain(`<input type="hidden" name="return_to" value="/book/${slug}/comments?chapter=3"/>`);
    expect(html).toContain(`<a href="/book/${slug}/comments?chapter=book">Write a comment about the book</a>`);
    const main = (doc: string) => doc.slice(doc.indexOf('<div class="comments-page"'), doc.indexOf('</main>'));
    expect(main((await page(`/book/${slug}/comments?chapter=all`)).html)).toBe(main(html));
  });

  test('the filter: a GET form with every thread that has comments and their counts, the current one selected', async () => {
    const all = (await page(`/book/${slug}/comments`)).html;
    expect(all).toContain(`<form class="comments-filter" method="get" action="/book/${slug}/comments" hx-get="/book/${slug}/comments" hx-trigger="change" hx-target="#comments-main" hx-select="#comments-main" hx-swap="outerHTML" hx-push-url="true" data-comments-filter>`);
    expect(all).toContain(
      '<select id="comments-filter" name="chapter"><option value="all" selected>All comments (5)</option><option value="book">About the book (1)</option>' +
        '<option value="3">Chapter 3: The Watchmaker of Ancoats (3)</option><option value="1">Chapter 1: The Reading of the Will (1)</option></select>',
    );
    const book = (await page(`/book/${slug}/comments?chapter=book`)).html;
    expect(book).toContain('<option value="book" selected>About the book (1)</option>');
    expect(book).toContain('<h1 id="comments-title" tabindex="-1">Comments · About the book · The Clockwork Heir</h1>');
    expect(items(book)).toEqual([ids.book]);
    expect(book).toContain('Sign in to comment');
    expect((await page(`/book/${slug}/comments?chapter=book`, { cookie: ann.cookie })).html).toContain('<input type="hidden" name="chapter" value=""/>');
    // A chapter without comments is still offered while it is the one shown.
    const two = (await page(`/book/${slug}/comments?chapter=2`)).html;
    expect(two).toMatch(/<option value="3">[^<]+<\/option><option value="2" selected>Chapter 2: [^<]+ \(0\)<\/option><option value="1">/);
    expect(two).toContain('No comments yet — start the conversation.');
  });

  test('bad filters are a 404 page; a bad cursor shows the first page', async () => {
    for (const chapter of ['abc', '0', '99']) expect((await page(`/book/${slug}/comments?chapter=${chapter}`)).res.status).toBe(404);
    expect((await page('/book/no-such-book/comments')).res.status).toBe(404);
    expect(items((await page(`/book/${slug}/comments?after=nonsense`)).html)).toEqual([ids.ch3b, ids.ch3a, ids.ch1, ids.book]);
  });

  test('a book without comments says so', async () => {
    const { html } = await page('/book/second-chance-academy/comments');
    expect(html).toContain('<li class="comment-list__empty" id="comments-empty">No comments on this book yet. Start one about the book or under any chapter.</li>');
    expect(html).toContain('<option value="all" selected>All comments (0)</option>');
  });
});

describe('paging every thread', () => {
  test('20 threads a page, keyset by thread and comment; a thread going on from the last page keeps its heading there', async () => {
    const slug = 'the-house-on-wren-street';
    const writers = await Promise.all([1, 2, 3].map((i) => loginAs(app, `o-page-${i}`)));
    const made: number[] = [];
    for (let i = 0; i < 24; i++) made.push(await post(writers[i % 3]!, slug, { text: `chapter two, number ${i}`, chapter: 2 }));
    const onOne = await post(writers[0]!, slug, { text: 'on chapter one', chapter: 1 });

    const first = (await page(`/book/${slug}/comments`)).html;
    expect(items(first)).toEqual(made.slice(4).reverse());
    expect(headings(first)).toHaveLength(1);
    const more = /<li class="comment-list__more" id="comments-more"><a class="button button--quiet" href="([^"]+)" hx-get="\1" hx-target="#comments-more" hx-swap="outerHTML">Load more comments<\/a><\/li>/.exec(first);
    expect(more![1]).toBe(`/book/${slug}/comments?after=2_${made[4]}`);

    const next = await page(more![1]!, { 'hx-request': 'true', 'hx-target': 'comments-more' });
    expect(next.res.status).toBe(200);
    expect(next.html).not.toContain('<html');
    expect(next.html).toStartWith('<li class="comment-thread"'); // chapter 2 goes on: no second heading
    expect(items(next.html)).toEqual([...made.slice(0, 4).reverse(), onOne]);
    expect(headings(next.html)).toHaveLength(1);
    expect(headings(next.html)[0]).toStartWith(`/book/${slug}/1 `);
    expect(next.html).not.toContain('comments-more');
  });
});
