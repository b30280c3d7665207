import { Layout } from '../../../layouts/Layout.tsx';
import type { ImportSplitPageProps } from './types.ts';

/** /admin/imports/{id}/split/{n}: where chapter n of the review becomes two (its headings, else its paragraphs, and chapters merged into it). */
export function ImportSplitPage({ ctx, taskId, number, title, revision, places, backHref }: ImportSplitPageProps): JSX.Element {
  const { t } = ctx;
  const heading = t('importReview.splitTitle', { n: String(number) });
  return (
    <Layout ctx={ctx} title={heading} noindex>
      <section class="admin-page review-page">
        <p class="admin-page__back">
          <a href={backHref} safe>{t('importReview.back')}</a>
        </p>
        <h1 safe>{heading}</h1>
        <p class="admin-page__lead" safe>{t('importReview.splitLead', { title })}</p>
        {places.length === 0 ? (
          <p class="notice" safe>{t('importReview.splitNone')}</p>
        ) : (
          <form class="admin-form review-split" method="post" action={`/admin/imports/${taskId}/split`}>
            <input type="hidden" name="revision" value={String(revision)} />
            <input type="hidden" name="chapter" value={String(number)} />
            <label class="field">
              <span class="field__label" safe>{t('importReview.splitAt')}</span>
              <select name="place" required>
                {places.map((place) => (
                  <option value={place.value} safe>{place.label}</option>
                ))}
              </select>
            </label>
            <p>
              <button class="button button--primary" type="submit" safe>{t('importReview.splitSubmit')}</button>
            </p>
          </form>
        )}
      </section>
    </Layout>
  );
}
