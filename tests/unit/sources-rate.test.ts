import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { IRON_ARCHIVE, nfChapterPath, startSourceSite, type SourceSite } from '../support/source-site/index.ts';
import { siteClient } from '../support/source-site/test-client.ts';

/** The per-host token bucket, measured through the client against the local site. */
let site: SourceSite;

beforeAll(async () => {
  site = await startSourceSite();
});
afterAll(() => site.close());
beforeEach(() => site.control.reset());

const chapterRef = (n: number) => ({ key: String(n), number: n, title: `Chapter ${n}`, url: `${site.novelfireUrl}${nfChapterPath(IRON_ARCHIVE, n)}` });

describe('the token bucket', () => {
  test('virtual clock: requests leave exactly 1/rate apart, burst of one, for pages and chapters alike', async () => {
    const sentAt: number[] = [];
    const { client, time } = siteClient(site, { ratePerSecond: 2 }, { fetch: ((input: RequestInfo | URL, init?: RequestInit) => (sentAt.push(time.now()), fetch(input, init))) as typeof fetch });
    await client.book(`${site.novelfireUrl}/book/${IRON_ARCHIVE}`); // 1 book page + 6 list pages
    for (let n = 1; n <= 14; n++) await client.chapter(chapterRef(n));
    expect(sentAt).toHaveLength(21);
    expect(sentAt.slice(1).map((t, i) => t - sentAt[i]!)).toEqual(Array(20).fill(500));
    expect(time.slept.every((ms) => ms === 500)).toBe(true);
  });

  test('rate 0: no waiting at all', async () => {
    const { client, time } = siteClient(site, { ratePerSecond: 0 });
    for (let n = 1; n <= 10; n++) await client.chapter(chapterRef(n));
    expect(time.slept).toEqual([]);
    expect(site.control.requests).toHaveLength(10);
  });

  test('a Retry-After pause holds back the next request to that host too, even with no rate limit', async () => {
    const sentAt: number[] = [];
    const { client, time } = siteClient(site, { ratePerSecond: 0 }, { fetch: ((input: RequestInfo | URL, init?: RequestInit) => (sentAt.push(time.now()), fetch(input, init))) as typeof fetch });
    site.control.fault(nfChapterPath(IRON_ARCHIVE, 1), 'too-many-requests');
    await client.chapter(chapterRef(1));
    await client.chapter(chapterRef(2));
    expect(sentAt.map((t) => t - sentAt[0]!)).toEqual([0, 1000, 1000]);
  });
});
