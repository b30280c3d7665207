import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startAiApp, sseFrames, type AiTestApp } from '../support/ai-app.ts';
import { TEST_ORIGIN } from '../support/auth.ts';

/** Batch covers: SSE frames in order, an error per failed book without stopping, cancel, resume, one at a time. */
let app: AiTestApp;
let bare: string[];

beforeAll(async () => {
  app = await startAiApp();
  const books = await app.platform.db.selectFrom('books').select('slug').orderBy('slug').limit(4).execute();
  bare = books.map((b) => b.slug);
  await app.platform.db.updateTable('books').set({ cover_key: null }).where('slug', 'in', bare).execute();
});
afterAll(() => app.close());

const covers = async () => (await app.platform.db.selectFrom('books').select(['slug', 'cover_key']).where('slug', 'in', bare).orderBy('slug').execute()).map((b) => b.cover_key);
const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await Bun.sleep(10);
};

/** Streamed chunks arrive as bytes or, through app.handle, as strings. */
const chunkText = (chunk: unknown) => (typeof chunk === 'string' ? chunk : new TextDecoder().decode(chunk as Uint8Array));

describe('batch covers', () => {
  test('cancel stops between books; a second batch meanwhile is 409', async () => {
    app.ai.fault({ delayMs: 400 });
    const res = await app.post('/api/admin/catalogue/batch-covers', {});
    expect([res.status, res.headers.get('content-type')?.startsWith('text/event-stream')]).toEqual([200, true]);
    // The stream runs while it is read: once its first frame came, the first book is being drawn (400 ms).
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('\n\n')) text += chunkText((await reader.read()).value);
    const reading = (async () => {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += chunkText(chunk.value);
      return sseFrames(new Response(text));
    })();
    const second = await app.post('/api/admin/catalogue/batch-covers', {});
    expect([second.status, await second.json()]).toEqual([409, { error: 'conflict', message: 'A batch of covers is already running' }]);
    const cancel = await app.post('/api/admin/catalogue/batch-covers/cancel', {});
    expect([cancel.status, await cancel.json()]).toEqual([200, { cancelled: true }]);
    const frames = await reading;
    expect(frames).toEqual([
      { event: 'progress', data: { done: 0, total: 4, slug: null } },
      { event: 'progress', data: { done: 1, total: 4, slug: bare[0] } },
      { event: 'done', data: { done: 1, total: 4, failed: 0, cancelled: true } },
    ]);
    expect((await covers()).map(Boolean)).toEqual([true, false, false, false]);
    // Nothing runs now.
    expect(await (await app.post('/api/admin/catalogue/batch-covers/cancel', {})).json()).toEqual({ cancelled: false });
  });

  test('resumes with the books still without a cover; a failed book is an error event and the batch goes on', async () => {
    const [first] = await covers();
    app.ai.fault({ status: 500 });
    const res = await app.post('/api/admin/catalogue/batch-covers', {});
    const frames = await sseFrames(res);
    expect(frames).toEqual([
      { event: 'progress', data: { done: 0, total: 3, slug: null } },
      { event: 'error', data: { slug: bare[1], error: 'bad_gateway', message: 'The AI service answered 500: The server had an error', status: 502 } },
      { event: 'progress', data: { done: 1, total: 3, slug: bare[1] } },
      { event: 'progress', data: { done: 2, total: 3, slug: bare[2] } },
      { event: 'progress', data: { done: 3, total: 3, slug: bare[3] } },
      { event: 'done', data: { done: 3, total: 3, failed: 1, cancelled: false } },
    ]);
    const now = await covers();
    expect(now[0]).toBe(first!);
    expect(now.map(Boolean)).toEqual([true, false, true, true]);
    expect(now[2]).toMatch(new RegExp(`^covers/${bare[2]}/[0-9a-f]{16}\\.webp$`));
    // The prompt came from the book.
    const title = (await app.platform.db.selectFrom('books').select('title').where('slug', '=', bare[3]!).executeTakeFirstOrThrow()).title;
    expect(String(app.ai.requests.at(-1)!.body.prompt)).toContain(title);
    // The book page shows it.
    expect(await (await app.fetch(`/book/${bare[2]}`)).text()).toContain(`/${now[2]}`);
  });

  test('a last run covers the one that failed, then there is nothing left', async () => {
    let frames = await sseFrames(await app.post('/api/admin/catalogue/batch-covers', {}));
    expect(frames.at(-1)).toEqual({ event: 'done', data: { done: 1, total: 1, failed: 0, cancelled: false } });
    expect((await covers()).every(Boolean)).toBe(true);
    frames = await sseFrames(await app.post('/api/admin/catalogue/batch-covers', {}));
    expect(frames).toEqual([
      { event: 'progress', data: { done: 0, total: 0, slug: null } },
      { event: 'done', data: { done: 0, total: 0, failed: 0, cancelled: false } },
    ]);
  });

  test('a client that goes away ends the run and frees the lock for the next one', async () => {
    await app.platform.db.updateTable('books').set({ cover_key: null }).where('slug', '=', bare[0]!).execute();
    app.ai.fault({ delayMs: 300 });
    const controller = new AbortController();
    const res = await app.fetch('/api/admin/catalogue/batch-covers', { method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: app.admin.cookie }, body: '{}', signal: controller.signal });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();
    await reader.cancel().catch(() => {});
    await Bun.sleep(500);
    // The next run, with the model an admin picked.
    const frames = await sseFrames(await app.post('/api/admin/catalogue/batch-covers', { model: 'gpt-image-1' }));
    expect(frames.at(-1)).toEqual({ event: 'done', data: { done: 1, total: 1, failed: 0, cancelled: false } });
    expect(app.ai.requests.at(-1)!.body.model).toBe('gpt-image-1');
    expect((await covers()).every(Boolean)).toBe(true);
  });
});
