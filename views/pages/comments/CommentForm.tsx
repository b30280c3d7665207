import { MAX_TEXT } from '../../../src/features/comments/model.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { commentsActionPath } from '../../../src/features/comments/paths.ts';

export type CommentFormProps = {
  ctx: PageContext;
  slug: string;
  chapter: number | null;
  /** Set for a reply: the top-level comment it answers. */
  parentId?: number;
  returnTo: string;
};

/**
 * Posts a comment (or a reply). Without JavaScript a plain form that comes back to the comments
 * page (303); with htmx the new comment is added to the list in place: top-level comments at the
 * top of the list, replies at the end of their thread. public/js/comments.js clears the form.
 */
export function CommentForm({ ctx, slug, chapter, parentId, returnTo }: CommentFormProps): JSX.Element {
  const { t } = ctx;
  const action = commentsActionPath(slug);
  const id = parentId ? `reply-text-${parentId}` : 'comment-text';
  const target = parentId ? `#replies-${parentId}` : '#comments-list';
  return (
    <form
      class={parentId ? 'comment-form comment-form--reply' : 'comment-form'}
      method="post"
      action={action}
      hx-post={action}
      hx-target={target}
      hx-swap={parentId ? 'beforeend' : 'afterbegin'}
      hx-disabled-elt="find button"
      data-comment-form
    >
      <input type="hidden" name="chapter" value={chapter === null ? '' : String(chapter)} />
      {parentId ? <input type="hidden" name="parent_id" value={String(parentId)} /> : ''}
      <input type="hidden" name="return_to" value={returnTo} />
      <label for={id} class={parentId ? 'visually-hidden' : 'comment-form__label'} safe>
        {t(parentId ? 'comments.form.replyLabel' : 'comments.form.label')}
      </label>
      <textarea id={id} name="text" rows={parentId ? '3' : '4'} maxlength={String(MAX_TEXT)} required placeholder={t(parentId ? 'comments.form.replyPlaceholder' : 'comments.form.placeholder')}></textarea>
      <div class="comment-form__foot">
        <p class="comment-form__hint" safe>
          {t('comments.form.hint')}
        </p>
        <button type="submit" class="button" safe>
          {t(parentId ? 'comments.form.reply' : 'comments.form.post')}
        </button>
      </div>
    </form>
  );
}
