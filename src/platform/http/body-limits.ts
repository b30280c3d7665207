const MB = 1024 * 1024;

/** A route whose bodies may be bigger (or must be smaller) than the default. */
export interface RouteBodyLimit {
  method: string;
  /** The exact path, or a prefix when it ends with `/*`. */
  path: string;
  bytes: number;
}

/**
 * How big a request body may be, by route: the default for every body (JSON, forms, text, and any
 * other type), and the few upload routes that take more. The outer handler (server.ts) counts each
 * body against it while it is read, whatever its framing; the body-limit plugin refuses a declared
 * Content-Length over it before a byte is read.
 */
export interface BodyLimits {
  limitFor(method: string, pathname: string): number;
  /** The largest limit of any route: the server's own ceiling (Bun.serve's maxRequestBodySize). */
  readonly ceiling: number;
}

export function createBodyLimits(defaultBytes: number, routes: readonly RouteBodyLimit[] = []): BodyLimits {
  const exact = new Map(routes.filter((r) => !r.path.endsWith('/*')).map((r) => [`${r.method} ${r.path}`, r.bytes]));
  const prefixes = routes.filter((r) => r.path.endsWith('/*')).map((r) => ({ method: r.method, prefix: r.path.slice(0, -1), bytes: r.bytes }));
  return {
    limitFor(method, pathname) {
      const found = exact.get(`${method} ${pathname}`);
      if (found !== undefined) return found;
      return prefixes.find((p) => p.method === method && pathname.startsWith(p.prefix))?.bytes ?? defaultBytes;
    },
    ceiling: Math.max(defaultBytes, ...routes.map((r) => r.bytes)),
  };
}

/** The 413 message of decisions.md's too_large error for a limit. */
export function tooLargeMessage(bytes: number): string {
  return `Request bodies are limited to ${Math.round((bytes / MB) * 10) / 10} MB`;
}
