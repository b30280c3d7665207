import { Layout } from '../../../layouts/Layout.tsx';
import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import type { ImportTask } from './types.ts';

const RULES = ['auto', 'toc', 'spine', 'outline', 'headings', 'pages'] as const;

/** /admin/imports/{id}: the detected split (each chapter's title and first lines), publish or split again. */
export function ImportReviewPage({ ctx, task }: { ctx: PageContext; task: ImportTask }): JSX.Element {
  const { t } = ctx;
  const preview = task.detail.preview;
  return (
    <Layout ctx={ctx} title={t('admin.review.title')} noindex>
      <section class="admin-page">
        <p class="admin-page__back">
          <a href="/admin/imports" safe>{t('admin.imports.back')}</a>
        </p>
        <h1 safe>{t('admin.review.title')}</h1>
        {task.status !== 'review' || !preview ? (
          <p class="notice" safe>{t('admin.review.notInReview', { status: t(`admin.status.${task.status}` as never) })}</p>
        ) : (
          <>
            <dl class="review-facts">
              <dt safe>{t('admin.review.book')}</dt>
              <dd safe>{preview.author ? `${preview.title} — ${preview.author}` : preview.title}</dd>
              <dt safe>{t('admin.review.split')}</dt>
              <dd safe>{`${t(`admin.rule.${preview.rule}` as never)} · ${t('admin.review.chapters', { n: String(preview.chapters) })}`}</dd>
            </dl>
            {preview.warnings.map((w) => (
              <p class="notice" safe>{w}</p>
            ))}
            <div class="review-actions">
              <form method="post" action={`/admin/imports/${task.id}/publish`}>
                <button class="button button--primary" type="submit" safe>{t('admin.review.publish', { n: String(preview.chapters) })}</button>
              </form>
              <form method="post" action={`/admin/imports/${task.id}/rerun`} class="review-actions__rerun">
                <label class="field">
                  <span class="field__label" safe>{t('admin.review.splitAgain')}</span>
                  <select name="rule">
                    {RULES.filter((r) => r !== 'auto').map((rule) => (
                      <option value={rule} selected={rule === preview.rule} safe>{t(`admin.rule.${rule}` as never)}</option>
                    ))}
                  </select>
                </label>
                <label class="field">
                  <span class="field__label" safe>{t('admin.review.pagesPerChapter')}</span>
                  <input name="pages_per_chapter" type="number" min="1" max="500" value="10" inputmode="numeric" />
                </label>
                <button class="button button--quiet" type="submit" safe>{t('admin.review.rerun')}</button>
              </form>
            </div>
            <div class="review-table" role="region" aria-label={t('admin.review.split')} tabindex="0">
              <table>
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col" safe>{t('admin.review.colTitle')}</th>
                    <th scope="col" safe>{t('admin.review.colWords')}</th>
                    <th scope="col" safe>{t('admin.review.colStart')}</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.items.map((item) => (
                    <tr>
                      <td safe>{String(item.number)}</td>
                      <th scope="row" safe>{item.title}</th>
                      <td safe>{String(item.words)}</td>
                      <td class="review-table__excerpt" safe>{item.excerpt}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </Layout>
  );
}
