import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Metrics this process counts as it works (requests, cache lookups). Each process keeps its own:
 * with several processes, a scraper scrapes each instance. What the database knows (queues, task
 * outcomes) is read at scrape time instead (src/features/metrics).
 */
export const processMetrics = new Registry();

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const httpRequests = new Counter({
  name: 'chapterhouse_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern (not the raw path) and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [processMetrics],
});

const httpDuration = new Histogram({
  name: 'chapterhouse_http_request_duration_seconds',
  help: 'Time from receiving a request to its response being ready, by method and route pattern.',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processMetrics],
});

const cacheLookups = new Counter({
  name: 'chapterhouse_cache_lookups_total',
  help: 'Lookups in the in-process and shared caches, by cache and result (hit or miss).',
  labelNames: ['cache', 'result'] as const,
  registers: [processMetrics],
});

// Tells apart the processes behind one address (WEB_PROCESSES), as Prometheus's own process metrics do.
new Gauge({
  name: 'process_start_time_seconds',
  help: 'Start time of the process since the Unix epoch, in seconds.',
  registers: [processMetrics],
}).set(Math.round(performance.timeOrigin) / 1000);

new Gauge({
  name: 'process_resident_memory_bytes',
  help: 'Resident memory size in bytes.',
  registers: [processMetrics],
  collect() {
    this.set(process.memoryUsage.rss());
  },
});

/**
 * One answered request. `route` is the matched pattern (`/read/:slug/:n`), or `unmatched`:
 * labels never carry slugs or ids, so their number stays bounded whatever clients ask for.
 */
export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  const verb = METHODS.has(method) ? method : 'OTHER';
  const key = `${verb} ${route} ${status}`;
  let series = requestSeries.get(key);
  if (!series) {
    series = { count: httpRequests.labels(verb, route, String(status)), duration: httpDuration.labels(verb, route) };
    requestSeries.set(key, series);
  }
  series.count.inc();
  series.duration.observe(seconds);
}

/**
 * The labelled series of each method, route and status, found once (the labels are bounded, see
 * above): finding a series by its labels hashes them, on every request otherwise.
 */
const requestSeries = new Map<string, { count: { inc(): void }; duration: { observe(value: number): void } }>();
const lookupSeries = new Map<string, { inc(): void }>();

/** Caches are named in docs/operations.md ("Metrics"); a new cache adds its name there. */
export type CacheName = 'chapter_data' | 'chapter_html' | 'chapter_html_shared' | 'chapter_page' | 'book_list' | 'sitemap' | 'catalogue_answer' | 'catalogue_page' | 'chapter_json';

export function countCacheLookup(cache: CacheName, hit: boolean): void {
  const result = hit ? 'hit' : 'miss';
  const key = `${cache} ${result}`;
  let series = lookupSeries.get(key);
  if (!series) lookupSeries.set(key, (series = cacheLookups.labels(cache, result)));
  series.inc();
}
