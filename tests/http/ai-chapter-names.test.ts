import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startAiApp, sseFrames, type AiTestApp } from '../support/ai-app.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN } from '../support/auth.ts';

let app: AiTestApp;
const SLUG = 'the-long-road';
const WORDS = ['Fog', 'Lantern', 'River', 'Ashes', 'Crown', 'Winter', 'Harbor', 'Silence'];

async function addLongBook(target: TestApp, slug: string, chapters: number): Promise<void> {
  await target.platform.db.insertInto('books').values({ slug, title: 'The Long Road', author: 'A. Walker', description: 'Far.' }).execute();
  await target.platform.db
    .insertInto('chapters')
    .values(Array.from({ length: chapters }, (_, i) => ({ book_slug: slug, number: i + 1, title: `Chapter ${i + 1}`, text: `${WORDS[i % WORDS.length]} over the water, on day ${i + 1}. The road went on.\n` })))
    .execute();
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await Bun.sleep(40);
  }
}

const job = async (id: string) => (await (await app.get(`/api/admin/ai-jobs/${id}`)).json()) as { status: string; progress: number; payload: { proposals: { number: number; title: string; old_title: string }[]; batches: number } };

beforeAll(async () => {
  app = await startAiApp();
  await addLongBook(app, SLUG, 250);
});
afterAll(() => app.close());

describe('POST /api/admin/text-gen/chapter-names (SSE)', () => {
  test('250 chapters: three batch events of 100, 100 and 50, then done', async () => {
    const res = await app.post('/api/admin/text-gen/chapter-names', { slug: SLUG });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const frames = await sseFrames(res);
    const batches = frames.filter((f) => f.event === 'batch');
    expect(batches.map((b) => [b.data.batch, b.data.proposals.length])).toEqual([[1, 100], [2, 100], [3, 50]]);
    expect(batches[0]!.data.proposals[0]).toEqual({ number: 1, old_title: 'Chapter 1', title: 'Fog Over The 1' });
    // "Chapter 10: …" from the model loses its prefix.
    expect(batches[0]!.data.proposals[9].title).toBe('Lantern Over The 10');
    expect(frames.at(-1)).toEqual({ event: 'done', data: { slug: SLUG, total: 250, proposals: 250 } });
    expect(frames.filter((f) => f.event === 'progress').map((f) => f.data.done)).toEqual([0, 100, 200, 250]);
    // Nothing is stored by a proposal.
    expect((await (await app.get(`/api/chapter/${SLUG}/1`)).json()).chapter.title).toBe('Chapter 1');
  });

  test('a range names only its chapters', async () => {
    const frames = await sseFrames(await app.post('/api/admin/text-gen/chapter-names', { slug: SLUG, from: 240, to: 245 }));
    const numbers = frames.filter((f) => f.event === 'batch').flatMap((f) => f.data.proposals.map((p: { number: number }) => p.number));
    expect(numbers).toEqual([240, 241, 242, 243, 244, 245]);
  });

  test('an AI failure mid-stream is an error event with the JSON error body', async () => {
    app.ai.fault({ status: 500 });
    const frames = await sseFrames(await app.post('/api/admin/text-gen/chapter-names', { slug: SLUG }));
    expect(frames.at(-1)).toEqual({ event: 'error', data: { error: 'bad_gateway', message: 'The AI service answered 500: The server had an error', status: 502 } });
  });

  test('bad requests are 4xx before any stream', async () => {
    let res = await app.post('/api/admin/text-gen/chapter-names', {});
    expect([res.status, await res.json()]).toEqual([400, { error: 'invalid_request', message: 'slug is required' }]);
    res = await app.post('/api/admin/text-gen/chapter-names', { slug: 'no-such-book' });
    expect([res.status, await res.json()]).toEqual([404, { error: 'not_found', message: 'No such book' }]);
    res = await app.post('/api/admin/text-gen/chapter-names', { slug: SLUG, from: 300 });
    expect([res.status, await res.json()]).toEqual([400, { error: 'invalid_request', message: 'This book has no chapters in that range' }]);
    res = await app.post('/api/admin/text-gen/chapter-names', { slug: SLUG, from: 5, to: 2 });
    expect([res.status, await res.json()]).toEqual([400, { error: 'invalid_request', message: 'to must not be before from' }]);
  });
});

describe('the async job', () => {
  test('202 {job_id}; progress goes 0 → 100 and the payload holds 250 proposals', async () => {
    const res = await app.post('/api/admin/text-gen/chapter-names/async', { slug: SLUG });
    expect(res.status).toBe(202);
    const { job_id } = (await res.json()) as { job_id: string };
    const seen: number[] = [];
    const final = await waitFor(() => job(job_id), (j) => (seen.push(j.progress), j.status === 'done'));
    expect(seen[0]).toBe(0);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(final.status).toBe('done');
    expect(final.progress).toBe(100);
    expect(final.payload.proposals).toHaveLength(250);
    expect(final.payload.batches).toBe(3);
    const usage = await app.platform.db.selectFrom('ai_usage_daily').selectAll().where('kind', '=', 'chapter-names').execute();
    expect(usage.reduce((n, r) => n + Number(r.requests), 0)).toBeGreaterThanOrEqual(3);
  });

  test('cancel mid-way: the job stops between batches, cancelled, keeping the finished batches', async () => {
    let releaseFirst!: () => void;
    let releaseSecond!: () => void;
    const first = new Promise<void>((r) => (releaseFirst = r));
    const second = new Promise<void>((r) => (releaseSecond = r));
    app.ai.requests.length = 0;
    app.ai.hold(first);
    const { job_id } = (await (await app.post('/api/admin/text-gen/chapter-names/async', { slug: SLUG })).json()) as { job_id: string };
    await waitFor(async () => app.ai.requests.length, (n) => n === 1);
    app.ai.hold(second);
    releaseFirst();
    await waitFor(() => job(job_id), (j) => j.payload.batches === 1);
    await waitFor(async () => app.ai.requests.length, (n) => n === 2);
    const cancelled = await app.post(`/api/admin/ai-jobs/${job_id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as { status: string }).status).toBe('cancelled');
    app.ai.hold(null);
    releaseSecond();
    // The batch in flight is kept; no third one is asked for.
    const final = await waitFor(() => job(job_id), (j) => j.payload.batches === 2, 5000);
    await Bun.sleep(300);
    expect(app.ai.requests).toHaveLength(2);
    expect(final.status).toBe('cancelled');
    expect(final.payload.proposals).toHaveLength(200);
    expect((await job(job_id)).status).toBe('cancelled');
  });

  test('GET and cancel of an unknown job are 404; a malformed id is 400', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    let res = await app.get(`/api/admin/ai-jobs/${unknown}`);
    expect([res.status, await res.json()]).toEqual([404, { error: 'not_found', message: 'No such AI job' }]);
    res = await app.post(`/api/admin/ai-jobs/${unknown}/cancel`, {});
    expect(res.status).toBe(404);
    res = await app.get('/api/admin/ai-jobs/not-a-uuid');
    expect(res.status).toBe(400);
  });

  test('the list shows the jobs, newest first, and filters by book', async () => {
    const list = (await (await app.get(`/api/admin/ai-jobs?book=${SLUG}`)).json()) as { jobs: { kind: string; book: string; created: string }[] };
    expect(list.jobs.length).toBeGreaterThanOrEqual(2);
    expect(list.jobs.every((j) => j.kind === 'chapter-names' && j.book === SLUG)).toBe(true);
    expect(list.jobs.map((j) => j.created)).toEqual(list.jobs.map((j) => j.created).sort().reverse());
  });
});

describe('apply', () => {
  test('only the titles kept change, and the chapter pages show them at once', async () => {
    const before = await app.fetch(`/book/${SLUG}/3`);
    expect(await before.text()).toContain('Chapter 3');
    const res = await app.post('/api/admin/text-gen/chapter-names/apply', { slug: SLUG, titles: [{ number: 3, title: '  Lanterns   at Dusk ' }, { number: 4, title: 'The Ashes' }] });
    expect([res.status, await res.json()]).toEqual([200, { applied: 2, skipped: 0 }]);
    expect((await (await app.get(`/api/chapter/${SLUG}/3`)).json()).chapter.title).toBe('Lanterns at Dusk');
    expect((await (await app.get(`/api/chapter/${SLUG}/5`)).json()).chapter.title).toBe('Chapter 5');
    expect(await (await app.fetch(`/book/${SLUG}/3`)).text()).toContain('Lanterns at Dusk');
  });

  test('{job_id} applies every proposal of a finished job and marks it applied', async () => {
    const { job_id } = (await (await app.post('/api/admin/text-gen/chapter-names/async', { slug: SLUG, from: 1, to: 20 })).json()) as { job_id: string };
    await waitFor(() => job(job_id), (j) => j.status === 'done');
    const res = await app.post('/api/admin/text-gen/chapter-names/apply', { job_id });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { applied: number }).applied).toBe(20);
    expect((await job(job_id)).status).toBe('applied');
    expect((await (await app.get(`/api/chapter/${SLUG}/2`)).json()).chapter.title).toBe('Lantern Over The 2');
  });

  test('bad applies are 4xx', async () => {
    let res = await app.post('/api/admin/text-gen/chapter-names/apply', { titles: [] });
    expect([res.status, await res.json()]).toEqual([400, { error: 'invalid_request', message: 'slug is required' }]);
    res = await app.post('/api/admin/text-gen/chapter-names/apply', { slug: SLUG });
    expect([res.status, await res.json()]).toEqual([400, { error: 'invalid_request', message: 'titles are required' }]);
    res = await app.post('/api/admin/text-gen/chapter-names/apply', { slug: 'nope', titles: [] });
    expect(res.status).toBe(404);
  });
});

test('without an AI service every AI route answers an admin 503 ai_not_configured', async () => {
  const bare = await startTestApp({ seed: false, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
  try {
    const admin = await loginAs(bare, 'bare-admin', { role: 'admin' });
    const routes = (await import('../../src/app.ts')).createApp(bare.platform, (await import('../../src/platform/http/assets.ts')).loadAssets()).routes as { method: string; path: string }[];
    const ai = routes.filter((r) => /^\/api\/admin\/(text-gen|ai-jobs|image-gen|catalogue\/(batch-covers|refresh-metadata))/.test(r.path));
    expect(ai.length).toBeGreaterThanOrEqual(10);
    for (const route of ai) {
      const path = route.path.replace(/:[a-zA-Z]+/g, (m) => (m === ':id' ? '00000000-0000-4000-8000-000000000000' : 'some-book'));
      const init: RequestInit = { method: route.method, headers: { accept: 'application/json', 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: admin.cookie } };
      if (route.method !== 'GET') init.body = JSON.stringify({ slug: 'some-book' });
      const res = await bare.fetch(path, init);
      if (res.status !== 503) throw new Error(`${route.method} ${route.path} answered ${res.status}`);
      expect(((await res.json()) as { error: string }).error).toBe('ai_not_configured');
    }
  } finally {
    await bare.close();
  }
});
