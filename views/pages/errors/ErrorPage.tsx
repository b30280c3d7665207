import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { Layout } from '../../layouts/Layout.tsx';

export type ErrorPageProps = {
  ctx: PageContext;
  /** Shown so that a report can be matched with the server log; defaults to ctx.requestId. */
  requestId?: string;
  /** The HTTP status, shown above the heading; the caller sets the response status itself. */
  status?: number;
  /** A message safe to show (a 4xx AppError's); never pass the text of an unexpected error. */
  message?: string;
};

/** The page for an error outside /api/. */
export function ErrorPage({ ctx, requestId = ctx.requestId, status, message }: ErrorPageProps): JSX.Element {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('error.title')}>
      <section class="message-page">
        {status ? (
          <p class="message-page__code" aria-hidden="true" safe>
            {String(status)}
          </p>
        ) : (
          ''
        )}
        <h1 safe>{t('error.heading')}</h1>
        <p safe>{message ?? t('error.body')}</p>
        {requestId ? (
          <p class="message-page__reference">
            <span safe>{t('error.reference')}</span>: <code safe>{requestId}</code>
          </p>
        ) : (
          ''
        )}
        <p>
          <a class="button" href="/" safe>
            {t('error.home')}
          </a>
        </p>
      </section>
    </Layout>
  );
}
