import type { Kysely } from 'kysely';
import type { PaymentsConfig } from '../../config.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError, conflict } from '../../platform/http/errors.ts';
import { createPolarClient, type PolarClient } from '../../integrations/payments/index.ts';
import type { CallerUser } from '../../platform/http/auth.ts';
import { hasPro } from './gate.ts';
import { billingStateOf } from './queries.ts';

export const PAYMENTS_NOT_CONFIGURED = 'Payments are not set up: set POLAR_ACCESS_TOKEN and POLAR_PRODUCT_ID';

export interface CheckoutDeps {
  db: Kysely<Database>;
  payments: PaymentsConfig;
}

export const checkoutAvailable = (payments: PaymentsConfig) => Boolean(payments.accessToken && payments.productId);

function client(deps: CheckoutDeps): PolarClient {
  if (!checkoutAvailable(deps.payments)) throw new AppError(503, 'payments_not_configured', PAYMENTS_NOT_CONFIGURED);
  return createPolarClient({ apiUrl: deps.payments.apiUrl, accessToken: deps.payments.accessToken! });
}

/** A checkout session for this reader: the product, their email, their id as the external customer id. */
export async function startCheckout(deps: CheckoutDeps, user: CallerUser, base: string): Promise<{ url: string }> {
  const polar = client(deps);
  if (hasPro(user.role)) throw conflict(user.role === 'admin' ? 'Administrators already have everything Pro has' : 'Pro is already active on this account');
  const { url } = await polar.createCheckout({
    productId: deps.payments.productId!,
    email: user.email,
    externalCustomerId: user.id,
    successUrl: `${base}/pro/success?checkout_id={CHECKOUT_ID}`,
    returnUrl: `${base}/pro`,
  });
  return { url };
}

/** The provider's customer portal, where a Pro reader manages or cancels the subscription. */
export async function customerPortal(deps: CheckoutDeps, user: CallerUser): Promise<{ url: string }> {
  const polar = client(deps);
  const state = await billingStateOf(deps.db, user.id);
  if (!state?.payment_customer_id && user.role !== 'pro') throw conflict('There is no subscription to manage on this account');
  return { url: await polar.customerPortal({ customerId: state?.payment_customer_id ?? null, externalCustomerId: user.id }) };
}

export interface ProState {
  role: 'user' | 'pro' | 'admin';
  pro: boolean;
  pro_until: string | null;
}

/** Read fresh from the database (a webhook may have changed it a moment ago). */
export async function proState(db: Kysely<Database>, userId: string): Promise<ProState> {
  const state = await billingStateOf(db, userId);
  const role = state?.role ?? 'user';
  return { role, pro: hasPro(role), pro_until: state?.pro_until ? new Date(state.pro_until).toISOString() : null };
}
