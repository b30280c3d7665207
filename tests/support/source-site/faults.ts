/**
 * What a real source does to scrapers (sources.md), on demand: each fault is queued for a path and
 * served the next time(s) that path is asked for; `hang` holds the connection until the site closes.
 * A path with its query (`/book/x/chapters?page=3`) is matched before the bare path.
 */
export type Fault =
  | 'cloudflare' // 503 challenge page, title "Just a moment... | Cloudflare"
  | 'forbidden' // 403 with a challenge in the body and a plain title
  | 'too-many-requests' // 429, Retry-After: 1
  | 'rate-limited-page' // 200 "You are being rate limited"
  | 'empty-content' // a normal chapter page whose body is empty
  | 'redesign' // a book, fiction or novelfire chapter page in a changed layout (fallbacks, misses)
  | 'hang' // never answers
  | 'server-error' // 502
  | 'huge' // 8 MB with a Content-Length
  | 'huge-stream' // 8 MB streamed, no Content-Length
  | { redirect: string }; // 302 to this Location

export interface QueuedFault {
  path: string;
  fault: Fault;
  /** How many answers it spoils (default 1); Infinity keeps it until reset. */
  times?: number;
}

export class Faults {
  readonly #queued = new Map<string, Fault[]>();
  readonly #always = new Map<string, Fault>();

  add(path: string, fault: Fault, times = 1): void {
    if (times === Infinity) {
      this.#always.set(path, fault);
      return;
    }
    const list = this.#queued.get(path) ?? [];
    for (let i = 0; i < times; i++) list.push(fault);
    this.#queued.set(path, list);
  }

  take(path: string, search = ''): Fault | null {
    return (search ? this.#takeExact(path + search) : null) ?? this.#takeExact(path);
  }

  #takeExact(path: string): Fault | null {
    const always = this.#always.get(path);
    if (always) return always;
    const list = this.#queued.get(path);
    const fault = list?.shift() ?? null;
    if (list && list.length === 0) this.#queued.delete(path);
    return fault;
  }

  clear(): void {
    this.#queued.clear();
    this.#always.clear();
  }
}

const page = (title: string, body: string) => `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
export const CLOUDFLARE_PAGE = page('Just a moment... | Cloudflare', '<div id="challenge-platform">Checking your browser before accessing the site.</div><script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1"></script>');
export const FORBIDDEN_PAGE = page('Access denied', '<div class="cf-error-details">Please enable cookies.</div><form id="challenge-form" action="/?__cf_chl_f_tk=x"></form>');
export const RATE_LIMITED_PAGE = page('Novel Fire', '<h1>You are being rate limited</h1><p>Please slow down.</p>');
export const TOO_MANY_PAGE = page('429 Too Many Requests', '<h1>Too many requests</h1>');
export const SERVER_ERROR_PAGE = page('Error', '<h1>Internal error</h1>');

const HUGE = 8 * 1024 * 1024;

/** A body far past any sane page size, streamed in chunks with no declared length. */
export function hugeStream(): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode('<p>' + 'filler '.repeat(9000) + '</p>\n');
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= HUGE) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.length;
    },
  });
}

export const hugePage = () => '<html><body>' + 'x'.repeat(HUGE) + '</body></html>';
