import { DEFAULT_CODES } from './errors.ts';

/** The JSON error body of docs/api.md: {"error": code, "message": text}. */
export function jsonError(status: number, message: string, code = DEFAULT_CODES[status] ?? 'error', headers?: HeadersInit): Response {
  const response = Response.json({ error: code, message }, { status, headers });
  return response;
}

export async function htmlResponse(html: string | Promise<string>, status = 200, headers?: Record<string, string>): Promise<Response> {
  return new Response(await html, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
  });
}
