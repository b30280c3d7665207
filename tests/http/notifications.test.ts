import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';
import { createNotification, notify, notifyAdmins, unreadCount } from '../../src/features/notifications/service.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
});
afterAll(() => app.close());

type Item = { id: number; user_id: string; title: string; body: string; link: string | null; read: boolean; created: string };
type List = { notifications: Item[]; unread: number; has_more: boolean };

function call(method: string, path: string, session: Session | null, body?: unknown) {
  const headers: Record<string, string> = { accept: 'application/json', origin: TEST_ORIGIN };
  if (session) headers.cookie = session.cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return app.fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}
async function list(session: Session, userId = session.user.id, extra = ''): Promise<List> {
  const res = await call('GET', `/api/notifications?user_id=${userId}${extra}`, session);
  expect(res.status).toBe(200);
  return (await res.json()) as List;
}
const titles = (l: List) => l.notifications.map((n) => n.title);
const db = () => app.platform.db;
const NOBODY = '00000000-0000-4000-8000-000000000000';

describe('the order of refusals', () => {
  test('a call without user_id is 400 first, for anyone, on every method', async () => {
    const ann = await loginAs(app, 'nt-order-ann');
    for (const session of [null, ann]) {
      for (const method of ['GET', 'PATCH', 'DELETE', 'POST']) {
        for (const path of ['/api/notifications', '/api/notifications?user_id=', '/api/notifications?limit=500']) {
          const res = await call(method, path, session, method === 'POST' ? { nonsense: true } : undefined);
          expect(res.status).toBe(400);
          expect(await res.json()).toEqual({ error: 'invalid_request', message: 'user_id required' });
        }
      }
    }
  });

  test('then anonymous callers are 401 (the admin-only POST is 403)', async () => {
    const ann = await loginAs(app, 'nt-order-anon');
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const res = await call(method, `/api/notifications?user_id=${ann.user.id}`, null);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'unauthorized', message: 'Sign in to continue' });
    }
    const post = await call('POST', `/api/notifications?user_id=${ann.user.id}`, null, { title: 'Hi' });
    expect(post.status).toBe(403);
    expect(await post.json()).toEqual({ error: 'forbidden', message: 'Administrators only' });
  });

  test('then a caller who is neither that user nor an admin is 403, malformed ids included', async () => {
    const ann = await loginAs(app, 'nt-order-ann2');
    const bob = await loginAs(app, 'nt-order-bob');
    await notify(db(), { userId: ann.user.id, title: 'For Ann only' });
    for (const userId of [ann.user.id, 'not-a-uuid', "1' or '1'='1", NOBODY]) {
      for (const method of ['GET', 'PATCH', 'DELETE']) {
        const res = await call(method, `/api/notifications?user_id=${encodeURIComponent(userId)}`, bob);
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({ error: 'forbidden', message: 'You can only see your own notifications' });
      }
    }
    const post = await call('POST', `/api/notifications?user_id=${ann.user.id}`, bob, { title: 'Spoof' });
    expect(post.status).toBe(403);
    expect(titles(await list(ann))).toEqual(['For Ann only']);
  });

  test('one\'s own id in capitals is still one\'s own', async () => {
    const ann = await loginAs(app, 'nt-order-caps');
    await notify(db(), { userId: ann.user.id, title: 'Caps' });
    expect(titles(await list(ann, ann.user.id.toUpperCase()))).toEqual(['Caps']);
  });

  test('an admin may act for anyone; a malformed id is 400 and an unknown user 404 for them', async () => {
    const admin = await loginAs(app, 'nt-admin', { role: 'admin' });
    const ann = await loginAs(app, 'nt-admin-ann');
    await notify(db(), { userId: ann.user.id, title: 'One' });
    await notify(db(), { userId: ann.user.id, title: 'Two' });
    const seen = await list(admin, ann.user.id);
    expect(titles(seen)).toEqual(['Two', 'One']);
    expect(seen.notifications.every((n) => n.user_id === ann.user.id)).toBe(true);
    const bad = await call('GET', '/api/notifications?user_id=not-a-uuid', admin);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'invalid_request', message: 'user_id must be a user id' });
    const unknown = await call('PATCH', `/api/notifications?user_id=${NOBODY}`, admin);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'not_found', message: 'User not found' });
    const read = await call('PATCH', `/api/notifications?user_id=${ann.user.id}`, admin);
    expect(await read.json()).toEqual({ updated: 2 });
    const cleared = await call('DELETE', `/api/notifications?user_id=${ann.user.id}`, admin);
    expect(await cleared.json()).toEqual({ deleted: 2 });
    expect((await list(ann)).notifications).toEqual([]);
  });
});

describe('GET /api/notifications', () => {
  test('the shape: newest first, every field, the unread count', async () => {
    const ann = await loginAs(app, 'nt-shape');
    await notify(db(), { userId: ann.user.id, title: 'First', body: 'Body text', link: '/book/morning-bread' });
    await notify(db(), { userId: ann.user.id, title: 'Second' });
    const body = await list(ann);
    expect(Object.keys(body).sort()).toEqual(['has_more', 'notifications', 'unread']);
    expect(body.unread).toBe(2);
    expect(body.has_more).toBe(false);
    const [second, first] = body.notifications;
    expect(Object.keys(first!).sort()).toEqual(['body', 'created', 'id', 'link', 'read', 'title', 'user_id']);
    expect(first).toMatchObject({ user_id: ann.user.id, title: 'First', body: 'Body text', link: '/book/morning-bread', read: false });
    expect(second).toMatchObject({ title: 'Second', body: '', link: null, read: false });
    expect(typeof first!.id).toBe('number');
    expect(second!.id).toBeGreaterThan(first!.id);
    expect(new Date(first!.created).toISOString()).toBe(first!.created);
    expect(Date.now() - Date.parse(first!.created)).toBeLessThan(60_000);
  });

  test('limit (default 50, at most 100) and the before cursor page through everything once', async () => {
    const ann = await loginAs(app, 'nt-paging');
    for (let i = 1; i <= 55; i++) await notify(db(), { userId: ann.user.id, title: `N${i}` });
    const first = await list(ann);
    expect(first.notifications).toHaveLength(50);
    expect(first.has_more).toBe(true);
    expect(first.unread).toBe(55);
    expect(first.notifications[0]!.title).toBe('N55');
    const rest = await list(ann, ann.user.id, `&before=${first.notifications.at(-1)!.id}`);
    expect(titles(rest)).toEqual(['N5', 'N4', 'N3', 'N2', 'N1']);
    expect(rest.has_more).toBe(false);
    const small = await list(ann, ann.user.id, '&limit=2');
    expect(titles(small)).toEqual(['N55', 'N54']);
    expect(small.has_more).toBe(true);
    expect((await list(ann, ann.user.id, '&limit=100')).notifications).toHaveLength(55);
  });

  test('bad limit or before is 400 naming it', async () => {
    const ann = await loginAs(app, 'nt-paging-bad');
    for (const [extra, message] of [
      ['&limit=0', 'limit must be a whole number from 1 to 100'],
      ['&limit=101', 'limit must be a whole number from 1 to 100'],
      ['&limit=abc', 'limit must be a whole number from 1 to 100'],
      ['&before=x', 'before must be a notification id'],
      ['&before=-3', 'before must be a notification id'],
    ]) {
      const res = await call('GET', `/api/notifications?user_id=${ann.user.id}${extra}`, ann);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'invalid_request', message });
    }
  });
});

describe('PATCH and DELETE on all', () => {
  test('PATCH marks all read and counts those that were unread; only that user\'s', async () => {
    const ann = await loginAs(app, 'nt-readall-ann');
    const bob = await loginAs(app, 'nt-readall-bob');
    for (const title of ['a', 'b', 'c']) await notify(db(), { userId: ann.user.id, title });
    await notify(db(), { userId: bob.user.id, title: 'bob' });
    const res = await call('PATCH', `/api/notifications?user_id=${ann.user.id}`, ann);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ updated: 3 });
    const after = await list(ann);
    expect(after.unread).toBe(0);
    expect(after.notifications.every((n) => n.read)).toBe(true);
    expect(await (await call('PATCH', `/api/notifications?user_id=${ann.user.id}`, ann)).json()).toEqual({ updated: 0 });
    expect((await list(bob)).unread).toBe(1);
  });

  test('DELETE clears all and counts them; only that user\'s', async () => {
    const ann = await loginAs(app, 'nt-clear-ann');
    const bob = await loginAs(app, 'nt-clear-bob');
    for (const title of ['a', 'b']) await notify(db(), { userId: ann.user.id, title });
    await notify(db(), { userId: bob.user.id, title: 'bob' });
    const res = await call('DELETE', `/api/notifications?user_id=${ann.user.id}`, ann);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: 2 });
    expect(await list(ann)).toEqual({ notifications: [], unread: 0, has_more: false });
    expect(await (await call('DELETE', `/api/notifications?user_id=${ann.user.id}`, ann)).json()).toEqual({ deleted: 0 });
    expect(titles(await list(bob))).toEqual(['bob']);
  });
});

describe('one notification', () => {
  test('DELETE /api/notifications/{id}: 204, then 404; another\'s is 404 and stays; admins may', async () => {
    const ann = await loginAs(app, 'nt-one-ann');
    const bob = await loginAs(app, 'nt-one-bob');
    const admin = await loginAs(app, 'nt-one-admin', { role: 'admin' });
    const keep = await createNotification(db(), { userId: ann.user.id, title: 'Keep' });
    const drop = await createNotification(db(), { userId: ann.user.id, title: 'Drop' });
    const res = await call('DELETE', `/api/notifications/${drop.id}?user_id=${ann.user.id}`, ann);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(titles(await list(ann))).toEqual(['Keep']);
    const again = await call('DELETE', `/api/notifications/${drop.id}?user_id=${ann.user.id}`, ann);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: 'not_found', message: 'Notification not found' });
    const stranger = await call('DELETE', `/api/notifications/${keep.id}?user_id=${bob.user.id}`, bob);
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toEqual({ error: 'not_found', message: 'Notification not found' });
    expect(titles(await list(ann))).toEqual(['Keep']);
    expect((await call('DELETE', `/api/notifications/${keep.id}?user_id=${ann.user.id}`, admin)).status).toBe(204);
    expect((await list(ann)).notifications).toEqual([]);
  });

  test('DELETE /api/notifications/{id}: anonymous 401 first, then a bad id 400', async () => {
    const ann = await loginAs(app, 'nt-one-bad');
    const anon = await call('DELETE', `/api/notifications/abc?user_id=${ann.user.id}`, null);
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ error: 'unauthorized', message: 'Sign in to continue' });
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999', '1e3']) {
      const res = await call('DELETE', `/api/notifications/${id}?user_id=${ann.user.id}`, ann);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'invalid_request', message: 'id must be a notification id' });
    }
    expect((await call('DELETE', `/api/notifications/987654321?user_id=${ann.user.id}`, ann)).status).toBe(404);
  });

  test('the id routes need user_id too (400 first); it is checked and must own the notification', async () => {
    const ann = await loginAs(app, 'nt-one-uid');
    const bob = await loginAs(app, 'nt-one-uid-bob');
    const admin = await loginAs(app, 'nt-one-uid-admin', { role: 'admin' });
    const n = await createNotification(db(), { userId: ann.user.id, title: 'Mine' });
    for (const [method, who, body] of [['DELETE', ann, undefined], ['PATCH', ann, { read: true }], ['DELETE', null, undefined]] as const) {
      const missing = await call(method, `/api/notifications/${n.id}`, who, body);
      expect(missing.status).toBe(400);
      expect(await missing.json()).toEqual({ error: 'invalid_request', message: 'user_id required' });
    }
    const spoof = await call('DELETE', `/api/notifications/${n.id}?user_id=${ann.user.id}`, bob);
    expect(spoof.status).toBe(403);
    expect(await spoof.json()).toEqual({ error: 'forbidden', message: 'You can only see your own notifications' });
    const wrongOwner = await call('PATCH', `/api/notifications/${n.id}?user_id=${bob.user.id}`, admin, { read: true });
    expect(wrongOwner.status).toBe(404);
    expect(await wrongOwner.json()).toEqual({ error: 'not_found', message: 'Notification not found' });
    expect((await call('PATCH', `/api/notifications/${n.id}?user_id=${ann.user.id}`, ann, { read: true })).status).toBe(200);
    expect((await call('DELETE', `/api/notifications/${n.id}?user_id=${ann.user.id}`, ann)).status).toBe(204);
    expect((await list(ann)).notifications).toEqual([]);
  });

  test('PATCH /api/notifications/{id} {read} marks one read or unread; another\'s is 404; bad body 400', async () => {
    const ann = await loginAs(app, 'nt-one-read');
    const bob = await loginAs(app, 'nt-one-read-bob');
    const n = await createNotification(db(), { userId: ann.user.id, title: 'Read me', link: '/library' });
    await notify(db(), { userId: ann.user.id, title: 'Other' });
    const res = await call('PATCH', `/api/notifications/${n.id}?user_id=${ann.user.id}`, ann, { read: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ notification: { ...n, read: true } });
    expect((await list(ann)).unread).toBe(1);
    expect(((await (await call('PATCH', `/api/notifications/${n.id}?user_id=${ann.user.id}`, ann, { read: false })).json()) as { notification: Item }).notification.read).toBe(false);
    expect((await list(ann)).unread).toBe(2);
    expect((await call('PATCH', `/api/notifications/${n.id}?user_id=${bob.user.id}`, bob, { read: true })).status).toBe(404);
    const bad = await call('PATCH', `/api/notifications/${n.id}?user_id=${ann.user.id}`, ann, { read: 'yes' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'invalid_request', message: 'read must be true or false' });
  });
});

describe('POST /api/notifications (admins send one)', () => {
  test('201 with the stored notification; the user sees it', async () => {
    const admin = await loginAs(app, 'nt-send-admin', { role: 'admin' });
    const ann = await loginAs(app, 'nt-send-ann');
    const res = await call('POST', `/api/notifications?user_id=${ann.user.id}`, admin, { title: '  Welcome  ', body: 'Hello there', link: '/browse?genre=fantasy' });
    expect(res.status).toBe(201);
    const { notification } = (await res.json()) as { notification: Item };
    expect(notification).toMatchObject({ user_id: ann.user.id, title: 'Welcome', body: 'Hello there', link: '/browse?genre=fantasy', read: false });
    expect((await list(ann)).notifications).toEqual([notification]);
  });

  test('an outside link, a blank or long title, an unknown user: 4xx and nothing stored', async () => {
    const admin = await loginAs(app, 'nt-send-bad-admin', { role: 'admin' });
    const ann = await loginAs(app, 'nt-send-bad-ann');
    const cases: Array<[string, unknown, number, string]> = [
      [ann.user.id, { title: 'x', link: 'https://evil.example/' }, 400, 'link must be a site path starting with /'],
      [ann.user.id, { title: 'x', link: '//evil.example/' }, 400, 'link must be a site path starting with /'],
      [ann.user.id, { title: '   ' }, 400, 'title is required'],
      [ann.user.id, { title: 'x'.repeat(201) }, 400, 'title must be 1 to 200 characters'],
      [ann.user.id, { title: 'x', body: 'y'.repeat(2001) }, 400, 'body must be at most 2000 characters'],
      [NOBODY, { title: 'x' }, 404, 'User not found'],
    ];
    for (const [userId, body, status, message] of cases) {
      const res = await call('POST', `/api/notifications?user_id=${userId}`, admin, body);
      expect(res.status).toBe(status);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
    expect((await list(ann)).notifications).toEqual([]);
  });
});

describe('the notify helper', () => {
  test('keeps only site paths as links; anything else is stored as null', async () => {
    const ann = await loginAs(app, 'nt-helper-links');
    const cases: Array<[string | null | undefined, string | null]> = [
      ['/book/morning-bread/3#comment-12', '/book/morning-bread/3#comment-12'],
      ['  /library?shelf=reading  ', '/library?shelf=reading'],
      ['/a b', '/a%20b'],
      ['https://evil.example/x', null],
      ['//evil.example/x', null],
      ['/\\evil.example', null],
      ['javascript:alert(1)', null],
      ['book/relative', null],
      ['/\tevil', null],
      ['', null],
      [null, null],
      [undefined, null],
      ['/' + 'a'.repeat(2000), null],
    ];
    for (const [link] of cases) await notify(db(), { userId: ann.user.id, title: 't', link });
    const stored = (await list(ann, ann.user.id, '&limit=100')).notifications.reverse().map((n) => n.link);
    expect(stored).toEqual(cases.map(([, expected]) => expected));
  });

  test('titles are trimmed to one line and cut at 200 characters, bodies at 2,000', async () => {
    const ann = await loginAs(app, 'nt-helper-lengths');
    await notify(db(), { userId: ann.user.id, title: '  A\n title\twith   gaps  ', body: '  line one\r\nline two  ' });
    await notify(db(), { userId: ann.user.id, title: 'é'.repeat(250), body: '😀'.repeat(2500) });
    const [long, short] = (await list(ann)).notifications;
    expect(short).toMatchObject({ title: 'A title with gaps', body: 'line one\nline two' });
    expect(Array.from(long!.title)).toHaveLength(200);
    expect(long!.title.endsWith('…')).toBe(true);
    expect(Array.from(long!.body)).toHaveLength(2000);
    expect(long!.body.endsWith('…')).toBe(true);
    await expect(notify(db(), { userId: ann.user.id, title: ' \n ' })).rejects.toThrow('title is required');
  });

  test('each user keeps the newest 500', async () => {
    const ann = await loginAs(app, 'nt-helper-bound');
    const bob = await loginAs(app, 'nt-helper-bound-bob');
    await sql`insert into notifications (user_id, title) select ${ann.user.id}::uuid, 'old ' || g from generate_series(1, 500) g`.execute(db());
    await notify(db(), { userId: bob.user.id, title: 'bob keeps this' });
    await notify(db(), { userId: ann.user.id, title: 'new 1' });
    await notify(db(), { userId: ann.user.id, title: 'new 2' });
    const count = await sql<{ n: number }>`select count(*)::int as n from notifications where user_id = ${ann.user.id}`.execute(db());
    expect(count.rows[0]!.n).toBe(500);
    const oldest = await sql<{ title: string }>`select title from notifications where user_id = ${ann.user.id} order by id limit 1`.execute(db());
    expect(oldest.rows[0]!.title).toBe('old 3');
    expect(titles(await list(ann, ann.user.id, '&limit=3'))).toEqual(['new 2', 'new 1', 'old 500']);
    expect(titles(await list(bob))).toEqual(['bob keeps this']);
  });

  test('notifyAdmins reaches every admin and nobody else', async () => {
    const one = await loginAs(app, 'nt-admins-1', { role: 'admin' });
    const two = await loginAs(app, 'nt-admins-2', { role: 'admin' });
    const ann = await loginAs(app, 'nt-admins-user');
    const admins = await sql<{ n: number }>`select count(*)::int as n from app_users where role = 'admin'`.execute(db());
    const reached = await notifyAdmins(db(), { title: 'Import failed', body: 'Book X', link: 'https://nope.example' });
    expect(reached).toBe(admins.rows[0]!.n);
    for (const admin of [one, two]) expect((await list(admin)).notifications[0]).toMatchObject({ title: 'Import failed', body: 'Book X', link: null });
    expect((await list(ann)).notifications).toEqual([]);
  });

  test('the unread count reads the partial index alone (index-only scan)', async () => {
    const ann = await loginAs(app, 'nt-helper-count');
    await notify(db(), { userId: ann.user.id, title: 'a' });
    await notify(db(), { userId: ann.user.id, title: 'b' });
    await sql`update notifications set read = true where user_id = ${ann.user.id} and title = 'a'`.execute(db());
    expect(await unreadCount(db(), ann.user.id)).toBe(1);
    // A table this small is cheaper to scan; forbid that to see which index the planner can use.
    const plan = await db().transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_bitmapscan = off`.execute(trx);
      const rows = await sql<Record<string, string>>`explain select count(*)::int from notifications where user_id = ${ann.user.id} and not read`.execute(trx);
      return rows.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('Index Only Scan using notifications_unread_idx');
  });
});
