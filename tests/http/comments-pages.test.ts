import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

const THREAD = { 'hx-request': 'true', 'hx-target': 'comments-thread' };
async function page(path: string, session: Session | null, headers: Record<string, string> = {}) {
  const res = await app.fetch(path, { headers: { accept: 'text/html', ...(session ? { cookie: session.cookie } : {}), ...headers } });
  return { res, html: await res.text() };
}
function form(path: string, session: Session | null, fields: Record<string, string>, options: { htmx?: boolean; cookie?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, accept: 'text/html' };
  const cookies = [session?.cookie, options.cookie].filter(Boolean).join('; ');
  if (cookies) headers.cookie = cookies;
  if (options.htmx) headers['hx-request'] = 'true';
  return app.fetch(path, { method: 'POST', headers, body: new URLSearchParams(fields).toString(), redirect: 'manual' });
}
async function apiPost(session: Session, body: Record<string, unknown>, slug = 'morning-bread'): Promise<number> {
  const res = await app.fetch(`/api/comments/${slug}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: session.cookie }, body: JSON.stringify(body) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { comment: { id: number } }).comment.id;
}
const section = (html: string) => html.slice(html.indexOf('<section class="comments '), html.indexOf('</section>', html.indexOf('<section class="comments ')));
const toast = (res: Response) => (JSON.parse(res.headers.get('hx-trigger') ?? '{}') as { 'app:toast'?: { level: string; message: string } })['app:toast'];

describe('the section on book and chapter pages', () => {
  test('a chapter page loads the thread when revealed and carries nothing about the visitor', async () => {
    const ann = await loginAs(app, 'p-section');
    const anonymous = section((await page('/book/morning-bread/1', null)).html);
    expect(anonymous).toContain('<h2 id="comments-title">Comments on this chapter</h2>');
    expect(anonymous).toContain('hx-get="/book/morning-bread/comments?chapter=1" hx-trigger="revealed"');
    expect(anonymous).toContain('<a href="/book/morning-bread/comments?chapter=1">Read and write comments</a>');
    expect(anonymous).toMatch(/<script src="\/assets\/js\/comments\.[0-9a-f]+\.js" defer><\/script>/);
    expect(section((await page('/book/morning-bread/1', ann)).html)).toBe(anonymous);
    const book = section((await page('/book/morning-bread', null)).html);
    expect(book).toContain('<h2 id="comments-title">Comments</h2>');
    expect(book).toContain('hx-get="/book/morning-bread/comments?chapter=book" hx-trigger="revealed"');
  });
});

describe('the thread fragment and the comments page', () => {
  test('anonymous: sort switch, sign-in invitation back to the chapter, empty state; no layout', async () => {
    const { res, html } = await page('/book/morning-bread/comments?chapter=2', null, THREAD);
    expect(res.status).toBe(200);
    expect(res.headers.get('vary')).toContain('HX-Target');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(html).not.toContain('<html');
    expect(html).toContain('<a class="comments__sort-option" href="/book/morning-bread/comments?chapter=2" hx-get="/book/morning-bread/comments?chapter=2" hx-target="#comments-thread" aria-current="true">Top</a>');
    expect(html).toContain('href="/login?return_to=%2Fbook%2Fmorning-bread%2F2%23comments"');
    expect(html).toContain('Sign in to comment');
    expect(html).toContain('<li class="comment-list__empty" id="comments-empty">No comments yet — start the conversation.</li>');
    expect(html).not.toContain('<form class="comment-form"');
  });

  test('the whole page has the thread with plain forms, in the reader\'s language', async () => {
    const ann = await loginAs(app, 'p-page');
    await apiPost(ann, { text: 'Bonjour *tout le monde*', chapter: 2 });
    const { res, html } = await page('/book/morning-bread/comments?chapter=2&sort=new', ann, { cookie: `${ann.cookie}; locale=fr` });
    expect(res.status).toBe(200);
    expect(html).toContain('<h1 id="comments-title" tabindex="-1">Commentaires · Chapitre 2 : Opening Day · Morning Bread</h1>');
    expect(html).toContain('<form class="comment-form" method="post" action="/book/morning-bread/comments"');
    expect(html).toContain('<p>Bonjour <em>tout le monde</em></p>');
    expect(html).toContain('aria-current="true">Récents</a>');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect((await page('/book/morning-bread/comments?chapter=99', null)).res.status).toBe(404);
    expect((await page('/book/morning-bread/comments?chapter=abc', null)).res.status).toBe(404);
    expect((await page('/book/no-such-book/comments', null)).res.status).toBe(404);
  });

  test('pages of 20 with a Load more item; the next page comes as list items; focus brings a thread first', async () => {
    const writers = await Promise.all([1, 2, 3].map((i) => loginAs(app, `p-more-${i}`)));
    const made: number[] = [];
    for (let i = 0; i < 25; i++) made.push(await apiPost(writers[i % 3]!, { text: `number ${i}`, chapter: 3 }));
    const first = (await page('/book/morning-bread/comments?chapter=3&sort=new', null, THREAD)).html;
    expect(first.match(/<li class="comment-thread" id="item-/g)).toHaveLength(20);
    const more = /<li class="comment-list__more" id="comments-more"><a class="button button--quiet" href="([^"]+)" hx-get="\1" hx-target="#comments-more" hx-swap="outerHTML">Load more comments<\/a><\/li>/.exec(first);
    expect(more).not.toBeNull();
    const next = await page(more![1]!.replace(/&amp;/g, '&'), null, { 'hx-request': 'true', 'hx-target': 'comments-more' });
    expect(next.html.startsWith('<li class="comment-thread"')).toBe(true);
    expect(next.html.match(/<li class="comment-thread" id="item-/g)).toHaveLength(5);
    expect(next.html).not.toContain('comments-more');
    expect(next.html).toContain(`id="comment-${made[0]}"`);

    const focused = (await page(`/book/morning-bread/comments?chapter=3&sort=new&focus=${made[0]}`, null, THREAD)).html;
    expect(focused.indexOf(`<li class="comment-thread comment-thread--focus" id="item-${made[0]}">`)).toBeGreaterThan(-1);
    expect(focused.indexOf(`id="item-${made[0]}"`)).toBeLessThan(focused.indexOf(`id="item-${made[24]}"`));
    expect(focused.split(`id="comment-${made[0]}"`)).toHaveLength(2);
  });
});

describe('forms', () => {
  test('posting with htmx answers the new thread item or reply; a plain post goes back to it', async () => {
    const ann = await loginAs(app, 'p-post');
    const res = await form('/book/morning-bread/comments', ann, { text: 'Via **htmx**', chapter: '4', return_to: '/book/morning-bread/comments?chapter=4' }, { htmx: true });
    expect(res.status).toBe(200);
    const item = await res.text();
    const id = Number(/^<li class="comment-thread" id="item-(\d+)">/.exec(item)?.[1]);
    expect(id).toBeGreaterThan(0);
    expect(item).toContain('<p>Via <strong>htmx</strong></p>');
    expect(item).toContain('<summary class="comment__action">Reply</summary>');
    expect(item).toContain(`hx-target="#comment-${id}"`); // Delete is offered to the author

    const reply = await form('/book/morning-bread/comments', ann, { text: 'a reply', chapter: '4', parent_id: String(id) }, { htmx: true });
    expect(await reply.text()).toMatch(/^<li class="comment-replies__item" id="item-\d+"><article class="comment" id="comment-\d+" tabindex="-1" data-swap-focus="" data-announce="Your comment is posted\.">/);

    const plain = await form('/book/morning-bread/comments', ann, { text: 'No JS', chapter: '4', return_to: '/book/morning-bread/comments?chapter=4&sort=new' });
    expect(plain.status).toBe(303);
    expect(plain.headers.get('location')).toMatch(/^\/book\/morning-bread\/comments\?chapter=4&sort=new&focus=(\d+)#comment-\1$/);
    const plainReply = await form('/book/morning-bread/comments', ann, { text: 'No JS reply', chapter: '4', parent_id: String(id), return_to: 'https://evil.example/' });
    expect(plainReply.headers.get('location')).toMatch(new RegExp(`^/book/morning-bread/comments\\?chapter=4&focus=${id}#comment-\\d+$`));
  });

  test('anonymous posts are sent to sign in; refusals come back as a toast in the reader\'s language', async () => {
    const plain = await form('/book/morning-bread/comments', null, { text: 'hi', chapter: '4', return_to: '/book/morning-bread/comments?chapter=4' });
    expect(plain.status).toBe(303);
    expect(plain.headers.get('location')).toBe('/login?return_to=%2Fbook%2Fmorning-bread%2Fcomments%3Fchapter%3D4');
    const htmx = await form('/book/morning-bread/comments', null, { text: 'hi', chapter: '4' }, { htmx: true });
    expect(htmx.headers.get('hx-redirect')).toBe('/login?return_to=%2Fbook%2Fmorning-bread%2Fcomments%3Fchapter%3D4');

    const ann = await loginAs(app, 'p-refused');
    const empty = await form('/book/morning-bread/comments', ann, { text: '   ', chapter: '4' }, { htmx: true, cookie: 'locale=fr' });
    expect(empty.status).toBe(400);
    expect(empty.headers.get('hx-reswap')).toBe('none');
    expect(toast(empty)).toEqual({ level: 'error', message: 'Écrivez quelque chose avant de publier.' });
    const top = await apiPost(ann, { text: 'top', chapter: 4 });
    const replyId = await apiPost(ann, { text: 'reply', chapter: 4, parent_id: top });
    const deeper = await form('/book/morning-bread/comments', ann, { text: 'deeper', chapter: '4', parent_id: String(replyId) }, { htmx: true, cookie: 'locale=pt' });
    expect(toast(deeper)).toEqual({ level: 'error', message: 'Respostas não podem ser respondidas: responda ao primeiro comentário da conversa.' });
    const json = await app.fetch('/book/morning-bread/comments', { method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: ann.cookie }, body: '{"text":"x"}' });
    expect(json.status).toBe(415);
  });

  test('voting swaps the widget (aria-pressed, counts, the next direction); a plain vote goes back', async () => {
    const [ann, ben] = await Promise.all([loginAs(app, 'p-vote-ann'), loginAs(app, 'p-vote-ben')]);
    const id = await apiPost(ann, { text: 'vote', chapter: 5 });
    const up = await form(`/comment/${id}/vote`, ben, { direction: 'up', return_to: '/book/morning-bread/comments?chapter=5' }, { htmx: true });
    expect(up.status).toBe(200);
    const widget = await up.text();
    expect(widget).toStartWith(`<form class="votes" id="votes-${id}"`);
    expect(widget).toMatch(/value="none" aria-pressed="true" title="Withdraw your vote">.*<span class="votes__count">1<\/span>/);
    expect(widget).toMatch(/value="down" aria-pressed="false"/);
    const withdraw = await (await form(`/comment/${id}/vote`, ben, { direction: 'none' }, { htmx: true })).text();
    expect(withdraw).not.toContain('aria-pressed="true"');
    const plain = await form(`/comment/${id}/vote`, ben, { direction: 'down', return_to: '/book/morning-bread/comments?chapter=5' });
    expect(plain.status).toBe(303);
    expect(plain.headers.get('location')).toBe(`/book/morning-bread/comments?chapter=5#comment-${id}`);
    const listed = (await page('/book/morning-bread/comments?chapter=5', ben, THREAD)).html;
    expect(listed).toMatch(/value="none" aria-pressed="true" title="Withdraw your vote"><span aria-hidden="true">▼<\/span>/);
    const bad = await form(`/comment/${id}/vote`, ben, { direction: 'sideways' }, { htmx: true });
    expect(bad.status).toBe(400);
    const anonymous = await form(`/comment/${id}/vote`, null, { direction: 'up', return_to: '/book/morning-bread/comments?chapter=5' });
    expect(anonymous.headers.get('location')).toBe('/login?return_to=%2Fbook%2Fmorning-bread%2Fcomments%3Fchapter%3D5');
  });

  test('deleting: a plain form asks first; htmx removes the item or leaves [deleted]; others get a toast', async () => {
    const [ann, ben] = await Promise.all([loginAs(app, 'p-del-ann'), loginAs(app, 'p-del-ben')]);
    const lone = await apiPost(ann, { text: 'lonely words', chapter: 1 }, 'salvage-rights');
    const top = await apiPost(ann, { text: 'has replies', chapter: 1 }, 'salvage-rights');
    const reply = await apiPost(ben, { text: 'answer', chapter: 1, parent_id: top }, 'salvage-rights');

    const ask = await form(`/comment/${lone}/delete`, ann, { return_to: '/book/salvage-rights/comments?chapter=1' });
    expect(ask.status).toBe(200);
    const confirm = await ask.text();
    expect(confirm).toContain('<p>lonely words</p>');
    expect(confirm).toContain('<input type="hidden" name="confirmed" value="1"/>');
    const notYours = await form(`/comment/${lone}/delete`, ben, { return_to: '/' });
    expect(notYours.status).toBe(403);
    const done = await form(`/comment/${lone}/delete`, ann, { confirmed: '1', return_to: '/book/salvage-rights/comments?chapter=1' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/book/salvage-rights/comments?chapter=1');

    const refused = await form(`/comment/${top}/delete`, ben, {}, { htmx: true, cookie: 'locale=es' });
    expect(refused.status).toBe(403);
    expect(toast(refused)).toEqual({ level: 'error', message: 'Solo puedes eliminar tus propios comentarios.' });
    const hidden = await form(`/comment/${top}/delete`, ann, {}, { htmx: true });
    expect(hidden.status).toBe(200);
    const placeholder = await hidden.text();
    expect(placeholder).toStartWith(`<article class="comment comment--deleted" id="comment-${top}">`);
    expect(placeholder).toContain('[deleted]');
    expect(placeholder).not.toContain('has replies');
    expect(placeholder).not.toContain('p-del-ann');
    const last = await form(`/comment/${reply}/delete`, ben, {}, { htmx: true });
    expect(await last.text()).toBe('');
    expect(last.headers.get('hx-retarget')).toBe(`#item-${top}`);
    expect(last.headers.get('hx-reswap')).toBe('outerHTML');
    expect((await page('/book/salvage-rights/comments?chapter=1', null, THREAD)).html).not.toContain('class="comment-thread"');
  });
});
