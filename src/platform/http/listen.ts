import type { Logger } from '../log.ts';
import { jsonError } from './respond.ts';
import type { Handler } from './server.ts';

export interface ListenOptions {
  port: number;
  handler: Handler;
  log: Logger;
  /** The largest body any route takes (body-limits.ts): the runtime refuses anything bigger itself, chunked or not. */
  maxRequestBodySize: number;
  reusePort?: boolean;
}

/** Bun's HTTP server around the outer handler (server.ts). */
export function listen(options: ListenOptions) {
  const { handler, log } = options;
  return Bun.serve({
    port: options.port,
    idleTimeout: 120,
    // Never the runtime's development mode (its default unless NODE_ENV=production): its error page shows stacks and source.
    development: false,
    reusePort: options.reusePort ?? false,
    maxRequestBodySize: options.maxRequestBodySize,
    fetch: (request, server) => handler(request, () => server.requestIP(request)?.address),
    // Only what escapes the outer handler (it answers the app's own errors): logged, and a bare JSON 500.
    error(error) {
      log.error('request failed in the server', { error });
      return jsonError(500, 'Something went wrong', 'internal_error');
    },
  });
}
