import { AppError } from '../../platform/http/errors.ts';

export interface PolarClientOptions {
  apiUrl: string;
  accessToken: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface CheckoutRequest {
  productId: string;
  email: string | null;
  externalCustomerId: string;
  successUrl: string;
  returnUrl: string;
}

/** The provider failed or could not be reached: 502 `bad_gateway`. */
export class PaymentsUpstreamError extends AppError {
  constructor(message: string) {
    super(502, 'bad_gateway', message);
    this.name = 'PaymentsUpstreamError';
  }
}

/** Polar's REST API, the two calls Chapterhouse makes: a checkout session and a customer portal session. */
export function createPolarClient({ apiUrl, accessToken, fetch: doFetch = fetch, timeoutMs = 15_000 }: PolarClientOptions) {
  async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await doFetch(`${apiUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new PaymentsUpstreamError('Could not reach the payment provider');
    }
    const text = await response.text();
    if (!response.ok) throw new PaymentsUpstreamError(`The payment provider answered ${response.status}${detailOf(text)}`);
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new PaymentsUpstreamError('The payment provider answered with something that is not JSON');
    }
  }

  return {
    /** POST /v1/checkouts/ → the hosted checkout page's URL. */
    async createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }> {
      const body = await post('/v1/checkouts/', {
        products: [request.productId],
        ...(request.email ? { customer_email: request.email } : {}),
        external_customer_id: request.externalCustomerId,
        success_url: request.successUrl,
        return_url: request.returnUrl,
        metadata: { user_id: request.externalCustomerId },
      });
      if (typeof body.url !== 'string' || !/^https?:\/\//.test(body.url)) throw new PaymentsUpstreamError('The payment provider did not return a checkout address');
      return { id: String(body.id ?? ''), url: body.url };
    },
    /** POST /v1/customer-sessions/ → the customer portal (manage or cancel the subscription). */
    async customerPortal(customer: { customerId: string | null; externalCustomerId: string }): Promise<string> {
      const body = await post('/v1/customer-sessions/', customer.customerId ? { customer_id: customer.customerId } : { external_customer_id: customer.externalCustomerId });
      if (typeof body.customer_portal_url !== 'string') throw new PaymentsUpstreamError('The payment provider did not return a portal address');
      return body.customer_portal_url;
    },
  };
}

export type PolarClient = ReturnType<typeof createPolarClient>;

function detailOf(text: string): string {
  try {
    const detail = (JSON.parse(text) as { detail?: unknown }).detail;
    if (typeof detail === 'string') return `: ${detail.slice(0, 200)}`;
  } catch {
    /* no detail */
  }
  return '';
}
