import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import { AppError } from '../../platform/http/errors.ts';
import { pageContext, type PageEnvironment } from '../../platform/http/page.ts';
import { linkBase } from '../../platform/http/public-origin.ts';
import { htmlResponse } from '../../platform/http/respond.ts';
import { signedIn } from '../../platform/http/sign-in.ts';
import { contentSecurityPolicy } from '../../platform/http/security-headers.ts';
import { LOCALE_TAGS } from '../../platform/i18n/locale.ts';
import { ProPage } from '../../../views/pages/billing/ProPage.tsx';
import { ProStatus, ProSuccessPage } from '../../../views/pages/billing/ProSuccessPage.tsx';
import { policyOf } from '../policy/service.ts';
import { checkoutAvailable, customerPortal, proState, startCheckout, type CheckoutDeps } from './checkout.ts';
import { billingStateOf } from './queries.ts';

const PRIVATE = { 'cache-control': 'private, no-cache' };
type ErrorCode = 'failed' | 'unavailable' | 'active' | 'nothing';
const ERROR_KEYS: Record<ErrorCode, 'billing.pro.failed' | 'billing.pro.unavailable' | 'billing.pro.active' | 'billing.pro.noSubscription'> = {
  failed: 'billing.pro.failed',
  unavailable: 'billing.pro.unavailable',
  active: 'billing.pro.active',
  nothing: 'billing.pro.noSubscription',
};
const see = (location: string) => new Response(null, { status: 303, headers: { location } });
/** An anonymous reader's checkout or portal form goes to sign in first, and comes back to /pro. */
const signInFirst = signedIn(() => '/pro');

/** /pro (what Pro is, and the button; without payments, what this server opens), /pro/success (waits for the webhook), the forms behind them. */
export function billingPageRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment, checkout: CheckoutDeps) {
  const { db, config } = platform;
  // The page names what went wrong by a code, never by text taken from the address.
  const errorCode = (error: unknown): ErrorCode => {
    if (!(error instanceof AppError) || error.status < 400) throw error;
    if (error.status === 502) {
      platform.log.warn('checkout failed at the payment provider', { message: error.message });
      return 'failed';
    }
    if (error.status === 503) return 'unavailable';
    return error.message.startsWith('There is no subscription') ? 'nothing' : 'active';
  };
  // The checkout and portal forms are answered by a redirect to the provider's site.
  const providerPages = {
    ...PRIVATE,
    'content-security-policy': contentSecurityPolicy({ objectOrigin: config.s3 ? new URL(config.s3.publicUrl).origin : null, formActions: ['https:', new URL(config.payments.apiUrl).origin] }),
  };
  return new Elysia({ name: 'billing-pages' })
    .use(auth)
    .get('/pro', async ({ request, caller, query }) => {
      const ctx = pageContext(request, env);
      const user = caller.user;
      const state = user ? await billingStateOf(db, user.id) : undefined;
      const proUntil = state?.pro_until ? new Intl.DateTimeFormat(LOCALE_TAGS[ctx.locale], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(state.pro_until)) : null;
      const key = ERROR_KEYS[String(query.error) as ErrorCode];
      const error = key ? ctx.t(key) : null;
      const viewer = user && state ? { role: state.role, proUntil, canManage: Boolean(state.payment_customer_id) } : null;
      const { payments_configured, ...policy } = await policyOf(platform).current();
      return htmlResponse(ProPage({ ctx, policy, payments: payments_configured, viewer, available: checkoutAvailable(config.payments), error }), 200, providerPages);
    }, { detail: { hide: true } })
    .post('/pro/checkout', async ({ user }) => {
      try {
        return see((await startCheckout(checkout, user, linkBase(config.baseUrl))).url);
      } catch (error) {
        return see(`/pro?error=${errorCode(error)}`);
      }
    }, { auth: signInFirst, detail: { hide: true } })
    .post('/pro/portal', async ({ user }) => {
      try {
        return see((await customerPortal(checkout, user)).url);
      } catch (error) {
        return see(`/pro?error=${errorCode(error)}`);
      }
    }, { auth: signInFirst, detail: { hide: true } })
    .get('/pro/success', async ({ request, caller }) => {
      const ctx = pageContext(request, env);
      const active = caller.user ? (await proState(db, caller.user.id)).pro : false;
      return htmlResponse(ProSuccessPage({ ctx, active }), 200, PRIVATE);
    }, { detail: { hide: true } })
    .get('/pro/status', async ({ request, caller }) => {
      const active = caller.user ? (await proState(db, caller.user.id)).pro : false;
      return htmlResponse(ProStatus({ ctx: pageContext(request, env), active }), 200, PRIVATE);
    }, { detail: { hide: true } });
}
