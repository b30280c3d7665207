import { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { AppError } from '../../platform/http/errors.ts';

/** The AI service failed or answered with something unusable: 502 `bad_gateway`. */
export class AiUpstreamError extends AppError {
  constructor(message: string, readonly upstreamStatus: number | null = null) {
    super(502, 'bad_gateway', message);
    this.name = 'AiUpstreamError';
  }
}

/** The AI service did not answer in time (after its retries): 504 `gateway_timeout`. */
export class AiTimeoutError extends AppError {
  constructor(seconds: number) {
    super(504, 'gateway_timeout', `The AI service did not answer in time (${seconds} s)`);
    this.name = 'AiTimeoutError';
  }
}

/** The SDK's errors, in the service's words; an abort by our own signal stays an abort. */
export function toAiError(error: unknown, timeoutMs: number, signal?: AbortSignal): unknown {
  if (error instanceof AiUpstreamError || error instanceof AiTimeoutError) return error;
  if (error instanceof APIUserAbortError) return signal?.aborted ? (signal.reason ?? error) : new AiTimeoutError(Math.round(timeoutMs / 1000));
  if (error instanceof APIConnectionTimeoutError) return new AiTimeoutError(Math.round(timeoutMs / 1000));
  if (error instanceof APIError) {
    if (error.status === undefined) return new AiUpstreamError('Could not reach the AI service');
    return new AiUpstreamError(`The AI service answered ${error.status}: ${shortMessage(error)}`, error.status);
  }
  if (signal?.aborted) return signal.reason ?? error;
  return error;
}

function shortMessage(error: APIError): string {
  const body = error.error as { message?: unknown } | undefined;
  const text = typeof body?.message === 'string' ? body.message : error.message;
  return text.replace(/\s+/g, ' ').slice(0, 200);
}
