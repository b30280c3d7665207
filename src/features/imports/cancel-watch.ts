import type { Db } from '../../platform/db/index.ts';
import { taskById } from './queries.ts';

/**
 * A signal for the parse that aborts when the job's own does (the runner's cancel, shutdown or lost
 * lease, seen at its heartbeat) or, sooner, when the task stops being `running` (an admin cancelled
 * it: cancelImport ends the task at once). The parser's checkpoints let these timers run.
 */
export interface CancelWatch {
  readonly signal: AbortSignal;
  /** The task left `running` (as opposed to the job being aborted by its runner). */
  readonly taskEnded: () => boolean;
  stop(): void;
}

export function watchForCancel(db: Db, taskId: string, jobSignal: AbortSignal, everyMs = 1000): CancelWatch {
  const controller = new AbortController();
  let ended = false;
  const follow = () => controller.abort(jobSignal.reason);
  jobSignal.addEventListener('abort', follow, { once: true });
  const timer = setInterval(async () => {
    const task = await taskById(db, taskId).catch(() => null);
    if (!task || task.status === 'running' || controller.signal.aborted) return;
    ended = true;
    controller.abort(new DOMException(`import ${task.status}`, 'AbortError'));
  }, everyMs);
  return {
    signal: controller.signal,
    taskEnded: () => ended,
    stop() {
      clearInterval(timer);
      jobSignal.removeEventListener('abort', follow);
    },
  };
}
