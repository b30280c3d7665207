import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { SourceChapterRef } from '../../src/integrations/sources/index.ts';
import { nfChapterPath, RR_FICTION_ID, SHORT_BOOK, startSourceSite, type Fault, type SourceSite } from '../support/source-site/index.ts';
import { failure, siteClient } from '../support/source-site/test-client.ts';

/**
 * What the client does with each fault a source serves. Waits run on a virtual clock (the client's
 * `sleep` returns at once and records the wait); random is 0.5, so a backoff is 0.75 × 2^n s.
 */
let site: SourceSite;

beforeAll(async () => {
  site = await startSourceSite();
});
afterAll(() => site.close());
beforeEach(() => site.control.reset());

const ref = (n: number): SourceChapterRef => ({ key: String(n), number: n, title: `Chapter ${n}`, url: `${site.novelfireUrl}${nfChapterPath(SHORT_BOOK, n)}` });
const hits = (path: string) => site.control.requests.filter((r) => r.path === path).length;
function faulted(n: number, fault: Fault, times = 1) {
  site.control.fault(nfChapterPath(SHORT_BOOK, n), fault, times);
  return nfChapterPath(SHORT_BOOK, n);
}

describe('waited for, then retried', () => {
  test('429: the retry waits exactly Retry-After (1 s), not the shorter backoff', async () => {
    const { client, time } = siteClient(site);
    const path = faulted(2, 'too-many-requests');
    expect((await client.chapter(ref(2))).markdown.length).toBeGreaterThan(500);
    expect(hits(path)).toBe(2);
    expect(time.slept).toEqual([1000]);
  });

  test('a 200 page saying "You are being rate limited" is a 429 without a Retry-After: backoff, then retry', async () => {
    const { client, time } = siteClient(site);
    const path = faulted(3, 'rate-limited-page');
    expect((await client.chapter(ref(3))).markdown).not.toMatch(/rate limited/i);
    expect(hits(path)).toBe(2);
    expect(time.slept).toEqual([750]);
  });

  test('5xx: exponential backoff with jitter, capped at maxBackoffMs; then the error with its status', async () => {
    const path = faulted(4, 'server-error', 2);
    const { client, time } = siteClient(site);
    expect((await client.chapter(ref(4))).markdown).toBeTruthy();
    expect(hits(path)).toBe(3);
    expect(time.slept).toEqual([750, 1500]);

    site.control.fault(path, 'server-error', Infinity);
    for (const [random, waits] of [[1, [1000, 2000, 2500, 2500]], [0, [500, 1000, 1250, 1250]]] as const) {
      const capped = siteClient(site, { maxRetries: 4, maxBackoffMs: 2500 }, { random: () => random });
      await expect(capped.client.chapter(ref(4))).rejects.toMatchObject({ kind: 'http', status: 502 });
      expect(capped.time.slept).toEqual([...waits]);
    }
  });

  test('an empty body is fetched again after a pause and the filled one returned', async () => {
    const { client, time } = siteClient(site);
    const path = faulted(5, 'empty-content');
    expect((await client.chapter(ref(5))).markdown.split(/\s+/).length).toBeGreaterThan(200);
    expect(hits(path)).toBe(2);
    expect(time.slept).toEqual([1000]);
  });

  test('a body still empty after emptyRetries is an error, never an empty chapter', async () => {
    const { client, time } = siteClient(site, { emptyRetries: 2 });
    const path = faulted(6, 'empty-content', Infinity);
    expect(await failure(client.chapter(ref(6)))).toBe('empty');
    expect(hits(path)).toBe(3);
    expect(time.slept).toEqual([1000, 2000]);
  });
});

describe('given up on', () => {
  test('a page that never answers: timed out per request, retried, then "timeout"', async () => {
    const { client } = siteClient(site, { timeoutMs: 250, maxRetries: 1 });
    const path = faulted(7, 'hang', Infinity);
    const started = performance.now();
    expect(await failure(client.chapter(ref(7)))).toBe('timeout');
    expect(hits(path)).toBe(2);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  test('a Cloudflare page (503 challenge, or 403 with a challenge) is retried, then "blocked"', async () => {
    for (const fault of ['cloudflare', 'forbidden'] as const) {
      site.control.reset();
      const { client, time } = siteClient(site, { maxRetries: 2 });
      const path = faulted(8, fault, Infinity);
      await expect(client.chapter(ref(8))).rejects.toMatchObject({ kind: 'blocked', status: fault === 'cloudflare' ? 503 : 403 });
      expect(hits(path)).toBe(3);
      expect(time.slept).toEqual([750, 1500]);
    }
  });

  test('past maxBytes, declared or streamed: "too_large", not retried', async () => {
    for (const fault of ['huge', 'huge-stream'] as const) {
      site.control.reset();
      const { client } = siteClient(site, { maxBytes: 256 * 1024 });
      const path = faulted(9, fault);
      expect(await failure(client.chapter(ref(9)))).toBe('too_large');
      expect(hits(path)).toBe(1);
    }
  });

  test('"200 but 404" pages and real 404s: "not_found" at once, without a retry', async () => {
    const { client, time } = siteClient(site);
    expect(await failure(client.book(`${site.novelfireUrl}/book/no-such-book`))).toBe('not_found');
    expect(await failure(client.book(`${site.royalroadUrl}/fiction/999/gone`))).toBe('not_found');
    expect(await failure(client.chapter(ref(99)))).toBe('not_found');
    expect(site.control.requests.map((r) => r.path)).toEqual(['/book/no-such-book', '/rr/fiction/999/gone', nfChapterPath(SHORT_BOOK, 99)]);
    expect(time.slept).toEqual([]);
    // The real pages of both answer fine: the detection is not a false alarm.
    expect((await client.book(`${site.royalroadUrl}/fiction/${RR_FICTION_ID}`)).title).toBe("The Cartographer's War");
  });

  test("the caller's signal ends a wait at once (real sleep: a 1 s Retry-After)", async () => {
    const { client } = siteClient(site, {}, { sleep: undefined, now: undefined });
    faulted(10, 'too-many-requests');
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(new Error('cancelled by the task')), 100);
    await expect(client.chapter(ref(10), controller.signal)).rejects.toThrow('cancelled by the task');
    expect(performance.now() - started).toBeLessThan(600);
  });
});
