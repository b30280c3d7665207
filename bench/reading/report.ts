/** The reading benchmark's verdicts and its table. */
import type { WrkResult } from './wrk.ts';
import type { Target } from './scenarios.ts';

export interface Row {
  key: string;
  label: string;
  result: WrkResult | null;
  ratio: number | null;
  target: Target | null;
  verdict: string;
  load1: number;
  /** CPU milliseconds per request in the server process, its PostgreSQL backends, Redis and wrk */
  cpuMs: { server: number; db: number; redis: number; wrk: number } | null;
  /** cores used by the benchmark's processes together, and by everything else, during the run */
  ownCores: number | null;
  othersCores: number | null;
  bytes: number | null;
  /** The share of lookups each of the app's caches answered during the measured run. */
  hits: string | null;
  /** The app's resident memory after the run, MB. */
  rssMb: number | null;
  note?: string;
  sameDataAs?: string;
}

export function verdict(result: WrkResult, ratio: number | null, target: Target | null): string {
  if (result.errorLine) return `FAILED (${result.errorLine})`;
  if (!target) return '—';
  const misses: string[] = [];
  if (target.ratio !== undefined && ratio !== null && ratio < target.ratio) misses.push(`ratio ${(ratio * 100).toFixed(1)} % < ${target.ratio * 100} %`);
  if (target.rps !== undefined && result.rps < target.rps) misses.push(`${result.rps.toFixed(0)} req/s < ${target.rps}`);
  if (target.p99 !== undefined && result.p99 >= target.p99) misses.push(`p99 ${result.p99.toFixed(1)} ≥ ${target.p99} ms`);
  return misses.length ? `MISS (${misses.join(', ')})` : 'PASS';
}

const targetText = (t: Target | null) =>
  t ? [t.ratio !== undefined ? `≥${t.ratio * 100}% ceiling` : '', t.rps !== undefined ? `≥${t.rps} req/s` : '', t.p99 !== undefined ? `p99<${t.p99}ms` : ''].filter(Boolean).join(', ') : '—';

export function printTable(rows: Row[], log: (line: string) => void) {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'vs ceiling', 'target', 'result', 'bytes', 'cpu ms/req srv+db+redis+wrk', 'others', 'rss MB'];
  const lines = rows.map((r) => [
    r.label,
    r.result ? r.result.rps.toFixed(0) : '—',
    r.result ? r.result.p50.toFixed(2) : '—',
    r.result ? r.result.p99.toFixed(2) : '—',
    r.ratio !== null ? `${(r.ratio * 100).toFixed(1)} %` : '—',
    targetText(r.target),
    r.verdict,
    r.bytes !== null ? String(r.bytes) : '—',
    r.cpuMs ? `${r.cpuMs.server.toFixed(2)}+${r.cpuMs.db.toFixed(2)}+${r.cpuMs.redis.toFixed(2)}+${r.cpuMs.wrk.toFixed(2)}` : '—',
    r.othersCores !== null ? r.othersCores.toFixed(2) : '—',
    r.rssMb !== null ? r.rssMb.toFixed(0) : '—',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i >= 1 && i <= 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  log('');
  log(fmt(header));
  log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) log(fmt(l));
  log('');
  log('cache hits during each measured run (share of lookups answered by each cache of the app):');
  for (const r of rows) if (r.hits !== null) log(`  ${r.label}: ${r.hits}`);
  for (const r of rows) if (r.note) log(`  ${r.label}: ${r.note}`);
  // A JSON answer must cost no more server CPU than the HTML answer with the same data.
  const byKey = new Map(rows.map((r) => [r.key, r]));
  for (const r of rows) {
    const html = r.sameDataAs ? byKey.get(r.sameDataAs) : undefined;
    if (!html?.cpuMs || !r.cpuMs) continue;
    const ok = r.cpuMs.server <= html.cpuMs.server * 1.05;
    log(`  ${r.label}: server CPU ${r.cpuMs.server.toFixed(3)} ms/req vs ${html.label} ${html.cpuMs.server.toFixed(3)}: ${ok ? 'PASS' : 'MISS'} (JSON ≤ HTML, 5 % measurement margin)`);
  }
}
