import { t } from 'elysia';

/**
 * The end of every background task's JSON (scrape, import: docs/api.md "Admin"): why it failed,
 * who started it, and its times (times.ts).
 */
export const TaskRunFields = {
  error: t.Union([t.String(), t.Null()]),
  initiator_id: t.Union([t.String(), t.Null()]),
  created: t.String(),
  started: t.Union([t.String(), t.Null()]),
  finished: t.Union([t.String(), t.Null()]),
  /** Seconds from start to end (or to now while it runs); null before it starts. */
  duration: t.Union([t.Number(), t.Null()]),
};
