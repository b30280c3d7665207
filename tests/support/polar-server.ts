import { Webhook } from 'standardwebhooks';

/**
 * A local stand-in for the payment provider's API (Polar), speaking its protocol:
 *   POST /v1/checkouts/          {products, customer_email, external_customer_id, success_url, return_url} → {id, url}
 *   POST /v1/customer-sessions/  {customer_id | external_customer_id} → {customer_portal_url}
 *   GET  /checkout/<id>          the hosted checkout page (a plain page with the checkout's id)
 * Requests need the bearer token; tests can make the next request fail.
 */
export interface PolarServer {
  url: string;
  token: string;
  requests: { path: string; body: Record<string, unknown> }[];
  failNext(status: number, detail?: string): void;
  stop(): Promise<void>;
}

export async function startPolarServer(token = 'polar_test_token'): Promise<PolarServer> {
  const failures: { status: number; detail: string }[] = [];
  const state: PolarServer = {
    url: '',
    token,
    requests: [],
    failNext: (status, detail = 'Something went wrong') => void failures.push({ status, detail }),
    stop: async () => server.stop(true),
  };
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      const path = new URL(request.url).pathname;
      if (request.method === 'GET' && path.startsWith('/checkout/')) return new Response(`<!doctype html><link rel="icon" href="data:,"><title>Checkout</title><h1>Checkout ${path.slice(10)}</h1>`, { headers: { 'content-type': 'text/html' } });
      if (!path.startsWith('/v1/')) return new Response('Not found', { status: 404 });
      if (request.headers.get('authorization') !== `Bearer ${token}`) return Response.json({ detail: 'Unauthorized' }, { status: 401 });
      const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
      state.requests.push({ path, body });
      const failure = failures.shift();
      if (failure) return Response.json({ detail: failure.detail }, { status: failure.status });
      if (request.method === 'POST' && path === '/v1/checkouts/') {
        const id = crypto.randomUUID();
        return Response.json({ id, url: `${state.url}/checkout/${id}`, status: 'open', customer_email: body.customer_email ?? null, external_customer_id: body.external_customer_id ?? null }, { status: 201 });
      }
      if (request.method === 'POST' && path === '/v1/customer-sessions/') {
        return Response.json({ id: crypto.randomUUID(), token: 'cst_x', customer_portal_url: `${state.url}/portal?customer=${encodeURIComponent(String(body.customer_id ?? body.external_customer_id))}` }, { status: 201 });
      }
      return Response.json({ detail: 'Not found' }, { status: 404 });
    },
  });
  state.url = `http://127.0.0.1:${server.port}`;
  return state;
}

/** Signs an event the way the provider does (Standard Webhooks, by the reference library). */
export function signedWebhook(secret: string, event: { type: string; data: Record<string, unknown>; timestamp?: Date }, options: { id?: string; at?: Date } = {}) {
  const at = options.at ?? new Date();
  const id = options.id ?? `msg_${crypto.randomUUID()}`;
  const body = JSON.stringify({ type: event.type, timestamp: (event.timestamp ?? at).toISOString(), data: event.data });
  const key = secret.startsWith('whsec_') ? secret : Buffer.from(secret, 'utf8').toString('base64');
  const signature = new Webhook(key).sign(id, at, body);
  return { body, headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature } };
}
