import { IRON_ARCHIVE, novelfireBooks, royalroadBooks, RR_FICTION_ID, RR_SLUG, SMALL_LIGHTS, type SiteBook } from './books.ts';
import { CLOUDFLARE_PAGE, Faults, FORBIDDEN_PAGE, hugePage, hugeStream, RATE_LIMITED_PAGE, SERVER_ERROR_PAGE, TOO_MANY_PAGE, type Fault, type QueuedFault } from './faults.ts';
import { htmlResponse as html, novelfireRoute, type SiteState } from './novelfire-routes.ts';
import { royalroadRoute } from './royalroad-routes.ts';
import { escapeHtml } from './prose.ts';

/**
 * A local source site for tests and demos (`npm run demo:source`): novelfire's structure at `/`
 * (its mirror's `/novel/` too) and Royal Road's under `/rr`, with the faults real sites have
 * (faults.ts), a request log, and books that can grow new chapters. Nothing here reaches the network.
 */
export { IRON_ARCHIVE, SMALL_LIGHTS, SHORT_BOOK, RR_FICTION_ID, RR_SLUG } from './books.ts';
export type { Fault, QueuedFault } from './faults.ts';

export interface SiteControl {
  /** Every request: path with its query, and when (performance.now(), ms). */
  requests: { path: string; at: number }[];
  /** Queue a fault for a path (e.g. `/book/the-iron-archive/chapter-7`); `times: Infinity` keeps it. */
  fault(path: string, fault: Fault, times?: number): void;
  addChapters(slug: string, count: number): void;
  chaptersOf(slug: string): number;
  /** The novelfire chapter listed twice in its chapter list (null: none). */
  duplicateListing: { slug: string; chapter: number } | null;
  /** Serve these bytes as the book's cover instead of its drawn SVG (a huge PNG, say). */
  setCover(slug: string, cover: { bytes: Uint8Array<ArrayBuffer>; contentType: string }): void;
  /** Clears the log, every fault, added chapters and cover overrides. */
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
  /** Default 0: a free port. */
  port?: number;
  /** Faults queued from the start. */
  faults?: QueuedFault[];
  /** One of each fault, as the demo serves them (demoFaults()). */
  demoFaults?: boolean;
}

/** Paths of the site's pages, for queuing faults and reading the request log. */
export const nfChapterPath = (slug: string, n: number) => `/book/${slug}/chapter-${n}`;
export const rrChapterPath = (c: number) => `/rr/fiction/${RR_FICTION_ID}/${RR_SLUG}/chapter/${RR_FICTION_ID * 1000 + c}/part-${c}`;

/** What `npm run demo:source` does to a scraper: each fault once, on the books a demo scrapes. */
export function demoFaults(): QueuedFault[] {
  const chapter = (n: number) => nfChapterPath(IRON_ARCHIVE, n);
  const rrChapter = rrChapterPath;
  return [
    { path: chapter(20), fault: 'too-many-requests' },
    { path: chapter(40), fault: 'rate-limited-page' },
    { path: chapter(60), fault: 'empty-content' },
    { path: chapter(80), fault: 'cloudflare' },
    { path: chapter(100), fault: 'hang' },
    { path: chapter(120), fault: 'server-error' },
    { path: rrChapter(3), fault: 'too-many-requests' },
  ];
}

const cover = (title: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="450" viewBox="0 0 300 450"><rect width="300" height="450" fill="#35506b"/><rect x="16" y="16" width="268" height="418" fill="none" stroke="#e8d9b0" stroke-width="3"/><text x="150" y="220" fill="#fff" font-family="serif" font-size="22" text-anchor="middle">${escapeHtml(title)}</text></svg>`;

export async function startSourceSite(options: SiteOptions = {}): Promise<SourceSite> {
  const books = new Map(novelfireBooks().map((b) => [b.slug, b]));
  const fictions = new Map(royalroadBooks().map((b) => [String(b.id), b]));
  const extra = new Map<string, number>();
  const covers = new Map<string, { bytes: Uint8Array<ArrayBuffer>; contentType: string }>();
  const faults = new Faults();
  const hanging = new Set<() => void>();
  const state: SiteState = { books, fictions, count: (book: SiteBook) => book.chapters + (extra.get(book.slug) ?? 0), duplicateListing: { slug: IRON_ARCHIVE, chapter: 150 } };
  const control: SiteControl = {
    requests: [],
    fault: (path, fault, times = 1) => faults.add(path, fault, times),
    addChapters: (slug, count) => extra.set(slug, (extra.get(slug) ?? 0) + count),
    setCover: (slug, cover) => covers.set(slug, cover),
    chaptersOf: (slug) => {
      const book = books.get(slug) ?? [...fictions.values()].find((f) => f.slug === slug);
      return book ? state.count(book) : 0;
    },
    get duplicateListing() {
      return state.duplicateListing;
    },
    set duplicateListing(value) {
      state.duplicateListing = value;
    },
    reset() {
      control.requests.length = 0;
      faults.clear();
      extra.clear();
      covers.clear();
    },
  };
  for (const queued of [...(options.demoFaults ? demoFaults() : []), ...(options.faults ?? [])]) faults.add(queued.path, queued.fault, queued.times);

  function answer(url: URL): Response | Promise<Response> {
    const fault = faults.take(url.pathname, url.search);
    if (fault === 'hang') return new Promise<Response>((resolve) => hanging.add(() => resolve(new Response('', { status: 503 }))));
    if (typeof fault === 'object' && fault) return new Response(null, { status: 302, headers: { location: fault.redirect } });
    if (fault === 'cloudflare') return html(CLOUDFLARE_PAGE, 503);
    if (fault === 'forbidden') return html(FORBIDDEN_PAGE, 403);
    if (fault === 'too-many-requests') return html(TOO_MANY_PAGE, 429, { 'retry-after': '1' });
    if (fault === 'rate-limited-page') return html(RATE_LIMITED_PAGE);
    if (fault === 'server-error') return html(SERVER_ERROR_PAGE, 502);
    if (fault === 'huge') return html(hugePage());
    if (fault === 'huge-stream') return new Response(hugeStream(), { headers: { 'content-type': 'text/html; charset=utf-8' } });
    const path = url.pathname.replace(/^\/rr(?=\/static\/)/, '');
    if (path.startsWith('/static/covers/')) {
      const slug = path.split('/').pop()!.replace(/\.svg$/, '');
      const override = covers.get(slug);
      if (override) return new Response(override.bytes, { headers: { 'content-type': override.contentType } });
      return new Response(cover(slug), { headers: { 'content-type': 'image/svg+xml' } });
    }
    if (path === '/rr' || path.startsWith('/rr/')) return royalroadRoute(state, path.slice(3) || '/', url, fault);
    return novelfireRoute(state, url, fault);
  }

  const server = Bun.serve({
    port: options.port ?? 0,
    hostname: '127.0.0.1',
    // A "hang" fault holds its connection until close(): the server must not time it out first.
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
      hanging.clear();
      await server.stop(true);
    },
  };
}
