import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import { errorAnswers } from '../../platform/http/api-schemas.ts';
import { AppError, forbidden, tooLarge } from '../../platform/http/errors.ts';
import { linkBase } from '../../platform/http/public-origin.ts';
import { verifyWebhook, WebhookRefused } from '../../integrations/payments/index.ts';
import { applyWebhook } from './service.ts';
import { periodEndKind } from './kind.ts';
import { customerPortal, proState, startCheckout, type CheckoutDeps } from './checkout.ts';
import { billingPageRoutes } from './page-routes.ts';
import { ProStatus, ProviderPage, WebhookAck } from './model.ts';
import type { PageEnvironment } from '../../platform/http/page.ts';

const tags = ['billing'];
const MAX_WEBHOOK_BYTES = 1024 * 1024;

/** Pro: the provider's webhook, checkout, the reader's Pro state, the customer portal, and the pages. */
export function billingRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment) {
  const { db, log, config } = platform;
  const checkout: CheckoutDeps = { db, payments: config.payments };
  const deps = { db, log: log.child({ component: 'billing' }), clock: platform.clock, periodEndKind };
  return new Elysia({ name: 'billing' })
    .use(auth)
    .post('/api/webhooks/polar', async ({ request }) => {
      const secret = config.payments.webhookSecret;
      if (!secret) throw new AppError(503, 'payments_not_configured', 'The payment webhook is not set up: set POLAR_WEBHOOK_SECRET');
      if (Number(request.headers.get('content-length') ?? 0) > MAX_WEBHOOK_BYTES) throw tooLarge('A webhook body is at most 1 MB');
      const raw = await request.text();
      if (raw.length > MAX_WEBHOOK_BYTES) throw tooLarge('A webhook body is at most 1 MB');
      let event;
      try {
        event = verifyWebhook(raw, request.headers, secret);
      } catch (error) {
        if (error instanceof WebhookRefused) {
          deps.log.warn('payment webhook refused', { reason: error.message });
          throw forbidden('Invalid webhook signature');
        }
        throw error;
      }
      return { received: true, outcome: await applyWebhook(deps, event) };
    }, {
      parse: 'none',
      // Read by hand (parse: 'none'): 403 a signature that does not verify, 413 past 1 MB, 503 without POLAR_WEBHOOK_SECRET.
      response: { 200: WebhookAck, ...errorAnswers(403, 413, 503) },
      detail: { tags, summary: 'The payment provider\'s events (Standard Webhooks signature; 403 when it does not verify; a replay is acknowledged once)' },
    })
    .post('/api/checkout', ({ user }) => startCheckout(checkout, user, linkBase(config.baseUrl)), {
      auth: 'user',
      // 409: Pro already; 502: the provider failed; 503: payments not configured.
      response: { 200: ProviderPage, ...errorAnswers(409, 502, 503) },
      detail: { tags, summary: 'A checkout session for Pro: {url} of the provider\'s page (503 payments_not_configured, 409 when Pro already)' },
    })
    .get('/api/pro/status', ({ user }) => proState(db, user.id), {
      auth: 'user',
      response: ProStatus,
      detail: { tags, summary: 'The reader\'s Pro state, read fresh (the success page asks until the webhook has landed)' },
    })
    .post('/api/billing/portal', ({ user }) => customerPortal(checkout, user), {
      auth: 'user',
      // 409: no subscription to manage; 502: the provider failed; 503: payments not configured.
      response: { 200: ProviderPage, ...errorAnswers(409, 502, 503) },
      detail: { tags, summary: 'The provider\'s customer portal for this reader: {url}' },
    })
    .use(billingPageRoutes(platform, auth, env, checkout));
}
