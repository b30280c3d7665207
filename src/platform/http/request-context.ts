import { randomBytes } from 'node:crypto';
import { readCookie } from './cookies.ts';
import type { Viewer } from './page-context.ts';

/**
 * Per-request facts set by the outer server handler (server.ts) before Elysia sees the request,
 * readable anywhere that holds the Request.
 */
interface RequestFacts {
  id: string;
  startedAt: number;
  /** The client's address: asked of the server only when something reads it (rate limits, sign-in attempts). */
  ip: string | (() => string);
  /** The anonymous reader id: session_id cookie, X-Session-Id, or one made for this request. */
  anonId: string;
  /** True when anonId was made here: the response sets the session_id cookie. */
  anonIsNew: boolean;
  /** Cookies features want on the response whatever it is (e.g. clearing a revoked auth cookie). */
  responseCookies: string[];
  /** The signed-in reader as pages show them; set by the auth plugin. */
  viewer: Viewer | null;
  /** The matched route pattern (`/read/:slug/:n`), for request metrics; null when none matched. */
  route: string | null;
}

const facts = new WeakMap<Request, RequestFacts>();
const urls = new WeakMap<Request, URL>();

/** The request's URL, parsed once: the server, the origin, the page context and routes all need it. */
export function urlOf(request: Request): URL {
  let url = urls.get(request);
  if (!url) urls.set(request, (url = new URL(request.url)));
  return url;
}
const INCOMING_ID = /^[A-Za-z0-9._-]{8,64}$/;
export const ANON_ID = /^[A-Za-z0-9_-]{16,128}$/;

export function newAnonId(): string {
  return randomBytes(18).toString('base64url');
}

function incomingAnonId(request: Request): string | null {
  const fromHeader = request.headers.get('x-session-id');
  if (fromHeader && ANON_ID.test(fromHeader)) return fromHeader;
  const fromCookie = readCookie(request, 'session_id');
  return fromCookie && ANON_ID.test(fromCookie) ? fromCookie : null;
}

/**
 * Request ids name a request in logs and error reports; they need to be unique, not secret: a
 * random prefix per process and a counter (a random id per request cost a call into the crypto
 * library on every request).
 */
const ID_PREFIX = randomBytes(6).toString('base64url');
let requestCount = 0;
const nextRequestId = () => `${ID_PREFIX}${(++requestCount).toString(36)}`;

export function stampRequest(request: Request, ip: string | (() => string) = 'unknown'): RequestFacts {
  const incoming = request.headers.get('x-request-id');
  const anonId = incomingAnonId(request);
  const stamped: RequestFacts = {
    id: incoming && INCOMING_ID.test(incoming) ? incoming : nextRequestId(),
    startedAt: performance.now(),
    ip,
    anonId: anonId ?? newAnonId(),
    anonIsNew: anonId === null,
    responseCookies: [],
    viewer: null,
    route: null,
  };
  facts.set(request, stamped);
  return stamped;
}

function factsOf(request: Request): RequestFacts {
  return facts.get(request) ?? stampRequest(request);
}

export function requestIdOf(request: Request): string {
  return facts.get(request)?.id ?? 'unknown';
}

export function clientIpOf(request: Request): string {
  const stamped = factsOf(request);
  if (typeof stamped.ip === 'function') stamped.ip = stamped.ip();
  return stamped.ip;
}

export function anonIdOf(request: Request): string {
  return factsOf(request).anonId;
}

export function addResponseCookie(request: Request, cookie: string): void {
  factsOf(request).responseCookies.push(cookie);
}

export function responseFactsOf(request: Request): Pick<RequestFacts, 'anonId' | 'anonIsNew' | 'responseCookies'> {
  return factsOf(request);
}

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

export function wantsHtmx(request: Request): boolean {
  return request.headers.get('hx-request') === 'true';
}

export function setViewer(request: Request, viewer: Viewer | null): void {
  factsOf(request).viewer = viewer;
}

export function viewerOf(request: Request): Viewer | null {
  return facts.get(request)?.viewer ?? null;
}

export function setRouteOf(request: Request, route: string): void {
  const stamped = facts.get(request);
  if (stamped) stamped.route = route;
}

export function routeOf(request: Request): string | null {
  return facts.get(request)?.route ?? null;
}
