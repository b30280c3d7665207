import { sse } from 'elysia';
import { AppError } from '../../platform/http/errors.ts';
import type { Logger } from '../../platform/log.ts';

export interface SseEvent {
  event: 'progress' | 'batch' | 'done' | 'error';
  data: unknown;
}

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
