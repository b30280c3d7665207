import { describe, expect, test } from 'bun:test';
import { HostBuckets } from '../../src/integrations/sources/bucket.ts';
import { classify, retryAfterMs } from '../../src/integrations/sources/classify.ts';
import { UrlGuard } from '../../src/integrations/sources/guard.ts';
import { SourceError } from '../../src/integrations/sources/index.ts';

/** The scraper's manners, with an injected clock: no test waits for real. */
function fakeTime() {
  let now = 0;
  const slept: number[] = [];
  return { now: () => now, sleep: async (ms: number) => void (slept.push(ms), (now += ms)), slept, advance: (ms: number) => void (now += ms) };
}

describe('the token bucket', () => {
  test('requests to a host are spaced exactly 1/rate apart (burst of one), hosts independent', async () => {
    const time = fakeTime();
    const buckets = new HostBuckets(2, time.now, time.sleep);
    const at: number[] = [];
    for (let i = 0; i < 21; i++) {
      await buckets.take('a.example');
      at.push(time.now());
    }
    expect(at[0]).toBe(0);
    expect(at.slice(1).map((t, i) => t - at[i]!)).toEqual(Array(20).fill(500));
    // 21 requests, 20 gaps: 10 s, i.e. exactly 2 requests a second.
    expect(20 / (at[20]! / 1000)).toBe(2);
    const before = time.now();
    await buckets.take('b.example');
    expect(time.now()).toBe(before);
  });

  test('rate 0 means no limit, but a pause the source asked for is still honoured', async () => {
    const time = fakeTime();
    const buckets = new HostBuckets(0, time.now, time.sleep);
    await buckets.take('a.example');
    await buckets.take('a.example');
    expect(time.slept).toEqual([]);
    buckets.pause('a.example', 1500);
    await buckets.take('a.example');
    expect(time.slept).toEqual([1500]);
  });
});

describe('what an answer means', () => {
  const NOW = 1_000_000;
  test('429 with Retry-After in seconds or as a date', () => {
    expect(retryAfterMs('3', NOW)).toBe(3000);
    expect(retryAfterMs(new Date(NOW + 5000).toUTCString(), NOW)).toBe(5000);
    const verdict = classify(429, '', '2', NOW);
    expect(verdict).toMatchObject({ ok: false, retry: true, waitMs: 2000 });
    expect(!verdict.ok && verdict.error.kind).toBe('rate_limited');
  });

  test('Cloudflare, "rate limited" pages, 200-but-404 pages, 5xx and other 4xx', () => {
    const kind = (status: number, html: string) => {
      const v = classify(status, html, null, NOW);
      return v.ok ? 'ok' : `${v.error.kind}${v.retry ? '+retry' : ''}`;
    };
    expect(kind(503, '<title>Just a moment...</title>')).toBe('blocked+retry');
    expect(kind(200, '<title>Attention Required! | Cloudflare</title>')).toBe('blocked+retry');
    expect(kind(200, '<h1>You are being rate limited</h1>')).toBe('rate_limited+retry');
    expect(kind(200, '<title>Not Found | Royal Road</title>')).toBe('not_found');
    expect(kind(200, '<title>Page Not Found - Novel Fire</title>')).toBe('not_found');
    expect(kind(404, '<title>x</title>')).toBe('not_found');
    expect(kind(502, '')).toBe('http+retry');
    expect(kind(403, '<title>Forbidden</title>')).toBe('http');
    expect(kind(200, '<title>Chapter 4: Not Found Yet</title><div id="content">text</div>')).toBe('ok');
  });
});

describe('the URL guard', () => {
  const guard = (configured: string[], addresses: Record<string, string[]> = {}) =>
    new UrlGuard(['https://novelfire.net', 'https://www.royalroad.com', ...configured], configured, async (host) => addresses[host] ?? ['93.184.216.34']);
  const refusal = async (g: UrlGuard, url: string) => {
    try {
      await g.checkAddress(g.allowedUrl(url));
      return null;
    } catch (error) {
      return (error as SourceError).kind;
    }
  };

  test('only http(s) on a configured source origin', async () => {
    const g = guard([]);
    expect(await refusal(g, 'https://novelfire.net/book/x')).toBeNull();
    for (const url of ['file:///etc/passwd', 'ftp://novelfire.net/book/x', 'https://evil.example/book/x', 'https://novelfire.net:8443/book/x', 'http://novelfire.net/book/x', 'https://user:pw@novelfire.net/book/x', 'not a url']) {
      expect({ url, kind: await refusal(g, url) }).toEqual({ url, kind: 'unsupported_url' });
    }
  });

  test('a source host that resolves to a private address is refused (DNS rebinding), unless the operator configured it', async () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.9', '192.168.1.1', '169.254.169.254', '100.64.0.1', '::1', 'fd00::1', '::ffff:127.0.0.1', '0.0.0.0']) {
      expect({ address, kind: await refusal(guard([], { 'novelfire.net': [address] }), 'https://novelfire.net/book/x') }).toEqual({ address, kind: 'forbidden_address' });
    }
    const local = guard(['http://127.0.0.1:4010']);
    expect(await refusal(local, 'http://127.0.0.1:4010/book/x')).toBeNull();
    expect(await refusal(local, 'http://127.0.0.1:4011/book/x')).toBe('unsupported_url');
    expect(await refusal(guard(['http://source.lan'], { 'source.lan': ['192.168.1.50'] }), 'http://source.lan/book/x')).toBeNull();
  });
});
