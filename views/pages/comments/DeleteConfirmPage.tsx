import type { Comment } from '../../../src/features/comments/model.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { Layout } from '../../layouts/Layout.tsx';

export type DeleteConfirmPageProps = { ctx: PageContext; comment: Comment; returnTo: string };

/** Without JavaScript there is no confirm() dialog: this page asks before a comment is deleted. */
export function DeleteConfirmPage({ ctx, comment, returnTo }: DeleteConfirmPageProps): JSX.Element {
  const { t } = ctx;
  const safeHtml = comment.html; // sanitised by src/features/comments/render.ts
  const action = `/comment/${comment.id}/delete`;
  return (
    <Layout ctx={ctx} title={t('comments.delete.title')} noindex>
      <section class="message-page comments-confirm">
        <h1 safe>{t('comments.delete.title')}</h1>
        <p safe>{t('comments.delete.confirm')}</p>
        <blockquote class="comments-confirm__quote">{safeHtml}</blockquote>
        <form method="post" action={action} class="comments-confirm__actions">
          <input type="hidden" name="confirmed" value="1" />
          <input type="hidden" name="return_to" value={returnTo} />
          <button type="submit" class="button" safe>
            {t('comments.delete.button')}
          </button>
          <a class="button button--quiet" href={returnTo} safe>
            {t('comments.delete.cancel')}
          </a>
        </form>
      </section>
    </Layout>
  );
}
