import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { enqueue } from '../../src/platform/queue/index.ts';
import { createHandler } from '../../src/app.ts';
import { loadAssets } from '../../src/platform/http/assets.ts';
import { BASE_URL, startTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';
import { parseExposition, sampleValue, type Sample } from '../support/prometheus-text.ts';

// GET /metrics (docs/operations.md, "Metrics"): Prometheus text behind METRICS_TOKEN.
const TOKEN = 'metrics-token-0123456789';
const clock = testClock();
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { METRICS_TOKEN: TOKEN }, clock: clock.now });
});
afterAll(() => app.close());

const scrape = (token = TOKEN) => app.fetch('/metrics', { headers: { authorization: `Bearer ${token}` } });
async function samples(): Promise<Sample[]> {
  const res = await scrape();
  expect(res.status).toBe(200);
  return parseExposition(await res.text());
}
const secondsAgo = (s: number) => new Date(clock.now().getTime() - s * 1000);

describe('access', () => {
  test('without METRICS_TOKEN there is no /metrics: 404', async () => {
    const bare = createHandler({ ...app.platform, config: { ...app.platform.config, metricsToken: null } }, loadAssets());
    const res = await bare(new Request(new URL('/metrics', BASE_URL), { headers: { authorization: `Bearer ${TOKEN}` } }));
    expect(res.status).toBe(404);
  });

  test('a missing or wrong token is 401 with the JSON error body', async () => {
    for (const headers of [{} as Record<string, string>, { authorization: 'Bearer wrong-token-0123456789' }, { authorization: `Basic ${TOKEN}` }, { authorization: `Bearer ${TOKEN}x` }]) {
      const res = await app.fetch('/metrics', { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await res.json()).toEqual({ error: 'unauthorized', message: 'A valid metrics token is required' });
    }
  });

  test('the right token gets the text exposition format 0.0.4, every line well formed', async () => {
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const parsed = parseExposition(await res.text());
    expect(parsed.length).toBeGreaterThan(10);
  });
});

describe('requests', () => {
  test('counted by route pattern and status, never by raw path', async () => {
    const ok = { method: 'GET', route: '/api/book/:slug', status: '200' };
    const missing = { ...ok, status: '404' };
    const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
    const before = await samples();
    expect((await app.fetch('/api/book/ink-and-alibis')).status).toBe(200);
    expect((await app.fetch('/api/book/ink-and-alibis')).status).toBe(200);
    expect((await app.fetch('/api/book/no-such-book-at-all')).status).toBe(404);
    expect((await app.fetch('/no/such/page/7f3a')).status).toBe(404);
    const after = await samples();
    const delta = (labels: Record<string, string>) => sampleValue(after, 'chapterhouse_http_requests_total', labels) - sampleValue(before, 'chapterhouse_http_requests_total', labels, 0);
    expect(delta(ok)).toBe(2);
    expect(delta(missing)).toBe(1);
    expect(delta(unmatched)).toBe(1);
    const latency = (s: Sample[]) => sampleValue(s, 'chapterhouse_http_request_duration_seconds_count', { method: 'GET', route: '/api/book/:slug' }, 0);
    expect(latency(after) - latency(before)).toBe(3);
    const routes = after.filter((s) => s.name === 'chapterhouse_http_requests_total').map((s) => s.labels.route);
    expect(routes.some((r) => !!r && r.includes('ink-and-alibis') || r!.includes('7f3a'))).toBe(false);
  });

  test('a chapter page read three times is two page-cache misses (kept from its second reading), then a hit', async () => {
    const lookups = (s: Sample[], result: string) => sampleValue(s, 'chapterhouse_cache_lookups_total', { cache: 'chapter_page', result }, 0);
    const before = await samples();
    for (let i = 0; i < 3; i++) expect((await app.fetch('/book/ink-and-alibis/3', { headers: { accept: 'text/html' } })).status).toBe(200);
    const after = await samples();
    expect(lookups(after, 'miss') - lookups(before, 'miss')).toBe(2);
    expect(lookups(after, 'hit') - lookups(before, 'hit')).toBe(1);
  });
});

describe('read from the database at scrape time', () => {
  test('queue depth, scheduled jobs and the oldest wait, by kind', async () => {
    const kind = 'import.book';
    await enqueue(app.platform.db, { kind, payload: { n: 1 }, runAt: secondsAgo(90) });
    await enqueue(app.platform.db, { kind, payload: { n: 2 }, runAt: secondsAgo(5) });
    await enqueue(app.platform.db, { kind, payload: { n: 3 }, runAt: new Date(clock.now().getTime() + 3600_000) });
    const s = await samples();
    expect(sampleValue(s, 'chapterhouse_jobs_queued', { kind })).toBe(2);
    expect(sampleValue(s, 'chapterhouse_jobs_scheduled', { kind })).toBe(1);
    expect(sampleValue(s, 'chapterhouse_jobs_oldest_queued_age_seconds', { kind })).toBe(90);
    // A kind with nothing queued is reported as 0, not left out.
    expect(sampleValue(s, 'chapterhouse_jobs_queued', { kind: 'audio.generate' })).toBe(0);
  });

  test('speech real-time factor per engine from finished audio jobs of the last day', async () => {
    const db = app.platform.db;
    const finished = async (voice: string, chapter: number, audio: number, wall: number, createdSecondsAgo: number) => {
      const start = secondsAgo(createdSecondsAgo);
      const job = await enqueue(db, { kind: 'audio.generate', payload: { slug: 'ink-and-alibis', chapter, voice } });
      await db.updateTable('jobs').set({ status: 'done', created_at: start, run_at: start, finished_at: new Date(start.getTime() + wall * 1000), result: JSON.stringify({ duration: audio }) }).where('id', '=', job.id).execute();
      await db.insertInto('audio_jobs').values({ id: job.id, slug: 'ink-and-alibis', chapter, voice, status: 'done' }).execute();
    };
    await finished('flite-slt', 1, 60, 20, 600);
    await finished('flite-rms', 2, 30, 30, 300);
    await finished('flite-awb', 3, 500, 1, 2 * 24 * 3600); // older than a day: left out
    const s = await samples();
    expect(sampleValue(s, 'chapterhouse_speech_realtime_factor', { engine: 'flite' })).toBeCloseTo(90 / 50, 6);
    expect(sampleValue(s, 'chapterhouse_speech_jobs', { engine: 'flite' })).toBe(2);
  });

  test('scrape and import outcomes by status', async () => {
    const db = app.platform.db;
    await db.insertInto('scrape_tasks').values([
      { kind: 'book', status: 'done', url: 'http://source.test/a' },
      { kind: 'book', status: 'failed', url: 'http://source.test/b', error: 'gone' },
      { kind: 'book', status: 'done', url: 'http://source.test/c' },
    ]).execute();
    await db.insertInto('import_tasks').values([{ status: 'failed', error: 'bad file' }, { status: 'review' }]).execute();
    const s = await samples();
    expect(sampleValue(s, 'chapterhouse_scrape_tasks', { kind: 'book', status: 'done' })).toBe(2);
    expect(sampleValue(s, 'chapterhouse_scrape_tasks', { kind: 'book', status: 'failed' })).toBe(1);
    expect(sampleValue(s, 'chapterhouse_import_tasks', { status: 'failed' })).toBe(1);
    expect(sampleValue(s, 'chapterhouse_import_tasks', { status: 'review' })).toBe(1);
  });
});

