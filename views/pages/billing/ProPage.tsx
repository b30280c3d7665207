import { Layout } from '../../layouts/Layout.tsx';
import type { PageContext } from '../../../src/platform/http/page-context.ts';

export interface ProPageProps {
  ctx: PageContext;
  freePerDay: number;
  viewer: { role: 'user' | 'pro' | 'admin'; proUntil: string | null; canManage: boolean } | null;
  /** Checkout needs the provider's token and product. */
  available: boolean;
  /** A failed checkout, in words. */
  error: string | null;
}

/** /pro: what Pro unlocks (the free limits in numbers) and the button that starts the checkout. */
export function ProPage({ ctx, freePerDay, viewer, available, error }: ProPageProps): JSX.Element {
  const { t } = ctx;
  const n = String(freePerDay);
  return (
    <Layout ctx={ctx} title={t('billing.pro.title')}>
      <section class="pro-page" aria-labelledby="pro-title">
        <h1 id="pro-title" safe>{t('billing.pro.title')}</h1>
        <p class="pro-page__lead" safe>{t('billing.pro.lead')}</p>
        <ul class="pro-page__perks" role="list">
          <li safe>{t('billing.pro.audio', { n })}</li>
          <li safe>{t('billing.pro.translation', { n })}</li>
          <li safe>{t('billing.pro.export')}</li>
        </ul>
        {error ? <p class="notice notice--error" role="alert" safe>{error}</p> : ''}
        <Action ctx={ctx} viewer={viewer} available={available} />
      </section>
    </Layout>
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
