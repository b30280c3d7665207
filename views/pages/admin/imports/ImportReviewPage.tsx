import { Layout } from '../../../layouts/Layout.tsx';
import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import type { ImportReviewPageProps, ImportTask } from './types.ts';
import type { ImportPreview } from '../../../../src/features/imports/model.ts';
import { NoticeLine } from '../shared/NoticeLine.tsx';
import { ReviewBookForm } from './ReviewBookForm.tsx';
import { ReviewChapters } from './ReviewChapters.tsx';

const RULES = ['toc', 'spine', 'outline', 'headings', 'pages'] as const;

/**
 * /admin/imports/{id}: the book as it will be published, editable before it is: its details and
 * genres first, then its chapters (titles, merge, split); publish sticks to the top. When the
 * parsed book can no longer be read, the stored split is shown as it is (publish or split again).
 */
export function ImportReviewPage({ ctx, task, notice, review }: ImportReviewPageProps): JSX.Element {
  const { t } = ctx;
  const preview = task.detail.preview;
  return (
    <Layout ctx={ctx} title={t('admin.review.title')} noindex>
      <section class="admin-page review-page" data-review-unsaved={t('importReview.unsaved')}>
        <p class="admin-page__back">
          <a href="/admin/imports" safe>{t('admin.imports.back')}</a>
        </p>
        <h1 safe>{t('admin.review.title')}</h1>
        <NoticeLine notice={notice} />
        {task.status !== 'review' || !preview ? (
          <p class="notice" safe>{t('admin.review.notInReview', { status: t(`admin.status.${task.status}` as never) })}</p>
        ) : !review ? (
          <ReadOnlyReview ctx={ctx} task={task} preview={preview} />
        ) : (
          <>
            <p class="admin-page__lead" safe>{t('importReview.lead')}</p>
            <dl class="review-facts">
              <dt safe>{t('importReview.file')}</dt>
              <dd safe>{task.file_name}</dd>
              <dt safe>{t('admin.review.split')}</dt>
              <dd safe>{`${t(`admin.rule.${preview.rule}` as never)} · ${t('admin.review.chapters', { n: String(review.total) })}`}</dd>
            </dl>
            {preview.warnings.map((w) => (
              <p class="notice" safe>{w}</p>
            ))}
            <PublishBar ctx={ctx} task={task} chapters={review.total} sticky />
            <ReviewBookForm ctx={ctx} taskId={task.id} review={review} />
            <section class="review-section" aria-labelledby="review-chapters-heading">
              <h2 id="review-chapters-heading" safe>{t('importReview.chaptersHeading')}</h2>
              <p class="admin-page__lead" safe>{t('importReview.chaptersLead')}</p>
              <ReviewChapters ctx={ctx} taskId={task.id} review={review} />
              <RerunForm ctx={ctx} task={task} rule={preview.rule} />
            </section>
          </>
        )}
      </section>
      <script src={ctx.asset('js/admin-import.js')} defer></script>
    </Layout>
  );
}

/** The detected split as it was stored, when the parsed book it was made from can no longer be read (nothing to edit over). */
function ReadOnlyReview({ ctx, task, preview }: { ctx: PageContext; task: ImportTask; preview: ImportPreview }): JSX.Element {
  const { t } = ctx;
  return (
    <>
      <dl class="review-facts">
        <dt safe>{t('admin.review.book')}</dt>
        <dd safe>{preview.author ? `${preview.title} — ${preview.author}` : preview.title}</dd>
        <dt safe>{t('admin.review.split')}</dt>
        <dd safe>{`${t(`admin.rule.${preview.rule}` as never)} · ${t('admin.review.chapters', { n: String(preview.chapters) })}`}</dd>
      </dl>
      <PublishBar ctx={ctx} task={task} chapters={preview.chapters} sticky />
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
      <RerunForm ctx={ctx} task={task} rule={preview.rule} />
    </>
  );
}

/** Publish, kept in view at the top while the admin scrolls the chapters. */
function PublishBar({ ctx, task, chapters, sticky }: { ctx: PageContext; task: ImportTask; chapters: number; sticky?: boolean }): JSX.Element {
  return (
    <form class={`review-publish${sticky ? ' review-publish--sticky' : ''}`} method="post" action={`/admin/imports/${task.id}/publish`}>
      <button class="button button--primary" type="submit" safe>{ctx.t('admin.review.publish', { n: String(chapters) })}</button>
    </form>
  );
}

function RerunForm({ ctx, task, rule }: { ctx: PageContext; task: ImportTask; rule: string }): JSX.Element {
  const { t } = ctx;
  return (
    <form method="post" action={`/admin/imports/${task.id}/rerun`} class="admin-form review-rerun">
      <p class="notice" safe>{t('importReview.rerunWarning')}</p>
      <div class="review-actions">
        <label class="field">
          <span class="field__label" safe>{t('admin.review.splitAgain')}</span>
          <select name="rule">
            {RULES.map((r) => (
              <option value={r} selected={r === rule} safe>{t(`admin.rule.${r}` as never)}</option>
            ))}
          </select>
        </label>
        <label class="field">
          <span class="field__label" safe>{t('admin.review.pagesPerChapter')}</span>
          <input name="pages_per_chapter" type="number" min="1" max="500" value="10" inputmode="numeric" />
        </label>
        <button class="button button--quiet" type="submit" safe>{t('admin.review.rerun')}</button>
      </div>
    </form>
  );
}
