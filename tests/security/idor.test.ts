import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { TEST_ORIGIN } from '../support/auth.ts';
import { BOOK, startWorld, type Caller, type World } from './support/world.ts';

/**
 * Objects that belong to one reader (sessions, comments, notifications, avatars, a private library):
 * another signed-in reader gets 403 or 404, learns nothing beyond what a made-up id would tell,
 * and changes nothing.
 */
let world: World;
let alice: Caller;
let bob: Caller;
let admin: Caller;
beforeAll(async () => {
  world = await startWorld();
  ({ user: alice, other: bob, admin } = world.callers);
});
afterAll(() => world.app.close());

const idOf = (caller: Caller) => caller.session!.user.id;

function call(caller: Caller, method: string, path: string, json?: unknown, form?: Record<string, string>) {
  const headers: Record<string, string> = { accept: 'application/json', origin: TEST_ORIGIN, cookie: caller.cookie };
  let body: string | undefined;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(form).toString();
  }
  return world.app.fetch(path, { method, headers, body });
}

async function answer(response: Response) {
  return { status: response.status, body: await response.json() };
}

/** A foreign object must look exactly like one that does not exist (or be a plain 403). */
async function expectNothingLearned(foreign: Response, madeUp: Response) {
  const [a, b] = [await answer(foreign), await answer(madeUp)];
  expect([403, 404]).toContain(a.status);
  if (a.status === 404) expect(a).toEqual(b);
  else expect(a.body.error).toBe('forbidden');
}

describe('sessions', () => {
  test("another user cannot revoke someone's session, and it keeps working", async () => {
    const listed = (await (await call(alice, 'GET', '/api/sessions')).json()) as { sessions: { id: string; current: boolean }[] };
    const aliceSession = listed.sessions.find((s) => s.current)!.id;
    await expectNothingLearned(await call(bob, 'DELETE', `/api/sessions/${aliceSession}`), await call(bob, 'DELETE', '/api/sessions/AAAAAAAAAAAAAAAAAAAAAAAA'));
    expect((await call(alice, 'GET', '/api/auth/me')).status).toBe(200);
  });

  test("a session list never shows another user's sessions", async () => {
    const listed = (await (await call(bob, 'GET', '/api/sessions')).json()) as { sessions: { id: string }[] };
    const aliceIds = ((await (await call(alice, 'GET', '/api/sessions')).json()) as { sessions: { id: string }[] }).sessions.map((s) => s.id);
    expect(listed.sessions.some((s) => aliceIds.includes(s.id))).toBe(false);
  });
});

describe('app passwords', () => {
  type Listed = { app_passwords: { id: string }[] };
  test("another user can neither revoke someone's app password nor see it, and it keeps working", async () => {
    const created = await call(alice, 'POST', '/api/app-passwords', { name: 'Alice e-reader' });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await expectNothingLearned(await call(bob, 'DELETE', `/api/app-passwords/${id}`), await call(bob, 'DELETE', '/api/app-passwords/AAAAAAAAAAAAAAAA'));
    const bobs = (await (await call(bob, 'GET', '/api/app-passwords')).json()) as Listed;
    expect(bobs.app_passwords.some((p) => p.id === id)).toBe(false);
    // The page's form is refused alike (an HTML 404 page, not JSON).
    expect((await call(bob, 'POST', `/account/app-passwords/${id}/revoke`, undefined, {})).status).toBe(404);
    const alices = (await (await call(alice, 'GET', '/api/app-passwords')).json()) as Listed;
    expect(alices.app_passwords.map((p) => p.id)).toContain(id);
  });
});

describe('comments', () => {
  let commentId: number;
  beforeAll(async () => {
    const created = await call(alice, 'POST', `/api/comments/${BOOK}`, { text: 'Alice was here.', chapter: 1 });
    expect(created.status).toBe(201);
    commentId = ((await created.json()) as { comment: { id: number } }).comment.id;
  });

  const stillThere = async () => {
    const list = (await (await call(alice, 'GET', `/api/comments/${BOOK}?chapter=1`)).json()) as { comments: { id: number; text: string }[] };
    return list.comments.some((c) => c.id === commentId && c.text === 'Alice was here.');
  };

  test("another user cannot delete someone's comment (API)", async () => {
    const res = await call(bob, 'DELETE', `/api/comment/${commentId}`);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toBe('forbidden');
    expect(await stillThere()).toBe(true);
  });

  test("another user cannot delete someone's comment (form)", async () => {
    const res = await call(bob, 'POST', `/comment/${commentId}/delete`, undefined, {});
    expect([403, 404]).toContain(res.status);
    expect(await stillThere()).toBe(true);
  });
});

describe('notifications', () => {
  let notificationId: number;
  beforeAll(async () => {
    const created = await call(admin, 'POST', `/api/notifications?user_id=${idOf(alice)}`, { title: 'For Alice only' });
    expect(created.status).toBe(201);
    notificationId = ((await created.json()) as { notification: { id: number } }).notification.id;
  });

  const aliceSees = async () => {
    const list = (await (await call(alice, 'GET', `/api/notifications?user_id=${idOf(alice)}`)).json()) as { notifications: { id: number; read: boolean }[] };
    return list.notifications.find((n) => n.id === notificationId);
  };

  test("another user cannot list, mark or clear someone's notifications by naming them", async () => {
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const res = await call(bob, method, `/api/notifications?user_id=${idOf(alice)}`);
      expect(res.status).toBe(403);
      const body = (await res.json()) as { error: string; notifications?: unknown };
      expect(body.error).toBe('forbidden');
      expect(JSON.stringify(body)).not.toContain('For Alice only');
    }
    expect(await aliceSees()).toMatchObject({ read: false });
  });

  test("another user cannot mark or dismiss someone's notification by its id", async () => {
    const mine = `user_id=${idOf(bob)}`;
    await expectNothingLearned(await call(bob, 'PATCH', `/api/notifications/${notificationId}?${mine}`, { read: true }), await call(bob, 'PATCH', `/api/notifications/999999?${mine}`, { read: true }));
    await expectNothingLearned(await call(bob, 'DELETE', `/api/notifications/${notificationId}?${mine}`), await call(bob, 'DELETE', `/api/notifications/999999?${mine}`));
    // Naming the owner does not help either.
    expect((await call(bob, 'DELETE', `/api/notifications/${notificationId}?user_id=${idOf(alice)}`)).status).toBe(403);
    expect(await aliceSees()).toMatchObject({ read: false });
  });

  test("the page's open and dismiss buttons do not work on someone else's notification", async () => {
    for (const action of ['open', 'dismiss']) {
      const foreign = await call(bob, 'POST', `/notifications/${notificationId}/${action}`, undefined, {});
      const madeUp = await call(bob, 'POST', `/notifications/999999/${action}`, undefined, {});
      expect(foreign.status).toBe(madeUp.status);
      expect([403, 404]).toContain(foreign.status);
    }
    expect(await aliceSees()).toMatchObject({ read: false });
  });
});

describe('avatars', () => {
  test("another user cannot presign uploads to or downloads of someone's avatar", async () => {
    for (const path of [`/api/presign/avatar-upload/${idOf(alice)}`, `/api/presign/avatar/${idOf(alice)}`]) {
      const res = await call(bob, 'GET', path);
      expect(res.status).toBe(403);
      const text = await res.text();
      expect(JSON.parse(text).error).toBe('forbidden');
      expect(text).not.toContain('/objects/');
    }
  });

  test("another user cannot record someone's upload as their own avatar", async () => {
    const started = (await (await call(alice, 'POST', '/account/avatar', {})).json()) as { key: string };
    expect(started.key).toContain(idOf(alice));
    const res = await call(bob, 'PATCH', '/account/avatar', { key: started.key });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toBe('forbidden');
  });
});

describe('a private library', () => {
  test('is hidden from another user and from admins, and shown to its owner', async () => {
    expect((await call(alice, 'POST', `/api/library/${BOOK}`, {})).status).toBe(201);
    expect((await call(alice, 'PUT', '/api/settings/privacy', { library_private: true })).status).toBe(200);
    const name = alice.session!.user.username;
    for (const viewer of [bob, admin, world.callers.anonymous]) {
      const res = await call(viewer, 'GET', `/api/users/${name}/library`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain(BOOK);
    }
    const own = await call(alice, 'GET', `/api/users/${name}/library`);
    expect(own.status).toBe(200);
    expect(await own.text()).toContain(BOOK);
  });
});
