/**
 * The durable job queue (DESIGN rule 7). Main-thread API; worker files import runtime.ts instead.
 *
 *   queue.ts       enqueue, getJob, jobStatuses, liveJobIds, cancel (features)
 *   wake.ts        transactionWithJobs, announceEnqueuesOn       (waking runners at once, across processes)
 *   lease.ts       claim, heartbeat, complete, fail, progress…   (the runner; fenced by owner token)
 *   registry.ts    jobKind, enqueueKind                          (declaring kinds)
 *   recurrence.ts  scheduleRecurring                             (kinds that run again and again)
 *   runner.ts      startJobRunner                                (ROLE=worker|all)
 *   runtime.ts     defineJob, PermanentJobError                  (inside worker threads)
 */
export { enqueue, raisePriority, getJob, jobStatuses, liveJobIds, cancel, type Job, type EnqueueInput, type QueueDb } from './queue.ts';
export { WAKE_CHANNEL, announceEnqueuesOn, announceJobs, transactionWithJobs } from './wake.ts';
export {
  claim,
  heartbeat,
  complete,
  fail,
  markCancelled,
  release,
  progress,
  lockIfOwned,
  type ClaimOptions,
  type FailOptions,
  type HeartbeatResult,
} from './lease.ts';
export { jobKind, checkRegistry, enqueueKind, type JobKindSpec, type Recurrence } from './registry.ts';
export { scheduleRecurring, type ScheduleOptions } from './recurrence.ts';
export { startJobRunner, type JobRunner, type RunnerOptions } from './runner.ts';
export { jobChannel, type JobEvent } from './events.ts';
export { PermanentJobError, LeaseLostError, type JobContext, type JobBody } from './runtime.ts';
