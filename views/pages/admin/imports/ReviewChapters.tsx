import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import type { ImportReviewData } from './types.ts';
import { RefusedList } from './RefusedList.tsx';

/**
 * The chapters as they will be published, a page of them at a time: a title field per row, "merge
 * into previous" (a button of the same form, so titles typed meanwhile are saved with it) and a
 * link to split the chapter. Works without JavaScript.
 */
export function ReviewChapters({ ctx, taskId, review }: { ctx: PageContext; taskId: string; review: ImportReviewData }): JSX.Element {
  const { t } = ctx;
  const refused = review.refused?.form === 'chapters' ? review.refused : null;
  const first = review.rows[0]?.number ?? 0;
  const last = review.rows[review.rows.length - 1]?.number ?? 0;
  return (
    <form class="review-chapters" data-review-form method="post" action={`/admin/imports/${taskId}/chapters`} aria-labelledby="review-chapters-heading">
      {refused ? <RefusedList ctx={ctx} id="review-chapters-error" messages={refused.messages} /> : ''}
      <input type="hidden" name="revision" value={String(review.revision)} />
      <input type="hidden" name="page" value={String(review.page)} />
      <div class="review-chapters__bar">
        {/* First in the form: Enter in a title field saves the titles rather than pressing a merge button. */}
        <button class="button button--primary" type="submit" safe>{t('importReview.saveTitles')}</button>
        <Pager ctx={ctx} taskId={taskId} review={review} first={first} last={last} />
      </div>
      <div class="review-table" role="region" aria-label={t('admin.review.split')} tabindex="0">
        <table>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col" safe>{t('admin.review.colTitle')}</th>
              <th scope="col" class="review-table__words" safe>{t('admin.review.colWords')}</th>
              <th scope="col" safe>{t('admin.review.colStart')}</th>
              <th scope="col" safe>{t('importReview.colChanges')}</th>
            </tr>
          </thead>
          <tbody>
            {review.rows.map((row) => (
              <tr data-chapter={String(row.number)}>
                <td safe>{String(row.number)}</td>
                <td class="review-table__title">
                  <input name={`title_${row.number}`} value={row.title} maxlength="500" required aria-label={t('importReview.titleOf', { n: String(row.number) })} />
                </td>
                <td class="review-table__words" data-unit={t('admin.review.colWords').toLowerCase()} safe>{String(row.words)}</td>
                <td class="review-table__excerpt">
                  <span class="review-table__lines" safe>{row.excerpt}</span>
                </td>
                <td class="review-table__changes">
                  {row.number > 1 ? (
                    <button class="button button--quiet" type="submit" formaction={`/admin/imports/${taskId}/merge`} name="merge" value={String(row.number)} aria-label={t('importReview.mergeLabel', { n: String(row.number) })} safe>
                      {t('importReview.merge')}
                    </button>
                  ) : (
                    ''
                  )}
                  {row.canSplit ? (
                    <a class="button button--quiet" href={`/admin/imports/${taskId}/split/${row.number}`} aria-label={t('importReview.splitLabel', { n: String(row.number) })} safe>
                      {t('importReview.split')}
                    </a>
                  ) : (
                    ''
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p class="review-chapters__save">
        <button class="button button--primary" type="submit" safe>{t('importReview.saveTitles')}</button>
      </p>
      {review.pages > 1 ? <Pager ctx={ctx} taskId={taskId} review={review} first={first} last={last} /> : ''}
    </form>
  );
}

function Pager({ ctx, taskId, review, first, last }: { ctx: PageContext; taskId: string; review: ImportReviewData; first: number; last: number }): JSX.Element {
  const { t } = ctx;
  const at = (page: number) => `/admin/imports/${taskId}?page=${page}#review-chapters-heading`;
  return (
    <nav class="review-pager" aria-label={t('importReview.chaptersHeading')}>
      <span safe>{t('importReview.range', { from: String(first), to: String(last), total: String(review.total) })}</span>
      {review.page > 1 ? <a href={at(review.page - 1)} rel="prev" safe>{t('importReview.previous')}</a> : ''}
      {review.page < review.pages ? <a href={at(review.page + 1)} rel="next" safe>{t('importReview.next')}</a> : ''}
    </nav>
  );
}
