/**
 * What a real source does to scrapers (sources.md), on demand: each fault is queued for a path and
 * served the next time(s) that path is asked for; `hang` holds the connection until the site closes.
 */
export type Fault = 'cloudflare' | 'too-many-requests' | 'rate-limited-page' | 'empty-content' | 'hang' | 'server-error' | 'huge';

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

  take(path: string): Fault | null {
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

export const CLOUDFLARE_PAGE = '<!DOCTYPE html><html><head><title>Just a moment... | Cloudflare</title></head><body><div id="challenge-platform">Checking your browser before accessing the site.</div></body></html>';
export const RATE_LIMITED_PAGE = '<!DOCTYPE html><html><head><title>Novel Fire</title></head><body><h1>You are being rate limited</h1><p>Please slow down.</p></body></html>';
