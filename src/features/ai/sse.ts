import { sse, t } from 'elysia';
import { AppError } from '../../platform/http/errors.ts';
import type { Logger } from '../../platform/log.ts';
import { binaryBody } from '../../platform/http/api-schemas.ts';

export interface SseEvent {
  event: 'progress' | 'batch' | 'done' | 'error';
  data: unknown;
}

/**
 * An SSE route's 200 in the API description: `events` names its events and their data. Wrapped in
 * t.Any because Elysia compiles a validator for every declared answer (it never runs on a stream),
 * and TypeBox cannot compile binaryBody's Unsafe kind.
 */
export const sseBody = (events: string) => t.Any(binaryBody('text/event-stream', `Server-sent events: ${events}; a failure after the start is an \`error\` event {error, message, status}`));

/**
 * Frames for an SSE route (decisions.md: `event: <progress|batch|done|error>`, `data: <JSON>`).
 * A failure after the stream began cannot change the status any more: it becomes an `error`
 * event with the JSON error body, and the stream ends.
 */
export async function* sseFrames(events: AsyncIterable<SseEvent>, log: Logger, signal?: AbortSignal) {
  try {
    for await (const item of events) yield sse({ event: item.event, data: item.data });
  } catch (error) {
    if (signal?.aborted) return;
    if (error instanceof AppError) {
      yield sse({ event: 'error', data: { error: error.code, message: error.message, status: error.status } });
      return;
    }
    log.error('SSE stream failed', { error });
    yield sse({ event: 'error', data: { error: 'internal_error', message: 'Something went wrong; the stream stopped', status: 500 } });
  }
}
