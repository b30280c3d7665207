import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { createSourceClient, DEFAULT_LIMITS } from '../../src/integrations/sources/index.ts';
import { SHORT_BOOK, SMALL_LIGHTS, startSourceSite, type SourceSite } from '../support/source-site/index.ts';
import { failure, siteClient } from '../support/source-site/test-client.ts';

/** What the client may fetch (no SSRF), through the real client. */
let site: SourceSite;

beforeAll(async () => {
  site = await startSourceSite();
});
afterAll(() => site.close());
beforeEach(() => site.control.reset());

describe('only pages of a configured source', () => {
  test('file:, other hosts, other ports, other schemes, credentials: "unsupported_url", nothing fetched', async () => {
    const { client } = siteClient(site);
    const port = Number(new URL(site.url).port);
    for (const url of ['file:///etc/passwd', 'https://evil.example/book/x', `http://127.0.0.1:${port + 1}/book/x`, `http://localhost:${port}/book/x`, `ftp://127.0.0.1:${port}/book/x`, `http://user:pw@127.0.0.1:${port}/book/x`, 'http://[::1]/book/x', 'not a url']) {
      expect({ url, kind: await failure(Promise.resolve().then(() => client.resolve(url))) }).toEqual({ url, kind: 'unsupported_url' });
      expect({ url, kind: await failure(client.book(url)) }).toEqual({ url, kind: 'unsupported_url' });
      expect({ url, kind: await failure(client.chapter({ key: '1', number: 1, title: '', url })) }).toEqual({ url, kind: 'unsupported_url' });
    }
    expect(site.control.requests).toEqual([]);
  });

  test('the configured 127.0.0.1 base is allowed although it is loopback', async () => {
    const { client } = siteClient(site);
    expect((await client.book(`${site.novelfireUrl}/book/${SMALL_LIGHTS}`)).title).toBe('Harbour of Small Lights');
  });

  test('a real source whose name resolves to loopback, private, link-local, CGNAT, unique-local or unspecified: "forbidden_address" before connecting', async () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.9', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:10.0.0.1']) {
      const fetched: string[] = [];
      const client = createSourceClient(
        { ...DEFAULT_LIMITS, novelfireBaseUrl: null, royalroadBaseUrl: null, ratePerSecond: 0 },
        { lookup: async () => ['93.184.216.34', address], fetch: (async (url: URL) => (fetched.push(String(url)), new Response('<title>x</title>'))) as unknown as typeof fetch },
      );
      expect({ address, kind: await failure(client.book('https://novelfire.net/book/x')) }).toEqual({ address, kind: 'forbidden_address' });
      expect(fetched).toEqual([]);
    }
  });

  test('a real source with public addresses is fetched (the guard is not blanket refusal)', async () => {
    const fetched: string[] = [];
    const client = createSourceClient(
      { ...DEFAULT_LIMITS, novelfireBaseUrl: null, royalroadBaseUrl: null, ratePerSecond: 0 },
      { lookup: async () => ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'], fetch: (async (url: URL) => (fetched.push(String(url)), new Response('<title>Fiction</title><div class="fic-header"><h1>Real</h1></div>'))) as unknown as typeof fetch },
    );
    expect((await client.book('https://www.royalroad.com/fiction/1/real')).title).toBe('Real');
    expect(fetched).toEqual(['https://www.royalroad.com/fiction/1/real']);
  });
});

describe('redirects, followed by hand, every hop checked', () => {
  const bookPath = `/book/${SHORT_BOOK}`;

  test('a redirect within the source is followed', async () => {
    const { client } = siteClient(site);
    site.control.fault(bookPath, { redirect: `/book/${SMALL_LIGHTS}` });
    expect((await client.book(`${site.novelfireUrl}${bookPath}`)).title).toBe('Harbour of Small Lights');
  });

  test('a redirect to another host, another port, a metadata address or file: is refused', async () => {
    const port = Number(new URL(site.url).port);
    for (const location of ['https://evil.example/', `http://127.0.0.1:${port + 1}/book/x`, 'http://169.254.169.254/latest/meta-data', 'file:///etc/passwd']) {
      site.control.reset();
      const { client } = siteClient(site);
      site.control.fault(bookPath, { redirect: location });
      expect({ location, kind: await failure(client.book(`${site.novelfireUrl}${bookPath}`)) }).toEqual({ location, kind: 'unsupported_url' });
      expect(site.control.requests.map((r) => r.path)).toEqual([bookPath]);
    }
  });

  test('more than 5 hops: an error, not a loop', async () => {
    const { client } = siteClient(site, { maxRetries: 0 });
    site.control.fault(bookPath, { redirect: bookPath }, Infinity);
    await expect(client.book(`${site.novelfireUrl}${bookPath}`)).rejects.toMatchObject({ kind: 'http', message: 'Too many redirects' });
    expect(site.control.requests).toHaveLength(6);
  });
});
