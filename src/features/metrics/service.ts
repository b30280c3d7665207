import { Gauge, Registry } from 'prom-client';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/index.ts';
import { processMetrics } from '../../platform/http/metrics/registry.ts';
import { importTaskCounts, queuedJobsByKind, scrapeTaskCounts, speechRatesSince } from './queries.ts';

/** Prometheus text exposition format 0.0.4. */
export const METRICS_CONTENT_TYPE = processMetrics.contentType;

/** Speech rates cover audio jobs of the last day: recent enough to show an engine slowing down. */
const SPEECH_WINDOW_MS = 24 * 3600 * 1000;

export interface MetricsDeps {
  db: Db;
  clock: Clock;
  /** Every job kind this build runs: a kind with nothing queued reports 0 rather than vanishing. */
  jobKinds: readonly string[];
}

/**
 * The exposition: this process's own counters (requests, cache lookups) followed by gauges read
 * from the database now (queues, speech rates, task outcomes), which every instance reports alike.
 */
export async function renderMetrics(deps: MetricsDeps): Promise<string> {
  const now = deps.clock();
  const [queued, speech, scrapes, imports] = await Promise.all([
    queuedJobsByKind(deps.db, now),
    speechRatesSince(deps.db, new Date(now.getTime() - SPEECH_WINDOW_MS)),
    scrapeTaskCounts(deps.db),
    importTaskCounts(deps.db),
  ]);
  const scrape = new Registry();
  const gauge = (name: string, help: string, labelNames: string[]) => new Gauge({ name, help, labelNames, registers: [scrape] });

  const ready = gauge('chapterhouse_jobs_queued', 'Queued jobs whose run time has come (waiting for a free slot), by kind.', ['kind']);
  const later = gauge('chapterhouse_jobs_scheduled', 'Queued jobs set to run later (schedules, retry backoff), by kind.', ['kind']);
  const age = gauge('chapterhouse_jobs_oldest_queued_age_seconds', 'Seconds the longest-waiting ready job has waited, by kind (0 when none waits).', ['kind']);
  const byKind = new Map(queued.map((q) => [q.kind, q]));
  for (const kind of new Set([...deps.jobKinds, ...byKind.keys()])) {
    const q = byKind.get(kind);
    ready.set({ kind }, q?.ready ?? 0);
    later.set({ kind }, q?.scheduled ?? 0);
    age.set({ kind }, q?.oldestReadyAt ? Math.max(0, (now.getTime() - q.oldestReadyAt.getTime()) / 1000) : 0);
  }

  const factor = gauge('chapterhouse_speech_realtime_factor', 'Seconds of audio made per second of job time, per engine, over audio jobs of the last 24 hours.', ['engine']);
  const speechJobs = gauge('chapterhouse_speech_jobs', 'Audio jobs of the last 24 hours that finished with audio, per engine.', ['engine']);
  for (const rate of speech) {
    speechJobs.set({ engine: rate.engine }, rate.jobs);
    if (rate.wallSeconds > 0) factor.set({ engine: rate.engine }, rate.audioSeconds / rate.wallSeconds);
  }

  const scrapeTasks = gauge('chapterhouse_scrape_tasks', 'Scrape tasks by kind and status (done, failed, cancelled are outcomes).', ['kind', 'status']);
  for (const row of scrapes) scrapeTasks.set({ kind: row.kind, status: row.status }, row.count);
  const importTasks = gauge('chapterhouse_import_tasks', 'Import tasks by status (done, failed, cancelled are outcomes; review awaits an admin).', ['status']);
  for (const row of imports) importTasks.set({ status: row.status }, row.count);

  return Registry.merge([processMetrics, scrape]).metrics();
}
