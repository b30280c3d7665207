/**
 * The app's own cache counters (GET /metrics, chapterhouse_cache_lookups_total), read before and
 * after a measured run, so each row says how many of its answers came from a cache.
 */
import { readFileSync } from 'node:fs';

export type CacheCounts = Map<string, { hit: number; miss: number }>;

/**
 * The cache counters of all `processes` web processes behind `base` (WEB_PROCESSES): each scrape
 * reaches one of them, on a new connection, so scrapes are repeated until each process (told
 * apart by its start time) has been read once, and their counts are added up.
 */
export async function readCacheCounts(base: string, token: string, processes = 1): Promise<CacheCounts> {
  const seen = new Map<string, string>();
  for (let attempt = 0; attempt < 40 * processes && seen.size < processes; attempt++) {
    const text = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}`, connection: 'close' } }).then((r) => r.text());
    const started = /^process_start_time_seconds ([\d.e+]+)$/m.exec(text)?.[1] ?? 'one';
    if (!seen.has(started)) seen.set(started, text);
  }
  if (seen.size < processes) throw new Error(`read the metrics of ${seen.size} of ${processes} web processes`);
  const counts: CacheCounts = new Map();
  for (const text of seen.values()) {
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
/** The resident memory of several processes together (null when none could be read). */
export function residentMbOf(pids: readonly number[]): number | null {
  const each = pids.map(residentMb).filter((mb): mb is number => mb !== null);
  return each.length ? each.reduce((a, b) => a + b, 0) : null;
}

export function residentMb(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}
