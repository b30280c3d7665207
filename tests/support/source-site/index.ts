import { IRON_ARCHIVE, novelfireBooks, royalroadBooks, SMALL_LIGHTS, type SiteBook } from './books.ts';
import { CLOUDFLARE_PAGE, Faults, RATE_LIMITED_PAGE, type Fault } from './faults.ts';
import * as nf from './novelfire-pages.ts';
import * as rr from './royalroad-pages.ts';
import { escapeHtml } from './prose.ts';

/**
 * A local source site for tests and demos (`npm run demo:source`): novelfire's structure at `/`
 * and Royal Road's under `/rr`, with the faults real sites have (faults.ts), a request log, and
 * books that can grow new chapters. Nothing here reaches the network.
 */
export { IRON_ARCHIVE, SMALL_LIGHTS, SHORT_BOOK, RR_FICTION_ID } from './books.ts';
export type { Fault } from './faults.ts';

export interface SiteControl {
  requests: { path: string; at: number }[];
  /** Queue a fault for a path (e.g. `/book/the-iron-archive/chapter-7`); `times: Infinity` keeps it. */
  fault(path: string, fault: Fault, times?: number): void;
  addChapters(slug: string, count: number): void;
  chaptersOf(slug: string): number;
  /** The novelfire chapter listed twice in its chapter list (null: none). */
  duplicateListing: { slug: string; chapter: number } | null;
  reset(): void;
}

export interface SourceSite {
  url: string;
  novelfireUrl: string;
  royalroadUrl: string;
  control: SiteControl;
  close(): Promise<void>;
}

export interface SiteOptions {
  port?: number;
  /** The demo's faults on the 300-chapter book (tests queue their own). */
  demoFaults?: boolean;
}

const html = (body: string, status = 200, headers: Record<string, string> = {}) => new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', ...headers } });
const cover = (title: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="450"><rect width="300" height="450" fill="#35506b"/><text x="20" y="60" fill="#fff" font-size="24">${escapeHtml(title)}</text></svg>`;

export async function startSourceSite(options: SiteOptions = {}): Promise<SourceSite> {
  const books = new Map(novelfireBooks().map((b) => [b.slug, b]));
  const fictions = new Map(royalroadBooks().map((b) => [String(b.id), b]));
  const extra = new Map<string, number>();
  const faults = new Faults();
  const hanging = new Set<() => void>();
  const control: SiteControl = {
    requests: [],
    fault: (path, fault, times = 1) => faults.add(path, fault, times),
    addChapters: (slug, count) => extra.set(slug, (extra.get(slug) ?? 0) + count),
    chaptersOf: (slug) => ((books.get(slug) ?? [...fictions.values()].find((f) => f.slug === slug))?.chapters ?? 0) + (extra.get(slug) ?? 0),
    duplicateListing: { slug: IRON_ARCHIVE, chapter: 150 },
    reset() {
      this.requests.length = 0;
      faults.clear();
      extra.clear();
    },
  };
  if (options.demoFaults) {
    const chapter = (n: number) => `/book/${IRON_ARCHIVE}/chapter-${n}`;
    faults.add(chapter(20), 'too-many-requests');
    faults.add(chapter(40), 'rate-limited-page');
    faults.add(chapter(60), 'empty-content');
    faults.add(chapter(80), 'cloudflare');
  }
  const count = (book: SiteBook) => book.chapters + (extra.get(book.slug) ?? 0);

  async function answer(url: URL): Promise<Response> {
    const path = url.pathname;
    const fault = faults.take(path);
    if (fault === 'hang') return new Promise<Response>((resolve) => hanging.add(() => resolve(new Response('', { status: 503 }))));
    if (fault === 'cloudflare') return html(CLOUDFLARE_PAGE, 503);
    if (fault === 'too-many-requests') return html('<html><head><title>429</title></head><body>Too many requests</body></html>', 429, { 'retry-after': '1' });
    if (fault === 'rate-limited-page') return html(RATE_LIMITED_PAGE);
    if (fault === 'server-error') return html('<html><head><title>Error</title></head><body>Internal error</body></html>', 502);
    if (fault === 'huge') return html('<html><body>' + 'x'.repeat(8 * 1024 * 1024) + '</body></html>');
    if (path.startsWith('/static/covers/')) return new Response(cover(path.split('/').pop()!.replace(/\.svg$/, '')), { headers: { 'content-type': 'image/svg+xml' } });
    if (path.startsWith('/rr/')) return royalroad(path.slice(3), url);
    let match = /^\/book\/([a-z0-9-]+)\/?$/.exec(path);
    if (match) {
      const book = books.get(match[1]!);
      return book ? html(nf.bookPage(book, count(book))) : html(nf.notFoundPage());
    }
    match = /^\/book\/([a-z0-9-]+)\/chapters$/.exec(path);
    if (match) {
      const book = books.get(match[1]!);
      const duplicated = control.duplicateListing?.slug === book?.slug ? control.duplicateListing!.chapter : null;
      return book ? html(nf.chapterListPage(book, count(book), Math.max(1, Number(url.searchParams.get('page') ?? '1') || 1), duplicated)) : html(nf.notFoundPage(), 404);
    }
    match = /^\/book\/([a-z0-9-]+)\/chapter-(\d+)$/.exec(path);
    if (match) {
      const book = books.get(match[1]!);
      const n = Number(match[2]);
      if (!book || n < 1 || n > count(book)) return html(nf.notFoundPage(), 404);
      return html(nf.chapterPage(book, n, fault === 'empty-content'));
    }
    if (/^\/genre-[a-z-]+\/sort-[a-z-]+\/status-[a-z]+\/all-novel$/.test(path) || path === '/ranking') return html(nf.listPage([...books.values()], Number(url.searchParams.get('page') ?? '1') || 1, 20));
    if (path === '/search') {
      const keyword = (url.searchParams.get('keyword') ?? '').toLowerCase();
      return html(nf.listPage([...books.values()].filter((b) => b.title.toLowerCase().includes(keyword)), Number(url.searchParams.get('page') ?? '1') || 1, 20));
    }
    return html(nf.notFoundPage(), 404);
  }

  function royalroad(path: string, url: URL): Response {
    let match = /^\/fiction\/(\d+)(?:\/[a-z0-9-]+)?\/?$/.exec(path);
    if (match) {
      const book = fictions.get(match[1]!);
      return book ? html(rr.fictionPage(book, count(book))) : html(rr.missingFiction());
    }
    match = /^\/fiction\/(\d+)\/[a-z0-9-]+\/chapter\/(\d+)\/[a-z0-9-]+$/.exec(path);
    if (match) {
      const book = fictions.get(match[1]!);
      const n = Number(match[2]) - (book?.id ?? 0) * 1000;
      return book && n >= 1 && n <= count(book) ? html(rr.chapterPage(book, n)) : html(rr.missingFiction(), 404);
    }
    if (path.startsWith('/fictions/')) return html(rr.fictionListPage([...fictions.values()]));
    void url;
    return html(rr.missingFiction(), 404);
  }

  const server = Bun.serve({
    port: options.port ?? 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    fetch(request) {
      const url = new URL(request.url);
      control.requests.push({ path: url.pathname + url.search, at: performance.now() });
      return answer(url);
    },
  });
  const base = `http://127.0.0.1:${server.port}`;
  return {
    url: base,
    novelfireUrl: base,
    royalroadUrl: `${base}/rr`,
    control,
    async close() {
      for (const release of hanging) release();
      await server.stop(true);
    },
  };
}
