export { createPolarClient, PaymentsUpstreamError, type PolarClient, type CheckoutRequest } from './polar.ts';
export { verifyWebhook, WebhookRefused, type VerifiedEvent } from './webhook.ts';
