/**
 * Errors with an HTTP meaning. Thrown anywhere; the error plugin (error-handler.ts) turns them into
 * `{"error": code, "message": message}` under /api/, a toast for htmx, an error page otherwise.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const DEFAULT_CODES: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  402: 'pro_required',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  410: 'gone',
  413: 'too_large',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'unavailable',
  504: 'gateway_timeout',
};

export const badRequest = (message: string) => new AppError(400, 'invalid_request', message);
export const unauthorized = (message = 'Sign in to continue') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do that') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const tooLarge = (message: string) => new AppError(413, 'too_large', message);
export const unavailable = (message: string, code = 'unavailable') => new AppError(503, code, message);
