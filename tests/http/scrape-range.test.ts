import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createLogger } from '../../src/platform/log.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';
import { freePort } from '../support/processes.ts';

/**
 * POST /api/scrape/range exactly as interface.md and decisions.md say: every error with its
 * message, the backend's status and body relayed, 502 when the backend is unreachable. No job runs
 * here: the tasks stay pending (the scrape itself is tested in scrape-*.test.ts).
 */
const SITE = 'http://127.0.0.1:4555';
const BOOK = `${SITE}/book/the-iron-archive`;

let app: TestApp;
let admin: Session;
let reader: Session;

const send = (target: TestApp, who: Session | null, body: string, type = 'application/json', path = '/api/scrape/range') =>
  target.fetch(path, { method: 'POST', headers: { 'content-type': type, accept: 'application/json', origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}) }, body });

beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, SOURCE_BASE_URL: SITE } });
  admin = await loginAs(app, 'range-admin', { role: 'admin' });
  reader = await loginAs(app, 'range-reader');
});
afterAll(() => app.close());

describe('who may', () => {
  test('anonymous and plain users are 403, whatever the body', async () => {
    for (const who of [null, reader]) {
      const res = await send(app, who, JSON.stringify({ url: BOOK, from: 1 }));
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'forbidden', message: 'Administrators only' });
    }
  });

  test('the backend path refuses callers without the service key who are not admins', async () => {
    const res = await send(app, reader, JSON.stringify({ url: BOOK, from: 1 }), 'application/json', '/scrape/book/range');
    expect(res.status).toBe(403);
  });
});

describe('bad input', () => {
  const invalidJson = { error: 'invalid_request', message: 'Invalid JSON body' };
  const required = { error: 'invalid_request', message: 'url and from are required' };

  test('malformed JSON, and bodies that are not JSON, are 400 Invalid JSON body', async () => {
    for (const [body, type] of [['{"url": ', 'application/json'], ['url=x&from=1', 'application/x-www-form-urlencoded'], ['hello', 'text/plain'], ['[1, 2]', 'application/json'], ['"text"', 'application/json'], ['', 'application/json']] as const) {
      const res = await send(app, admin, body, type);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(await res.json()).toEqual(invalidJson);
    }
  });

  test('a missing url or a from that is not a number is 400 url and from are required', async () => {
    for (const body of [{}, { url: BOOK }, { from: 1 }, { url: '', from: 1 }, { url: BOOK, from: '3' }, { url: 42, from: 1 }, { url: BOOK, from: null }]) {
      const res = await send(app, admin, JSON.stringify(body));
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(await res.json()).toEqual(required);
    }
  });

  test("the backend's own 400s are relayed: not a source's page, from below 1, to before from", async () => {
    for (const [body, message] of [
      [{ url: 'http://evil.example/book/x', from: 1 }, null],
      [{ url: 'file:///etc/passwd', from: 1 }, null],
      [{ url: 'http://127.0.0.1:9/book/x', from: 1 }, null],
      [{ url: BOOK, from: 0 }, null],
      [{ url: BOOK, from: 5, to: 2 }, 'to must be a chapter number no smaller than from'],
    ] as const) {
      const res = await send(app, admin, JSON.stringify(body));
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      const json = (await res.json()) as { error: string; message: string };
      expect(json.error).toBe('invalid_request');
      if (message) expect(json.message).toBe(message);
      else expect(json.message.length).toBeGreaterThan(5);
    }
    const tasks = await app.platform.db.selectFrom('scrape_tasks').select('id').execute();
    expect(tasks).toEqual([]);
  });
});

describe('accepted and queued behind whatever runs; 409 only for a book already being scraped', () => {
  const OTHER = `${SITE}/book/the-glass-orchard`;

  test('202 {task_id, status}; to omitted means to the last chapter; another book while one waits is 202, queued behind it; the same book is 409', async () => {
    const res = await send(app, admin, JSON.stringify({ url: `${BOOK}/chapter-7`, from: 5 }));
    expect(res.status).toBe(202);
    const body = (await res.json()) as { task_id: string; status: string };
    expect(body.status).toBe('pending');
    const task = await app.platform.db.selectFrom('scrape_tasks').selectAll().where('id', '=', body.task_id).executeTakeFirstOrThrow();
    expect(task).toMatchObject({ kind: 'range', url: BOOK, from_chapter: 5, to_chapter: null, initiator_id: admin.user.id, status: 'pending' });

    const same = await send(app, admin, JSON.stringify({ url: BOOK, from: 1, to: 3 }));
    expect(same.status).toBe(409);
    expect(await same.json()).toEqual({ error: 'conflict', message: 'A scrape of this book is already running; try again when it has finished' });

    const again = await send(app, admin, JSON.stringify({ url: OTHER, from: 1, to: 3 }));
    expect(again.status).toBe(202);
    const queued = (await again.json()) as { task_id: string; status: string };
    expect(queued.status).toBe('pending');
    const second = (await (await app.fetch(`/api/admin/scrape-tasks/${queued.task_id}`, { headers: { cookie: admin.cookie } })).json()) as { detail: { waiting_for: unknown } };
    expect(second.detail.waiting_for).toEqual({ reason: 'queue', position: 2, task_id: body.task_id });
    await app.fetch(`/api/admin/scrape-tasks/${queued.task_id}/cancel`, { method: 'POST', headers: { cookie: admin.cookie, origin: TEST_ORIGIN } });

    const listed = await app.fetch('/api/admin/scrape-tasks', { headers: { cookie: admin.cookie } });
    const { tasks } = (await listed.json()) as { tasks: { id: string; to: number | null; from: number | null }[] };
    expect(tasks[0]).toMatchObject({ id: queued.task_id, from: 1, to: 3 });
    expect(tasks[1]).toMatchObject({ id: body.task_id, from: 5, to: null });

    // Cancelled while waiting: it ends at once, and a new range of that book is accepted, with its `to` kept.
    const cancelled = await app.fetch(`/api/admin/scrape-tasks/${body.task_id}/cancel`, { method: 'POST', headers: { cookie: admin.cookie, origin: TEST_ORIGIN } });
    expect(((await cancelled.json()) as { status: string }).status).toBe('cancelled');
    const next = await send(app, admin, JSON.stringify({ url: BOOK, from: 1, to: 3 }));
    expect(next.status).toBe(202);
    const id = ((await next.json()) as { task_id: string }).task_id;
    expect((await app.platform.db.selectFrom('scrape_tasks').select('to_chapter').where('id', '=', id).executeTakeFirstOrThrow()).to_chapter).toBe(3);
    await app.fetch(`/api/admin/scrape-tasks/${id}/cancel`, { method: 'POST', headers: { cookie: admin.cookie, origin: TEST_ORIGIN } });
  });

  test('at the same moment: three ranges of one book, exactly one accepted; three books, all accepted in one queue', async () => {
    const cancelAll = async (results: Response[]) => {
      for (const res of results.filter((r) => r.status === 202)) {
        const { task_id } = (await res.json()) as { task_id: string };
        await app.fetch(`/api/admin/scrape-tasks/${task_id}/cancel`, { method: 'POST', headers: { cookie: admin.cookie, origin: TEST_ORIGIN } });
      }
    };
    const sameBook = await Promise.all([1, 2, 3].map((n) => send(app, admin, JSON.stringify({ url: BOOK, from: n }))));
    expect(sameBook.map((r) => r.status).sort()).toEqual([202, 409, 409]);
    await cancelAll(sameBook);
    const books = await Promise.all(['a', 'b', 'c'].map((name) => send(app, admin, JSON.stringify({ url: `${SITE}/book/book-${name}`, from: 1 }))));
    expect(books.map((r) => r.status)).toEqual([202, 202, 202]);
    await cancelAll(books);
  });
});

describe('SCRAPER_URL: a separate backend', () => {
  test('unreachable → 502 Could not reach scraper', async () => {
    const closed = await freePort();
    const web = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, SOURCE_BASE_URL: SITE, SCRAPER_URL: `http://127.0.0.1:${closed}` } });
    try {
      const who = await loginAs(web, 'web-admin', { role: 'admin' });
      const res = await send(web, who, JSON.stringify({ url: BOOK, from: 1 }));
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ error: 'bad_gateway', message: 'Could not reach scraper' });
    } finally {
      await web.close();
    }
  });

  test("the backend's status and JSON body are relayed, 5xx included (and logged)", async () => {
    const replies = [
      { status: 202, body: { task_id: 'remote-task', status: 'pending' } },
      { status: 409, body: { error: 'conflict', message: 'busy elsewhere' } },
      { status: 503, body: { error: 'unavailable', message: 'scraper starting' } },
    ];
    const seen: { path: string; service: string | null; body: unknown }[] = [];
    let next = 0;
    const backend = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: async (request) => {
        seen.push({ path: new URL(request.url).pathname, service: request.headers.get('x-chapterhouse-service'), body: await request.json() });
        const reply = replies[next++]!;
        return Response.json(reply.body, { status: reply.status });
      },
    });
    const lines: string[] = [];
    const web = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, SOURCE_BASE_URL: SITE, SCRAPER_URL: `http://127.0.0.1:${backend.port}` }, log: createLogger('info', {}, (line) => lines.push(line)) });
    try {
      const who = await loginAs(web, 'relay-admin', { role: 'admin' });
      for (const reply of replies) {
        const res = await send(web, who, JSON.stringify({ url: BOOK, from: 2, to: 9 }));
        expect(res.status).toBe(reply.status);
        expect(await res.json()).toEqual(reply.body);
      }
      expect(seen[0]).toMatchObject({ path: '/scrape/book/range', body: { url: BOOK, from: 2, to: 9, initiator_id: who.user.id } });
      expect(seen[0]!.service?.length).toBeGreaterThan(20);
      expect(lines.some((line) => line.includes('scraper backend error') && line.includes('503'))).toBe(true);
    } finally {
      await web.close();
      backend.stop(true);
    }
  });
});
