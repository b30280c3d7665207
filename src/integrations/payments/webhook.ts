import { Webhook, WebhookVerificationError } from 'standardwebhooks';

/** A webhook whose signature, timestamp or headers do not verify (403). */
export class WebhookRefused extends Error {
  override name = 'WebhookRefused';
}

export interface VerifiedEvent {
  /** `webhook-id`: the same id on every retry of one delivery. */
  id: string;
  type: string;
  /** The event's own time (the payload's `timestamp`, else the header's). */
  time: Date;
  data: Record<string, unknown>;
}

/**
 * Standard Webhooks verification (HMAC-SHA256 over `id.timestamp.body`, several signatures per
 * header, constant-time compare, 5 minutes' tolerance) by the reference library. decisions.md: a
 * `whsec_` secret is base64 after its prefix; any other secret is used as its own UTF-8 bytes,
 * as the provider's SDK does.
 */
export function verifyWebhook(rawBody: string, headers: Headers, secret: string): VerifiedEvent {
  const wanted = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;
  const values = Object.fromEntries(wanted.map((name) => [name, headers.get(name) ?? '']));
  if (wanted.some((name) => !values[name])) throw new WebhookRefused('Missing webhook signature headers');
  const key = secret.startsWith('whsec_') ? secret : Buffer.from(secret, 'utf8').toString('base64');
  let payload: unknown;
  try {
    payload = new Webhook(key).verify(rawBody, values);
  } catch (error) {
    if (error instanceof WebhookVerificationError) throw new WebhookRefused(error.message);
    throw new WebhookRefused('The webhook could not be verified');
  }
  const event = payload as { type?: unknown; timestamp?: unknown; data?: unknown };
  if (typeof event?.type !== 'string' || typeof event.data !== 'object' || event.data === null) throw new WebhookRefused('Not a webhook event');
  const stated = typeof event.timestamp === 'string' ? new Date(event.timestamp) : null;
  const time = stated && !Number.isNaN(stated.getTime()) ? stated : new Date(Number(values['webhook-timestamp']) * 1000);
  return { id: values['webhook-id']!, type: event.type, time, data: event.data as Record<string, unknown> };
}
