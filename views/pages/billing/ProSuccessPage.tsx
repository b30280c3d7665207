import { Layout } from '../../layouts/Layout.tsx';
import type { PageContext } from '../../../src/platform/http/page-context.ts';

/** /pro/success: "Pro is active" the moment the webhook has landed; until then it says it waits, and asks again every 2 s. */
export function ProSuccessPage({ ctx, active }: { ctx: PageContext; active: boolean }): JSX.Element {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('billing.success.title')} noindex>
      <section class="pro-page" aria-labelledby="pro-success-title">
        <h1 id="pro-success-title" safe>{t('billing.success.title')}</h1>
        <ProStatus ctx={ctx} active={active} />
        <p>
          <a class="button" href="/" safe>{t('billing.success.continue')}</a>
        </p>
      </section>
    </Layout>
  );
}

export function ProStatus({ ctx, active }: { ctx: PageContext; active: boolean }): JSX.Element {
  const { t } = ctx;
  const poll = active ? {} : { 'hx-get': '/pro/status', 'hx-trigger': 'every 2s', 'hx-swap': 'outerHTML' };
  return (
    <p id="pro-status" class={`notice ${active ? 'notice--ok' : ''}`} data-active={active ? 'true' : 'false'} role="status" aria-live="polite" {...poll} safe>
      {active ? t('billing.success.active') : t('billing.success.waiting')}
    </p>
  );
}
