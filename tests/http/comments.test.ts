import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { BASE_URL, startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';
import { COMMENT_RENDER_VERSION } from '../../src/features/comments/render.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

type Comment = {
  id: number; slug: string; chapter: number | null; parent_id: number | null; author: { id: string | null; username: string };
  text: string; html: string; upvotes: number; downvotes: number; created: string; deleted: boolean;
};
type List = { comments: Comment[]; myVotes: Record<string, 'up' | 'down'>; avatarUrls: Record<string, string>; sort: string; has_more: boolean; next: string | null };

function call(method: string, path: string, session: Session | null, body?: unknown) {
  const headers: Record<string, string> = { accept: 'application/json', origin: TEST_ORIGIN };
  if (session) headers.cookie = session.cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return app.fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}
async function post(session: Session, slug: string, body: Record<string, unknown>): Promise<Comment> {
  const res = await call('POST', `/api/comments/${slug}`, session, body);
  if (res.status !== 201) throw new Error(`POST ${res.status} ${await res.text()}`);
  return ((await res.json()) as { comment: Comment }).comment;
}
async function list(path: string, session: Session | null = null): Promise<List> {
  const res = await call('GET', path, session);
  if (res.status !== 200) throw new Error(`GET ${path} ${res.status} ${await res.text()}`);
  return (await res.json()) as List;
}
async function expectError(res: Response, status: number, body: { error: string; message: string }) {
  expect(res.status).toBe(status);
  expect(await res.json()).toEqual(body);
}
const vote = (session: Session, id: number, direction: string) => call('POST', `/api/comment/${id}/vote`, session, { direction });
const ids = (comments: Comment[]) => comments.map((c) => c.id);

describe('reading and posting', () => {
  test('anonymous callers read an empty thread with the full shape', async () => {
    expect(await list('/api/comments/morning-bread?chapter=1')).toEqual({ comments: [], myVotes: {}, avatarUrls: {}, sort: 'top', has_more: false, next: null });
  });

  test('POST creates 201 {comment}; chapter and book-level threads are separate', async () => {
    const ann = await loginAs(app, 'c-ann');
    const before = Date.now();
    const res = await call('POST', '/api/comments/morning-bread', ann, { text: 'Loved the **bakery** scene', chapter: 1 });
    expect(res.status).toBe(201);
    const { comment } = (await res.json()) as { comment: Comment };
    expect(comment).toEqual({
      id: expect.any(Number), slug: 'morning-bread', chapter: 1, parent_id: null, author: { id: ann.user.id, username: 'c-ann' },
      text: 'Loved the **bakery** scene', html: '<p>Loved the <strong>bakery</strong> scene</p>', upvotes: 0, downvotes: 0, created: expect.any(String), deleted: false,
    });
    expect(new Date(comment.created).getTime()).toBeGreaterThanOrEqual(before - 2000);

    const bookLevel = await post(ann, 'morning-bread', { text: 'About the whole book' });
    expect(bookLevel.chapter).toBeNull();
    const nullChapter = await post(ann, 'morning-bread', { text: 'Also the book', chapter: null });
    expect(nullChapter.chapter).toBeNull();

    expect(ids((await list('/api/comments/morning-bread?chapter=1')).comments)).toEqual([comment.id]);
    expect(ids((await list('/api/comments/morning-bread?sort=new')).comments)).toEqual([nullChapter.id, bookLevel.id]);
    expect(ids((await list('/api/comments/morning-bread?chapter=')).comments)).toEqual(expect.arrayContaining([bookLevel.id, nullChapter.id]));
    expect((await list('/api/comments/morning-bread?chapter=4')).comments).toEqual([]);
  });

  test('the list carries myVotes for the caller and avatarUrls (absolute) for authors with a picture', async () => {
    const [ann, ben, cat] = await Promise.all([loginAs(app, 'c-shape-ann'), loginAs(app, 'c-shape-ben'), loginAs(app, 'c-shape-cat')]);
    await app.platform.db.updateTable('app_users').set({ avatar_key: `avatars/${ann.user.id}/abc.png` }).where('id', '=', ann.user.id).execute();
    await app.platform.db.updateTable('app_users').set({ provider_avatar_url: 'https://pictures.example/ben.jpg' }).where('id', '=', ben.user.id).execute();
    const a = await post(ann, 'morning-bread', { text: 'first', chapter: 5 });
    const b = await post(ben, 'morning-bread', { text: 'second', chapter: 5 });
    const c = await post(cat, 'morning-bread', { text: 'reply', chapter: 5, parent_id: a.id });
    expect((await vote(cat, a.id, 'up')).status).toBe(200);
    expect((await vote(cat, b.id, 'down')).status).toBe(200);

    const mine = await list('/api/comments/morning-bread?chapter=5&sort=new', cat);
    expect(ids(mine.comments)).toEqual([b.id, a.id, c.id]);
    expect(mine.myVotes).toEqual({ [String(a.id)]: 'up', [String(b.id)]: 'down' });
    expect(mine.avatarUrls).toEqual({ [ann.user.id]: `${BASE_URL}/avatars/${ann.user.id}/abc.png`, [ben.user.id]: 'https://pictures.example/ben.jpg' });
    expect((await list('/api/comments/morning-bread?chapter=5', null)).myVotes).toEqual({});
    expect((await list('/api/comments/morning-bread?chapter=5', ann)).myVotes).toEqual({});
  });

  test('anonymous writes are 401 Sign in to continue', async () => {
    const owner = await loginAs(app, 'c-owner-401');
    const mine = await post(owner, 'morning-bread', { text: 'mine', chapter: 4 });
    const unauthorized = { error: 'unauthorized', message: 'Sign in to continue' };
    await expectError(await call('POST', '/api/comments/morning-bread', null, { text: 'hi', chapter: 1 }), 401, unauthorized);
    await expectError(await call('POST', `/api/comment/${mine.id}/vote`, null, { direction: 'up' }), 401, unauthorized);
    await expectError(await call('DELETE', `/api/comment/${mine.id}`, null), 401, unauthorized);
    expect((await list('/api/comments/morning-bread?chapter=4')).comments).toHaveLength(1);
  });
});

describe('stored rendering', () => {
  test('the HTML is rendered once when posted; a row of another renderer version is rendered again when read, and stored', async () => {
    const ann = await loginAs(app, 'c-render');
    const c = await post(ann, 'morning-bread', { text: 'stored *once* -- "typeset"', chapter: 1 });
    const stored = () => app.platform.db.selectFrom('book_comments').select(['html', 'html_version']).where('id', '=', c.id).executeTakeFirstOrThrow();
    const typeset = '<p>stored <em>once</em> – “typeset”</p>';
    expect(await stored()).toEqual({ html: typeset, html_version: COMMENT_RENDER_VERSION });
    const find = async () => (await list('/api/comments/morning-bread?chapter=1&sort=new')).comments.find((x) => x.id === c.id)!.html;
    await app.platform.db.updateTable('book_comments').set({ html: '<p>from the column</p>' }).where('id', '=', c.id).execute();
    expect(await find()).toBe('<p>from the column</p>');
    // An older renderer's HTML (before typography) is rendered again, and the new rendering kept.
    await app.platform.db.updateTable('book_comments').set({ html: '<p>stored <em>once</em> -- "typeset"</p>', html_version: 'c1' }).where('id', '=', c.id).execute();
    expect(await find()).toBe(typeset);
    expect(await stored()).toEqual({ html: typeset, html_version: COMMENT_RENDER_VERSION });
    await app.platform.db.updateTable('book_comments').set({ html: null, html_version: null }).where('id', '=', c.id).execute();
    expect(await find()).toBe(typeset);
    expect(await stored()).toEqual({ html: typeset, html_version: COMMENT_RENDER_VERSION });
  });
});

describe('validation', () => {
  test('text: empty, whitespace-only and 10,001 characters are 400; exactly 10,000 is fine (code points, not UTF-16 units)', async () => {
    const ann = await loginAs(app, 'c-valid');
    const empty = { error: 'invalid_request', message: 'text must not be empty' };
    await expectError(await call('POST', '/api/comments/morning-bread', ann, { text: '', chapter: 2 }), 400, empty);
    await expectError(await call('POST', '/api/comments/morning-bread', ann, { text: ' \n\t \r\n ', chapter: 2 }), 400, empty);
    await expectError(await call('POST', '/api/comments/morning-bread', ann, { text: '\u200b\u00a0', chapter: 2 }), 400, empty);
    await expectError(await call('POST', '/api/comments/morning-bread', ann, { text: 'x'.repeat(10_001), chapter: 2 }), 400, { error: 'invalid_request', message: 'text must be at most 10,000 characters' });
    const missing = await call('POST', '/api/comments/morning-bread', ann, { chapter: 2 });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toContain('text');
    expect((await call('POST', '/api/comments/morning-bread', ann, { text: 42, chapter: 2 })).status).toBe(400);

    const long = await post(ann, 'morning-bread', { text: 'x'.repeat(10_000), chapter: 2 });
    expect(long.text).toHaveLength(10_000);
    const emoji = await post(ann, 'morning-bread', { text: '📖'.repeat(10_000), chapter: 2 });
    expect([...emoji.text]).toHaveLength(10_000);
    // NUL cannot be stored by PostgreSQL: it is dropped rather than failing with a 500.
    const nul = await post(ann, 'morning-bread', { text: 'a\u0000b', chapter: 2 });
    expect(nul.text).toBe('ab');
  });

  test('unknown book and chapter are 404; a malformed chapter, slug, sort, cursor or limit is 400', async () => {
    const ann = await loginAs(app, 'c-404');
    const book = { error: 'not_found', message: 'Book not found' };
    const chapter = { error: 'not_found', message: 'Chapter not found' };
    await expectError(await call('GET', '/api/comments/no-such-book', null), 404, book);
    await expectError(await call('POST', '/api/comments/no-such-book', ann, { text: 'hi' }), 404, book);
    await expectError(await call('GET', '/api/comments/morning-bread?chapter=99', null), 404, chapter);
    await expectError(await call('POST', '/api/comments/morning-bread', ann, { text: 'hi', chapter: 99 }), 404, chapter);
    const badChapter = { error: 'invalid_request', message: 'chapter must be a chapter number (a whole number of at least 1)' };
    for (const q of ['abc', '0', '-1', '1.5', '99999999999']) await expectError(await call('GET', `/api/comments/morning-bread?chapter=${q}`, null), 400, badChapter);
    for (const c of [0, -1, 1.5, '1x', 3_000_000_000]) expect((await call('POST', '/api/comments/morning-bread', ann, { text: 'hi', chapter: c })).status).toBe(400);
    expect((await call('GET', '/api/comments/Bad_Slug', null)).status).toBe(400);
    expect((await call('GET', '/api/comments/morning-bread?sort=best', null)).status).toBe(400);
    expect((await call('GET', '/api/comments/morning-bread?limit=0', null)).status).toBe(400);
    expect((await call('GET', '/api/comments/morning-bread?limit=51', null)).status).toBe(400);
    for (const after of ['x', '1_0', 'NaN_1', '1e999_3', '_'])
      await expectError(await call('GET', `/api/comments/morning-bread?after=${after}`, null), 400, { error: 'invalid_request', message: 'after must be the `next` value of the previous page' });
  });

  test('bad comment ids are 400, unknown ones 404, never a 500', async () => {
    const ann = await loginAs(app, 'c-ids');
    for (const id of ['abc', '0', '-3', '1.5', '99999999999999999999', '12345678901234567']) {
      expect((await vote(ann, id as unknown as number, 'up')).status).toBe(400);
      expect((await call('DELETE', `/api/comment/${id}`, ann)).status).toBe(400);
    }
    const notFound = { error: 'not_found', message: 'Comment not found' };
    await expectError(await vote(ann, 987654321, 'up'), 404, notFound);
    await expectError(await call('DELETE', '/api/comment/987654321', ann), 404, notFound);
    const mine = await post(ann, 'morning-bread', { text: 'vote me', chapter: 2 });
    for (const direction of ['sideways', '', 'UP']) await expectError(await vote(ann, mine.id, direction), 400, { error: 'invalid_request', message: 'direction must be up, down or none' });
    expect((await call('POST', `/api/comment/${mine.id}/vote`, ann, {})).status).toBe(400);
    const parent = await call('POST', '/api/comments/morning-bread', ann, { text: 'x', chapter: 2, parent_id: 'abc' });
    expect(parent.status).toBe(400);
  });
});

describe('replies', () => {
  test('one level only; the parent must be a live comment of the same book and chapter', async () => {
    const [ann, ben] = await Promise.all([loginAs(app, 'c-reply-ann'), loginAs(app, 'c-reply-ben')]);
    const top = await post(ann, 'morning-bread', { text: 'top', chapter: 3 });
    const reply = await post(ben, 'morning-bread', { text: 'reply', chapter: 3, parent_id: top.id });
    expect(reply.parent_id).toBe(top.id);
    const bad = (message: string) => ({ error: 'invalid_request', message });
    await expectError(await call('POST', '/api/comments/morning-bread', ann, { text: 'deeper', chapter: 3, parent_id: reply.id }), 400, bad('Replies cannot be replied to: reply to the top-level comment'));
    await expectError(await call('POST', '/api/comments/morning-bread', ann, { text: 'elsewhere', chapter: 2, parent_id: top.id }), 400, bad('parent_id is a comment on another book or chapter'));
    await expectError(await call('POST', '/api/comments/morning-bread', ann, { text: 'no chapter', parent_id: top.id }), 400, bad('parent_id is a comment on another book or chapter'));
    await expectError(await call('POST', '/api/comments/salvage-rights', ann, { text: 'other book', chapter: 3, parent_id: top.id }), 400, bad('parent_id is a comment on another book or chapter'));
    await expectError(await call('POST', '/api/comments/morning-bread', ann, { text: 'ghost', chapter: 3, parent_id: 987654321 }), 400, bad('parent_id does not name a comment'));
    const later = await post(ann, 'morning-bread', { text: 'second reply', chapter: 3, parent_id: top.id });
    const thread = await list('/api/comments/morning-bread?chapter=3');
    expect(ids(thread.comments)).toEqual([top.id, reply.id, later.id]);
  });
});

describe('votes', () => {
  test('one vote per user: switching and withdrawing move the totals; repeating changes nothing', async () => {
    const [ann, ben, cat] = await Promise.all([loginAs(app, 'c-vote-ann'), loginAs(app, 'c-vote-ben'), loginAs(app, 'c-vote-cat')]);
    const c = await post(ann, 'salvage-rights', { text: 'vote on me', chapter: 1 });
    const step = async (who: Session, direction: string, expected: { upvotes: number; downvotes: number; mine: string | null }) => {
      const res = await vote(who, c.id, direction);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ id: c.id, ...expected });
    };
    await step(ben, 'up', { upvotes: 1, downvotes: 0, mine: 'up' });
    await step(ben, 'up', { upvotes: 1, downvotes: 0, mine: 'up' });
    await step(cat, 'up', { upvotes: 2, downvotes: 0, mine: 'up' });
    await step(ben, 'down', { upvotes: 1, downvotes: 1, mine: 'down' });
    await step(cat, 'none', { upvotes: 0, downvotes: 1, mine: null });
    await step(cat, 'none', { upvotes: 0, downvotes: 1, mine: null });
    await step(ann, 'up', { upvotes: 1, downvotes: 1, mine: 'up' });
    const seen = await list('/api/comments/salvage-rights?chapter=1', ben);
    expect(seen.comments[0]).toMatchObject({ id: c.id, upvotes: 1, downvotes: 1 });
    expect(seen.myVotes).toEqual({ [String(c.id)]: 'down' });
  });

  test('a deleted comment keeps its votes and takes no more, a withdrawal included; an unknown one is 404 whatever the direction', async () => {
    const [ann, ben, cat] = await Promise.all([loginAs(app, 'c-vote-gone-ann'), loginAs(app, 'c-vote-gone-ben'), loginAs(app, 'c-vote-gone-cat')]);
    const top = await post(ann, 'salvage-rights', { text: 'soon gone', chapter: 5 });
    await post(ben, 'salvage-rights', { text: 'a reply keeps it', chapter: 5, parent_id: top.id });
    expect((await vote(cat, top.id, 'up')).status).toBe(200);
    expect((await call('DELETE', `/api/comment/${top.id}`, ann)).status).toBe(200);
    const deleted = { error: 'invalid_request', message: 'That comment was deleted and cannot be voted on' };
    await expectError(await vote(cat, top.id, 'none'), 400, deleted);
    await expectError(await vote(cat, top.id, 'down'), 400, deleted);
    await expectError(await vote(ben, top.id, 'up'), 400, deleted);
    const rows = await app.platform.db.selectFrom('comment_votes').select(['voter_id', 'direction']).where('comment_id', '=', top.id).execute();
    expect(rows).toEqual([{ voter_id: cat.user.id, direction: 'up' }]);
    for (const direction of ['up', 'down', 'none']) await expectError(await vote(cat, 987654322, direction), 404, { error: 'not_found', message: 'Comment not found' });
  });

  test('50 parallel votes from 25 users leave the totals equal to the vote rows', async () => {
    const author = await loginAs(app, 'c-race-author');
    const c = await post(author, 'salvage-rights', { text: 'race', chapter: 4 });
    const voters = await Promise.all(Array.from({ length: 25 }, (_, i) => loginAs(app, `c-race-${i}`)));
    const plans: Array<[string, string]> = [['up', 'down'], ['down', 'up'], ['up', 'none'], ['none', 'down'], ['up', 'up']];
    const responses = await Promise.all(voters.flatMap((v, i) => plans[i % plans.length]!.map((d) => vote(v, c.id, d))));
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));

    const counts = await sql<{ up: number; down: number; rows: number; voters: number }>`
      select count(*) filter (where direction = 'up')::int as up, count(*) filter (where direction = 'down')::int as down,
             count(*)::int as rows, count(distinct voter_id)::int as voters
      from comment_votes where comment_id = ${c.id}`.execute(app.platform.db);
    const row = await app.platform.db.selectFrom('book_comments').select(['upvotes', 'downvotes']).where('id', '=', c.id).executeTakeFirstOrThrow();
    const tally = counts.rows[0]!;
    expect(tally.rows).toBe(tally.voters);
    expect({ upvotes: row.upvotes, downvotes: row.downvotes }).toEqual({ upvotes: tally.up, downvotes: tally.down });
    // Users whose two votes both set a direction end with one of them; "up, up" always ends up.
    expect(tally.up).toBeGreaterThanOrEqual(5);
    expect(tally.rows).toBeGreaterThanOrEqual(15);
    const listed = await list('/api/comments/salvage-rights?chapter=4');
    expect(listed.comments[0]).toMatchObject({ upvotes: tally.up, downvotes: tally.down });
  });
});

describe('sorting and paging', () => {
  test('Top ranks by score with time decay, New by age; pages of 20 never repeat or skip', async () => {
    const writers = await Promise.all(Array.from({ length: 5 }, (_, i) => loginAs(app, `c-page-${i}`)));
    const made: Comment[] = [];
    for (let i = 0; i < 45; i++) made.push(await post(writers[i % 5]!, 'salvage-rights', { text: `comment ${i}`, chapter: 2 }));
    // Two replies on an early comment travel with it.
    const r1 = await post(writers[1]!, 'salvage-rights', { text: 'reply one', chapter: 2, parent_id: made[3]!.id });
    const r2 = await post(writers[2]!, 'salvage-rights', { text: 'reply two', chapter: 2, parent_id: made[3]!.id });
    // Votes lift two old comments above every newer one.
    const fans = await Promise.all(Array.from({ length: 12 }, (_, i) => loginAs(app, `c-fan-${i}`)));
    await Promise.all(fans.map((f) => vote(f, made[0]!.id, 'up')));
    await Promise.all(fans.slice(0, 3).map((f) => vote(f, made[1]!.id, 'up')));
    await Promise.all(fans.slice(0, 4).map((f) => vote(f, made[44]!.id, 'down')));

    const walk = async (sort: string) => {
      const pages: List[] = [];
      let next: string | null = null;
      do {
        const page = await list(`/api/comments/salvage-rights?chapter=2&sort=${sort}${next ? `&after=${encodeURIComponent(next)}` : ''}`);
        pages.push(page);
        next = page.next;
        expect(page.has_more).toBe(next !== null);
      } while (next);
      return pages;
    };
    const newest = await walk('new');
    expect(newest.map((p) => p.comments.filter((c) => c.parent_id === null).length)).toEqual([20, 20, 5]);
    const newOrder = newest.flatMap((p) => p.comments).filter((c) => c.parent_id === null).map((c) => c.id);
    expect(newOrder).toEqual(ids(made).reverse());
    // Replies come right after their comment, oldest first.
    const all = newest.flatMap((p) => p.comments);
    const at = all.findIndex((c) => c.id === made[3]!.id);
    expect(ids(all.slice(at, at + 3))).toEqual([made[3]!.id, r1.id, r2.id]);

    const top = await walk('top');
    const topOrder = top.flatMap((p) => p.comments).filter((c) => c.parent_id === null).map((c) => c.id);
    expect(new Set(topOrder).size).toBe(45);
    expect(topOrder.slice(0, 2)).toEqual([made[0]!.id, made[1]!.id]);
    expect(topOrder.at(-1)).toBe(made[44]!.id);
    expect(top[0]!.sort).toBe('top');

    // A comment posted after page 1 was read lands above the cursor: page 2 is exactly what followed.
    const first = await list('/api/comments/salvage-rights?chapter=2&sort=top');
    await post(writers[0]!, 'salvage-rights', { text: 'late arrival', chapter: 2 });
    const second = await list(`/api/comments/salvage-rights?chapter=2&sort=top&after=${encodeURIComponent(first.next!)}`);
    expect(second.comments.filter((c) => c.parent_id === null).map((c) => c.id)).toEqual(topOrder.slice(20, 40));
    const limited = await list('/api/comments/salvage-rights?chapter=2&sort=new&limit=3');
    expect(limited.comments).toHaveLength(3);
    expect(limited.has_more).toBe(true);
  });
});

describe('deletion', () => {
  test('a comment with replies becomes [deleted] and keeps them; the last reply takes it along', async () => {
    const [ann, ben] = await Promise.all([loginAs(app, 'c-del-ann'), loginAs(app, 'c-del-ben')]);
    await app.platform.db.updateTable('app_users').set({ provider_avatar_url: 'https://pictures.example/ann.jpg' }).where('id', '=', ann.user.id).execute();
    const top = await post(ann, 'salvage-rights', { text: 'secret opinion', chapter: 3 });
    const reply = await post(ben, 'salvage-rights', { text: 'a reply', chapter: 3, parent_id: top.id });
    const lone = await post(ann, 'salvage-rights', { text: 'lonely', chapter: 3 });

    const hidden = await call('DELETE', `/api/comment/${top.id}`, ann);
    expect(hidden.status).toBe(200);
    expect(await hidden.json()).toEqual({ id: top.id, placeholder: true, removed: [] });
    const after = await list('/api/comments/salvage-rights?chapter=3&sort=new');
    expect(ids(after.comments)).toEqual([lone.id, top.id, reply.id]);
    expect(after.comments[1]).toMatchObject({ id: top.id, author: { id: null, username: '[deleted]' }, text: '[deleted]', html: '<p>[deleted]</p>', deleted: true });
    expect(JSON.stringify(after)).not.toContain('secret opinion');
    const stored = await app.platform.db.selectFrom('book_comments').select('text').where('id', '=', top.id).executeTakeFirstOrThrow();
    expect(stored.text).toBe('[deleted]');
    expect(after.avatarUrls).toEqual({ [ann.user.id]: 'https://pictures.example/ann.jpg' }); // from `lone`, not the deleted one

    await expectError(await call('DELETE', `/api/comment/${top.id}`, ann), 404, { error: 'not_found', message: 'Comment not found' });
    await expectError(await vote(ben, top.id, 'up'), 400, { error: 'invalid_request', message: 'That comment was deleted and cannot be voted on' });
    await expectError(await call('POST', '/api/comments/salvage-rights', ben, { text: 'more', chapter: 3, parent_id: top.id }), 400, { error: 'invalid_request', message: 'That comment was deleted and cannot be replied to' });

    const gone = await call('DELETE', `/api/comment/${reply.id}`, ben);
    expect(await gone.json()).toEqual({ id: reply.id, placeholder: false, removed: [reply.id, top.id] });
    const leaf = await call('DELETE', `/api/comment/${lone.id}`, ann);
    expect(await leaf.json()).toEqual({ id: lone.id, placeholder: false, removed: [lone.id] });
    expect((await list('/api/comments/salvage-rights?chapter=3')).comments).toEqual([]);
  });

  test("deleting someone else's comment is 403; an admin may delete any", async () => {
    const [ann, ben, admin] = await Promise.all([loginAs(app, 'c-403-ann'), loginAs(app, 'c-403-ben'), loginAs(app, 'c-403-admin', { role: 'admin' })]);
    const c = await post(ann, 'salvage-rights', { text: 'not yours', chapter: 6 });
    const reply = await post(ben, 'salvage-rights', { text: 'reply', chapter: 6, parent_id: c.id });
    await expectError(await call('DELETE', `/api/comment/${c.id}`, ben), 403, { error: 'forbidden', message: 'You can only delete your own comments' });
    await expectError(await call('DELETE', `/api/comment/${reply.id}`, ann), 403, { error: 'forbidden', message: 'You can only delete your own comments' });
    expect((await list('/api/comments/salvage-rights?chapter=6')).comments).toHaveLength(2);
    const byAdmin = await call('DELETE', `/api/comment/${reply.id}`, admin);
    expect(await byAdmin.json()).toEqual({ id: reply.id, placeholder: false, removed: [reply.id] });
    expect((await call('DELETE', `/api/comment/${c.id}`, admin)).status).toBe(200);
    expect((await list('/api/comments/salvage-rights?chapter=6')).comments).toEqual([]);
  });
});

describe('reply notifications', () => {
  test("the parent's author is told in their own language with a link to the reply; replying to oneself is silent", async () => {
    const [ann, ben, cat] = await Promise.all([loginAs(app, 'c-note-ann'), loginAs(app, 'c-note-ben'), loginAs(app, 'c-note-cat')]);
    expect((await call('PUT', '/api/settings', ann, { locale: 'fr' })).status).toBe(200);
    const top = await post(ann, 'salvage-rights', { text: 'Who is the captain?', chapter: 5 });
    const reply = await post(ben, 'salvage-rights', { text: 'The **old** one, I think.', chapter: 5, parent_id: top.id });
    await post(ann, 'salvage-rights', { text: 'thanks', chapter: 5, parent_id: top.id });
    const catTop = await post(cat, 'morning-bread', { text: 'book-level', chapter: null });
    const catReply = await post(ben, 'morning-bread', { text: 'answer', parent_id: catTop.id });

    const notes = (userId: string) => app.platform.db.selectFrom('notifications').select(['title', 'body', 'link']).where('user_id', '=', userId).orderBy('id').execute();
    expect(await notes(ann.user.id)).toEqual([{ title: 'c-note-ben a répondu à votre commentaire', body: 'The old one, I think.', link: `/book/salvage-rights/5#comment-${reply.id}` }]);
    expect(await notes(cat.user.id)).toEqual([{ title: 'c-note-ben replied to your comment', body: 'answer', link: `/book/morning-bread#comment-${catReply.id}` }]);
    expect(await notes(ben.user.id)).toEqual([]);
  });
});

describe('rate limit', () => {
  test('more than 10 comments a minute from one account is 429 with Retry-After', async () => {
    const ann = await loginAs(app, 'c-flood');
    // Fixed one-minute windows: ten pass, the eleventh waits (twenty at most if a window turns meanwhile).
    let accepted = 0;
    let refused: Response | null = null;
    for (let i = 0; i < 21 && !refused; i++) {
      const res = await call('POST', '/api/comments/morning-bread', ann, { text: `flood ${i}`, chapter: 4 });
      if (res.status === 201) accepted++;
      else refused = res;
    }
    expect(refused?.status).toBe(429);
    expect(accepted).toBeGreaterThanOrEqual(10);
    expect(accepted).toBeLessThanOrEqual(20);
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused!.json()) as { error: string }).error).toBe('rate_limited');
    // Invalid posts are refused before they count.
    const other = await loginAs(app, 'c-flood-2');
    for (let i = 0; i < 12; i++) expect((await call('POST', '/api/comments/morning-bread', other, { text: ' ', chapter: 4 })).status).toBe(400);
    expect((await call('POST', '/api/comments/morning-bread', other, { text: 'fine', chapter: 4 })).status).toBe(201);
  });
});
