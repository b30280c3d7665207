import { Layout } from '../../layouts/Layout.tsx';
import type { LinkRefusedPageProps } from './types.ts';

/** A one-time link that cannot be used, said plainly, with what to do instead; no form. */
export function LinkRefusedPage({ ctx, kind, refusal }: LinkRefusedPageProps): JSX.Element {
  const { t } = ctx;
  const heading = t(`joining.link.${refusal}.heading`);
  return (
    <Layout ctx={ctx} title={heading} noindex>
      <section class="message-page">
        <h1 safe>{heading}</h1>
        <p safe>{t(`joining.link.${refusal}.${kind}`)}</p>
        <p>
          <a class="button" href="/login" safe>
            {t('joining.link.signIn')}
          </a>
        </p>
      </section>
    </Layout>
  );
}
