/**
 * An HTTP stand-in in front of s3rver for fault tests: passes requests through, or answers every
 * request 500 (an S3 InternalError), or accepts requests and never answers (a hung store).
 */
export type S3FaultMode = 'pass' | 'error' | 'hang';

export interface S3FaultProxy {
  readonly endpoint: string;
  mode: S3FaultMode;
  /** Requests seen in each mode. */
  readonly seen: Record<S3FaultMode, number>;
  stop(): Promise<void>;
}

const INTERNAL_ERROR = `<?xml version="1.0" encoding="UTF-8"?>
<Error><Code>InternalError</Code><Message>We encountered an internal error. Please try again.</Message></Error>`;

export function startS3FaultProxy(target: string): S3FaultProxy {
  const hung = new Set<() => void>();
  const seen: Record<S3FaultMode, number> = { pass: 0, error: 0, hang: 0 };
  const proxy: S3FaultProxy = {
    endpoint: '',
    mode: 'pass',
    seen,
    async stop() {
      for (const release of hung) release();
      server.stop(true);
    },
  };
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    async fetch(request) {
      const mode = proxy.mode;
      seen[mode]++;
      if (mode === 'error') return new Response(INTERNAL_ERROR, { status: 500, headers: { 'content-type': 'application/xml' } });
      if (mode === 'hang') {
        await new Promise<void>((release) => hung.add(release));
        return new Response(null, { status: 503 });
      }
      const url = new URL(request.url);
      const headers = new Headers(request.headers);
      headers.delete('host');
      const upstream = await fetch(`${target}${url.pathname}${url.search}`, {
        method: request.method,
        headers,
        body: request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer(),
        redirect: 'manual',
      });
      return new Response(request.method === 'HEAD' ? null : upstream.body, { status: upstream.status, headers: upstream.headers });
    },
  });
  (proxy as { endpoint: string }).endpoint = `http://127.0.0.1:${server.port}`;
  return proxy;
}
