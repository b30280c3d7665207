/**
 * The app's own cache counters (GET /metrics, chapterhouse_cache_lookups_total), read before and
 * after a measured run, so each row says how many of its answers came from a cache.
 */
import { readFileSync } from 'node:fs';

export type CacheCounts = Map<string, { hit: number; miss: number }>;

export async function readCacheCounts(base: string, token: string): Promise<CacheCounts> {
  const text = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.text());
  const counts: CacheCounts = new Map();
  for (const line of text.split('\n')) {
    const m = /^chapterhouse_cache_lookups_total\{([^}]*)\} ([\d.e+]+)$/.exec(line);
    if (!m) continue;
    const cache = /cache="([^"]+)"/.exec(m[1]!)?.[1];
    const result = /result="([^"]+)"/.exec(m[1]!)?.[1];
    if (!cache || (result !== 'hit' && result !== 'miss')) continue;
    const entry = counts.get(cache) ?? { hit: 0, miss: 0 };
    entry[result] += Number(m[2]);
    counts.set(cache, entry);
  }
  return counts;
}

/** "catalogue_page 12 % of 30,512 · …": the hit share of every cache asked during the run. */
export function hitRatios(before: CacheCounts, after: CacheCounts): { text: string; byCache: Record<string, { hits: number; lookups: number }> } {
  const byCache: Record<string, { hits: number; lookups: number }> = {};
  for (const [cache, a] of after) {
    const b = before.get(cache) ?? { hit: 0, miss: 0 };
    const hits = a.hit - b.hit;
    const lookups = hits + a.miss - b.miss;
    if (lookups > 0) byCache[cache] = { hits, lookups };
  }
  const text = Object.entries(byCache)
    .sort((x, y) => y[1].lookups - x[1].lookups)
    .map(([cache, c]) => `${cache} ${((100 * c.hits) / c.lookups).toFixed(0)} %`)
    .join(', ');
  return { text: text || 'no cache asked', byCache };
}

/** Resident memory of a process in MB (Linux), or null. */
export function residentMb(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}
