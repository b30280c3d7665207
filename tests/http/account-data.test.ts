import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, TEST_ORIGIN, cookieHeader, loginAs, type Session } from '../support/auth.ts';
import { testClock } from '../support/clock.ts';
import { EXPORT_LIMITS } from '../../src/features/account-data/model.ts';

let app: TestApp;
// Late on a UTC day: the file name must follow the injected clock, not the real one.
const clock = testClock(new Date('2026-03-04T23:59:30Z'));
const BOOK = 'morning-bread';
const OTHER_BOOK = 'ink-and-alibis';
// A real 1×1 PNG.
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN }, clock: clock.now });
});
afterAll(() => app.close());

const headers = (session: Session) => ({ accept: 'application/json', 'content-type': 'application/json', cookie: session.cookie, origin: TEST_ORIGIN });
const call = (session: Session, method: string, path: string, body?: unknown) => app.fetch(path, { method, headers: headers(session), body: body === undefined ? undefined : JSON.stringify(body) });
const me = (session: Session) => app.fetch('/api/auth/me', { headers: { accept: 'application/json', cookie: session.cookie } });

let lastAppPassword = '';

/** Everything a reader makes: progress with an audio position, a shelf, a comment, a vote, a rating, follows, a swipe, settings, a notification. */
async function busyReader(username: string, friend: Session): Promise<{ session: Session; commentId: number }> {
  const session = await loginAs(app, username, { email: `${username}@example.test` });
  expect((await call(session, 'POST', '/api/progress', { slug: BOOK, chapter: 2 })).status).toBeLessThan(300);
  expect((await call(session, 'PATCH', '/api/progress/audio-time', { slug: BOOK, chapter: 2, audio_time: 42.5 })).status).toBe(200);
  expect((await call(session, 'POST', `/api/library/${BOOK}`, { shelf: 'reading' })).status).toBe(201);
  const posted = await call(session, 'POST', `/api/comments/${BOOK}`, { text: `Loved the bakery scene, says ${username}`, chapter: 1 });
  expect(posted.status).toBe(201);
  const { comment } = (await posted.json()) as { comment: { id: number } };
  expect((await call(session, 'POST', `/api/ratings/${BOOK}`, { rating: 5 })).status).toBe(200);
  expect((await call(session, 'POST', `/api/users/${friend.user.username}/subscribe`)).status).toBe(200);
  expect((await call(friend, 'POST', `/api/users/${username}/subscribe`)).status).toBe(200);
  expect((await call(session, 'POST', '/api/discover/vote', { slug: OTHER_BOOK, action: 'like' })).status).toBe(201);
  expect((await call(session, 'PUT', '/api/settings', { theme: 'slate', speed: 1.5 })).status).toBe(200);
  await app.platform.db.insertInto('notifications').values({ user_id: session.user.id, title: 'Welcome aboard', body: 'Hello', link: '/library' }).execute();
  const created = await call(session, 'POST', '/api/app-passwords', { name: 'Kobo in the kitchen' });
  expect(created.status).toBe(201);
  lastAppPassword = ((await created.json()) as { password: string }).password;
  return { session, commentId: comment.id };
}

describe('GET /api/account/export', () => {
  test('anonymous callers are 401', async () => {
    const res = await app.fetch('/api/account/export', { headers: { accept: 'application/json' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'unauthorized', message: 'Sign in to continue' });
  });

  test('a dated JSON attachment with everything the reader made, and no secrets', async () => {
    const friend = await loginAs(app, 'export-friend');
    const { session, commentId } = await busyReader('export-reader', friend);
    await call(friend, 'POST', `/api/comment/${commentId}/vote`, { direction: 'up' });
    await call(session, 'POST', `/api/comment/${commentId}/vote`, { direction: 'up' });
    await call(session, 'POST', '/api/auth/change-password', { new_password: 'a secret phrase' });

    const res = await app.fetch('/api/account/export', { headers: { cookie: session.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="chapterhouse-export-reader-2026-03-04.json"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data).toMatchObject({
      format: 'chapterhouse-account-export',
      version: 1,
      exported_at: '2026-03-04T23:59:30.000Z',
      user: { id: session.user.id, username: 'export-reader', role: 'user', email: 'export-reader@example.test', email_verified: true, has_password: true, library_private: false, avatar_url: null },
      settings: { theme: 'slate', speed: 1.5, auto_next: true },
      progress: [{ slug: BOOK, title: 'Morning Bread', chapter: 2, audio_time: 42.5 }],
      library: [{ slug: BOOK, shelf: 'reading' }],
      comments: [{ id: commentId, slug: BOOK, book_title: 'Morning Bread', chapter: 1, parent_id: null, text: 'Loved the bakery scene, says export-reader', upvotes: 2, downvotes: 0 }],
      comment_votes: [{ comment_id: commentId, direction: 'up' }],
      ratings: [{ slug: BOOK, rating: 5 }],
      following: [{ username: 'export-friend' }],
      followers: [{ username: 'export-friend' }],
      discovery_votes: [{ slug: OTHER_BOOK, action: 'like' }],
      notifications: [{ title: 'Welcome aboard', body: 'Hello', link: '/library', read: false }],
      // Setting the password above revoked every app password of the account (at the app's clock).
      app_passwords: [{ name: 'Kobo in the kitchen', revoked: data.exported_at }],
      reading_days: [{ slug: BOOK, chapters: 1, listened_seconds: 42.5 }],
      kosync_positions: [],
      truncated: [],
    });
    const keyHash = (await app.platform.db.selectFrom('app_passwords').select('key_hash').where('user_id', '=', session.user.id).executeTakeFirstOrThrow()).key_hash;
    for (const secret of [lastAppPassword, keyHash, 'key_hash']) expect(text).not.toContain(secret);
    expect(typeof data.comments[0].chapter_title).toBe('string');
    expect(data.sessions).toHaveLength(1);
    expect(Object.keys(data.sessions[0]).sort()).toEqual(['created', 'ip', 'last_seen', 'user_agent']);
    // Nothing that could sign anyone in: no hash, no token, no session id.
    const row = await app.platform.db.selectFrom('app_users').select('password_hash').where('id', '=', session.user.id).executeTakeFirstOrThrow();
    const sessionId = session.token.split('.')[3]!;
    for (const secret of [row.password_hash!, session.token, sessionId, 'password_hash', 'a secret phrase']) expect(text).not.toContain(secret);
  });

  test('a list longer than its limit is cut, newest first, and named in truncated', async () => {
    const session = await loginAs(app, 'prolific');
    await sql`
      insert into book_comments (slug, chapter, author_id, text)
      select ${BOOK}, null, ${session.user.id}::uuid, 'Comment number ' || n from generate_series(1, ${EXPORT_LIMITS.comments + 1}) n`.execute(app.platform.db);
    const data = (await (await app.fetch('/api/account/export', { headers: { cookie: session.cookie } })).json()) as { comments: Array<{ text: string }>; truncated: string[] };
    expect(data.comments).toHaveLength(EXPORT_LIMITS.comments);
    expect(data.comments[0]!.text).toBe(`Comment number ${EXPORT_LIMITS.comments + 1}`);
    expect(data.truncated).toEqual(['comments']);
  });
});

describe('DELETE /api/account', () => {
  test('anonymous callers are 401; a missing or wrong confirmation is 400 and deletes nothing', async () => {
    const anon = await app.fetch('/api/account', { method: 'DELETE', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify({ confirm: 'x' }) });
    expect(anon.status).toBe(401);
    const session = await loginAs(app, 'Careful-Reader');
    const missing = await call(session, 'DELETE', '/api/account', {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: 'invalid_request', message: 'confirm is required: send your username to delete your account' });
    const noBody = await app.fetch('/api/account', { method: 'DELETE', headers: { accept: 'application/json', cookie: session.cookie, origin: TEST_ORIGIN } });
    expect(noBody.status).toBe(400);
    expect(((await noBody.json()) as { message: string }).message).toBe('confirm is required: send your username to delete your account');
    for (const wrong of ['careful-reader', 'Careful', 'someone-else']) {
      const res = await call(session, 'DELETE', '/api/account', { confirm: wrong });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'invalid_request', message: 'confirm does not match your username: type it exactly to delete your account' });
    }
    expect((await me(session)).status).toBe(200);
  });

  test('a cross-site request is refused before anything happens', async () => {
    const session = await loginAs(app, 'csrf-target');
    const res = await app.fetch('/api/account', { method: 'DELETE', headers: { ...headers(session), origin: 'https://evil.example' }, body: JSON.stringify({ confirm: 'csrf-target' }) });
    expect(res.status).toBe(403);
    expect((await me(session)).status).toBe(200);
  });

  test('the only administrator cannot delete itself (409); with another administrator it can', async () => {
    const db = app.platform.db;
    // Start from a server whose only administrator is this one.
    await db.updateTable('app_users').set({ role: 'user' }).where('role', '=', 'admin').execute();
    const admin = await loginAs(app, 'only-admin', { role: 'admin' });
    const refused = await call(admin, 'DELETE', '/api/account', { confirm: 'only-admin' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: 'conflict', message: 'You are the only administrator: make another account an administrator before deleting yours' });
    expect((await me(admin)).status).toBe(200);
    // A disabled administrator cannot sign in, so it does not count as another one.
    const second = await loginAs(app, 'second-admin', { role: 'admin' });
    await db.updateTable('app_users').set({ disabled_at: new Date() }).where('id', '=', second.user.id).execute();
    expect((await call(admin, 'DELETE', '/api/account', { confirm: 'only-admin' })).status).toBe(409);
    await db.updateTable('app_users').set({ disabled_at: null }).where('id', '=', second.user.id).execute();
    expect((await call(admin, 'DELETE', '/api/account', { confirm: 'only-admin' })).status).toBe(204);
  });

  test('everything personal goes, comments stay as "[deleted]" with the replies under them, totals follow', async () => {
    const db = app.platform.db;
    const friend = await loginAs(app, 'leaving-friend');
    const { session, commentId } = await busyReader('leaving-reader', friend);
    const userId = session.user.id;
    // A reply by someone else stays under the placeholder; the leaver's own reply elsewhere becomes one too.
    const reply = (await (await call(friend, 'POST', `/api/comments/${BOOK}`, { text: 'Same here!', chapter: 1, parent_id: commentId })).json()) as { comment: { id: number } };
    const friendsTop = (await (await call(friend, 'POST', `/api/comments/${BOOK}`, { text: 'A thread of mine', chapter: 1 })).json()) as { comment: { id: number } };
    const leaversReply = (await (await call(session, 'POST', `/api/comments/${BOOK}`, { text: 'My reply to you', chapter: 1, parent_id: friendsTop.comment.id })).json()) as { comment: { id: number } };
    await call(session, 'POST', `/api/comment/${friendsTop.comment.id}/vote`, { direction: 'up' });
    await call(friend, 'POST', `/api/comment/${commentId}/vote`, { direction: 'up' });
    await db.insertInto('user_identities').values({ user_id: userId, provider: 'github', provider_user_id: 'gh-leaving', email: null }).execute();
    // A stored avatar (and an upload left half-way) in the object store.
    const start = (await (await call(session, 'POST', '/account/avatar', { content_type: 'image/png' })).json()) as { key: string };
    await app.platform.objects.put(start.key, PNG, { contentType: 'image/png' });
    const saved = await call(session, 'PATCH', '/account/avatar', { key: start.key });
    expect(saved.status).toBe(200);
    await app.platform.objects.put(`avatars/${userId}/upload-leftover`, PNG);
    const ratingBefore = await db.selectFrom('books').select(['rating_count', 'rating_sum']).where('slug', '=', BOOK).executeTakeFirstOrThrow();

    const res = await call(session, 'DELETE', '/api/account', { confirm: ' leaving-reader ' });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().find((c) => c.startsWith('auth_token='))).toContain('Max-Age=0');
    expect((await me(session)).status).toBe(401);
    expect((await app.fetch('/api/auth/me', { headers: { authorization: `Bearer ${session.token}` } })).status).toBe(401);

    // Nothing of the account is left in any table.
    const count = async (table: string, column: string) => Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)} = ${userId}::uuid`.execute(db)).rows[0]!.n);
    for (const [table, column] of [
      ['app_users', 'id'], ['user_sessions', 'user_id'], ['user_identities', 'user_id'], ['user_settings', 'user_id'], ['progress', 'user_id'], ['user_library', 'user_id'],
      ['book_ratings', 'user_id'], ['comment_votes', 'voter_id'], ['user_subscriptions', 'follower_id'], ['user_subscriptions', 'followee_id'], ['discovery_votes', 'user_id'],
      ['notifications', 'user_id'], ['book_comments', 'author_id'],
    ] as const) expect(`${table}.${column}: ${await count(table, column)}`).toBe(`${table}.${column}: 0`);
    expect(await app.platform.objects.list(`avatars/${userId}/`)).toEqual([]);

    // The books' rating totals and the comments' vote totals follow.
    const ratingAfter = await db.selectFrom('books').select(['rating_count', 'rating_sum']).where('slug', '=', BOOK).executeTakeFirstOrThrow();
    expect(ratingAfter).toEqual({ rating_count: ratingBefore.rating_count - 1, rating_sum: ratingBefore.rating_sum - 5 });
    // The profile of the friend no longer counts them either way.
    expect(await (await app.fetch(`/api/users/${friend.user.username}`, { headers: { accept: 'application/json', cookie: friend.cookie } })).json()).toMatchObject({ followers: 0, following: 0 });

    // The thread: their comments say "[deleted]" and name no one; the replies under them stay.
    const thread = (await (await app.fetch(`/api/comments/${BOOK}?chapter=1&sort=new`, { headers: { accept: 'application/json', cookie: friend.cookie } })).json()) as { comments: Array<{ id: number; author: { id: string | null; username: string }; text: string; html: string; deleted: boolean; upvotes: number }>; avatarUrls: Record<string, string> };
    const byId = new Map(thread.comments.map((c) => [c.id, c]));
    for (const id of [commentId, leaversReply.comment.id]) {
      expect(byId.get(id)).toMatchObject({ author: { id: null, username: '[deleted]' }, text: '[deleted]', html: '<p>[deleted]</p>', deleted: true });
    }
    expect(byId.get(commentId)!.upvotes).toBe(1); // the friend's vote is kept
    expect(byId.get(friendsTop.comment.id)!.upvotes).toBe(0); // the leaver's vote went with them
    expect(byId.get(reply.comment.id)).toMatchObject({ text: 'Same here!', author: { username: 'leaving-friend' } });
    expect(JSON.stringify(thread)).not.toContain('leaving-reader');
    const stored = await db.selectFrom('book_comments').select(['text', 'html']).where('id', '=', commentId).executeTakeFirstOrThrow();
    expect(stored).toEqual({ text: '[deleted]', html: null });

    // The same provider login later makes a fresh, empty account.
    const again = await loginAs(app, 'leaving-reader');
    expect(again.user.id).not.toBe(userId);
  });

  test('a mobile client deletes with its Bearer token', async () => {
    const session = await loginAs(app, 'mobile-leaver');
    const res = await app.fetch('/api/account', { method: 'DELETE', headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ confirm: 'mobile-leaver' }) });
    expect(res.status).toBe(204);
    expect((await app.fetch('/api/auth/me', { headers: { authorization: `Bearer ${session.token}` } })).status).toBe(401);
  });
});

describe('deletion pages', () => {
  const page = (path: string, cookie = '') => app.fetch(path, { headers: { accept: 'text/html', cookie } });
  const post = (cookie: string, confirm: string) =>
    app.fetch('/account/delete', { method: 'POST', headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', cookie, origin: TEST_ORIGIN }, body: new URLSearchParams({ confirm }).toString() });

  test('anonymous visitors sign in first', async () => {
    const res = await page('/account/delete');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login?return_to=%2Faccount%2Fdelete');
    const form = await app.fetch('/account/delete', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'confirm=x' });
    expect(form.status).toBe(303);
  });

  test('the confirmation page: what goes, the typed username, a wrong one refused in place', async () => {
    const session = await loginAs(app, 'page-leaver');
    const res = await page('/account/delete', session.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<form class="account-delete__form" method="post" action="/account/delete">');
    expect(html).toContain('pattern="page-leaver"');
    expect(html).toContain('<span>To confirm, type your username: </span><strong class="account-delete__username">page-leaver</strong>');
    expect(html).toContain('“[deleted]”');
    expect(html).not.toContain('id="delete-subscription"');

    const wrong = await post(session.cookie, 'Page-Leaver');
    expect(wrong.status).toBe(400);
    const again = await wrong.text();
    expect(again).toContain('That is not your username. Type it exactly as shown.');
    expect(again).toContain('aria-invalid="true"');
    expect((await me(session)).status).toBe(200);

    const done = await post(session.cookie, 'page-leaver');
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/account/deleted');
    const after = cookieHeader(done, session.cookie);
    expect(after).not.toContain('auth_token');
    expect((await me(session)).status).toBe(401);
    const goodbye = await page('/account/deleted', after);
    expect(goodbye.status).toBe(200);
    expect(await goodbye.text()).toContain('Your account is deleted');
  });

  test('a Pro subscriber is told deleting does not cancel the subscription; the last admin gets no form', async () => {
    const pro = await loginAs(app, 'subscribed-leaver', { role: 'pro' });
    const proPage = await (await page('/account/delete', pro.cookie)).text();
    expect(proPage).toContain('id="delete-subscription"');
    expect(proPage).toContain('Deleting your account does not cancel a Pro subscription');
    expect(proPage).toContain('<a href="/pro">Manage your subscription</a>');

    await app.platform.db.updateTable('app_users').set({ role: 'user' }).where('role', '=', 'admin').execute();
    const admin = await loginAs(app, 'lonely-admin', { role: 'admin' });
    const adminPage = await (await page('/account/delete', admin.cookie)).text();
    expect(adminPage).toContain('id="delete-last-admin"');
    expect(adminPage).not.toContain('action="/account/delete"');
    const refused = await post(admin.cookie, 'lonely-admin');
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('You are the only administrator of this server.');
  });

  test('the account page links to the export and to deletion', async () => {
    const session = await loginAs(app, 'linked-reader');
    const html = await (await page('/account', session.cookie)).text();
    expect(html).toContain('href="/api/account/export" download=""');
    expect(html).toContain('href="/account/delete"');
  });
});
