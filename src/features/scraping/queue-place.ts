import type { ScrapeTask, WaitingFor } from './model.ts';

export interface ActiveTask {
  id: string;
  status: string;
  url: string | null;
  created_at: Date | string;
}

/** The site a task scrapes; null for the tasks that go over many books (every book, the new-chapters check). */
const hostOf = (url: string | null): string | null => {
  if (!url) return null;
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
};

/**
 * Where a waiting task stands: its place among the waiting tasks (the queue hands them out oldest
 * first) and the task it waits for: the running one on the same site (one at a time per site),
 * else any running one (a worker runs one task at a time), else the waiting one just ahead.
 */
export function queuePlace(task: Pick<ScrapeTask, 'id' | 'url'>, active: readonly ActiveTask[]): WaitingFor {
  const pending = active.filter((a) => a.status === 'pending');
  const index = pending.findIndex((a) => a.id === task.id);
  const ahead = index > 0 ? pending[index - 1]! : null;
  const running = active.filter((a) => a.status === 'running' && a.id !== task.id);
  const host = hostOf(task.url);
  const sameSite = running.find((a) => host === null || hostOf(a.url) === null || hostOf(a.url) === host);
  const blocker = sameSite ?? running[0] ?? ahead;
  return { reason: 'queue', position: (index < 0 ? pending.length : index) + 1, task_id: blocker?.id ?? null };
}
