import { Layout } from '../../layouts/Layout.tsx';
import { offersOf, type PageContext } from '../../../src/platform/http/page-context.ts';
import type { InstancePolicy } from '../../../src/features/policy/model.ts';

export interface ProPageProps {
  ctx: PageContext;
  /** The owner's policy in force: the numbers shown, and what is open without payments. */
  policy: InstancePolicy;
  /** The site takes payments (POLAR_WEBHOOK_SECRET): the page sells Pro; otherwise it says what is open here. */
  payments: boolean;
  viewer: { role: 'user' | 'pro' | 'admin'; proUntil: string | null; canManage: boolean } | null;
  /** Checkout needs the provider's token and product. */
  available: boolean;
  /** A failed checkout, in words. */
  error: string | null;
}

/** /pro: what Pro unlocks (the free limits in numbers) and the button that starts the checkout; without payments, what this server opens. */
export function ProPage(props: ProPageProps): JSX.Element {
  const { ctx, policy, payments, viewer, available, error } = props;
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('billing.pro.title')}>
      <section class="pro-page" aria-labelledby="pro-title">
        <h1 id="pro-title" safe>{t('billing.pro.title')}</h1>
        {payments ? (
          <>
            <p class="pro-page__lead" safe>{t('billing.pro.lead')}</p>
            <ul class="pro-page__perks" role="list">
              {policy.limits_enabled ? <li safe>{t('billing.pro.audio', { n: String(policy.audio_chapters_per_day) })}</li> : ''}
              {policy.limits_enabled && offersOf(ctx).translation ? <li safe>{t('billing.pro.translation', { n: String(policy.translations_per_day) })}</li> : ''}
              <li safe>{t('billing.pro.export')}</li>
              {policy.limits_enabled ? '' : <li safe>{t('policy.pro.noLimits')}</li>}
            </ul>
            {error ? <p class="notice notice--error" role="alert" safe>{error}</p> : ''}
            <Action ctx={ctx} viewer={viewer} available={available} />
          </>
        ) : (
          <WithoutPayments ctx={ctx} policy={policy} viewer={viewer} />
        )}
      </section>
    </Layout>
  );
}

/** A server that takes no payments: nothing to buy; what its owner opened, and the limits if any. */
function WithoutPayments({ ctx, policy, viewer }: Pick<ProPageProps, 'ctx' | 'policy' | 'viewer'>): JSX.Element {
  const { t } = ctx;
  const hasFeatures = viewer !== null && (viewer.role !== 'user' || policy.pro_features_open);
  return (
    <div class="pro-page__server" id="pro-no-payments">
      <p class="pro-page__lead" safe>{t('policy.pro.noPayments')}</p>
      <ul class="pro-page__perks" role="list">
        <li safe>{t(policy.pro_features_open ? 'policy.pro.open' : 'policy.pro.closed')}</li>
        <li safe>
          {policy.limits_enabled
            ? t('policy.pro.limits', { audio: String(policy.audio_chapters_per_day), translations: String(policy.translations_per_day) })
            : t('policy.pro.noLimits')}
        </li>
      </ul>
      {hasFeatures ? <p class="notice notice--ok" safe>{t('policy.pro.yours')}</p> : ''}
      {!viewer && policy.pro_features_open ? <a class="button button--primary" href="/login?return_to=%2Fpro" safe>{t('policy.pro.signIn')}</a> : ''}
    </div>
  );
}

function Action({ ctx, viewer, available }: Pick<ProPageProps, 'ctx' | 'viewer' | 'available'>): JSX.Element {
  const { t } = ctx;
  if (viewer?.role === 'admin') return <p class="notice" safe>{t('billing.pro.admin')}</p>;
  if (viewer?.role === 'pro') {
    return (
      <div class="pro-page__active">
        <p class="notice notice--ok" safe>{viewer.proUntil ? t('billing.pro.until', { date: viewer.proUntil }) : t('billing.pro.active')}</p>
        {viewer.canManage ? (
          <form method="post" action="/pro/portal">
            <button class="button" type="submit" safe>{t('billing.pro.manage')}</button>
          </form>
        ) : (
          ''
        )}
      </div>
    );
  }
  if (!available) return <p class="notice" safe>{t('billing.pro.unavailable')}</p>;
  if (!viewer) return <a class="button button--primary" href="/login?return_to=%2Fpro" safe>{t('billing.pro.signIn')}</a>;
  return (
    <form method="post" action="/pro/checkout">
      <button class="button button--primary pro-page__buy" type="submit" safe>{t('billing.pro.button')}</button>
    </form>
  );
}
