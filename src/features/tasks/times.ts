/**
 * When a background task (scrape, import) started and ended, as the API shows it: ISO strings and
 * its duration in seconds, to its end or, while it runs, to now.
 */
export interface TaskTimes {
  created: string;
  started: string | null;
  finished: string | null;
  duration: number | null;
}

export function taskTimes(row: { created_at: Date | string; started_at: Date | string | null; finished_at: Date | string | null }, now: Date = new Date()): TaskTimes {
  const started = row.started_at ? new Date(row.started_at) : null;
  const finished = row.finished_at ? new Date(row.finished_at) : null;
  return {
    created: new Date(row.created_at).toISOString(),
    started: started?.toISOString() ?? null,
    finished: finished?.toISOString() ?? null,
    duration: started ? Math.max(0, ((finished ?? now).getTime() - started.getTime()) / 1000) : null,
  };
}
