import type { Comment } from '../../../src/features/comments/model.ts';
import { Avatar } from '../../components/Avatar.tsx';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { CommentForm } from './CommentForm.tsx';
import { fullTime, relativeTime } from './dates.ts';
import type { CommentGroup, ThreadView } from './types.ts';
import { commentsPath } from '../../../src/features/comments/paths.ts';
import { VoteWidget } from './VoteWidget.tsx';

/** What one comment needs from the thread around it. */
export type ItemContext = Pick<ThreadView, 'slug' | 'chapter' | 'myVotes' | 'avatarUrls' | 'viewer' | 'returnTo' | 'sort' | 'focus'>;

/** `posted`: the answer to the reader's own post (htmx): it takes the focus and is announced (public/js/swap-focus.js). */
type Props = { ctx: PageContext; view: ItemContext; comment: Comment; posted?: boolean };

/** One comment: who, when, what, the votes and (for its author or an admin) Delete. */
export function CommentArticle({ ctx, view, comment, posted }: Props): JSX.Element {
  const { t } = ctx;
  const safeHtml = comment.html; // sanitised by src/features/comments/render.ts
  const viewer = view.viewer;
  const canDelete = !comment.deleted && viewer !== null && (viewer.id === comment.author.id || viewer.role === 'admin');
  const deleteAction = `/comment/${comment.id}/delete`;
  return (
    <article
      class={comment.deleted ? 'comment comment--deleted' : 'comment'}
      id={`comment-${comment.id}`}
      tabindex={posted ? '-1' : undefined}
      data-swap-focus={posted ? '' : undefined}
      data-announce={posted ? t('swap.commentPosted') : undefined}
    >
      <header class="comment__head">
        {comment.deleted || comment.author.id === null ? (
          <span class="avatar avatar--initials comment__no-avatar" aria-hidden="true"></span>
        ) : (
          <Avatar username={comment.author.username} avatarUrl={view.avatarUrls[comment.author.id] ?? null} size={32} />
        )}
        {comment.deleted ? (
          <span class="comment__author comment__author--deleted" safe>
            {t('comments.deleted')}
          </span>
        ) : (
          <a class="comment__author" href={`/users/${encodeURIComponent(comment.author.username)}`} safe>
            {comment.author.username}
          </a>
        )}
        <a class="comment__time" href={`#comment-${comment.id}`}>
          <time datetime={comment.created} title={fullTime(comment.created, ctx.locale)} safe>
            {relativeTime(comment.created, ctx.locale)}
          </time>
        </a>
      </header>
      {comment.deleted ? (
        <div class="comment__body">
          <p safe>{t('comments.deleted')}</p>
        </div>
      ) : (
        <div class="comment__body">{safeHtml}</div>
      )}
      <footer class="comment__actions">
        <VoteWidget ctx={ctx} id={comment.id} upvotes={comment.upvotes} downvotes={comment.downvotes} mine={view.myVotes[String(comment.id)] ?? null} returnTo={view.returnTo} closed={comment.deleted} />
        {canDelete ? (
          <form class="comment__delete" method="post" action={deleteAction} hx-post={deleteAction} hx-confirm={t('comments.delete.confirm')} hx-target={`#comment-${comment.id}`} hx-swap="outerHTML">
            <input type="hidden" name="return_to" value={view.returnTo} />
            <button type="submit" class="comment__action" safe>
              {t('comments.delete.button')}
            </button>
          </form>
        ) : (
          ''
        )}
      </footer>
    </article>
  );
}

/** A reply, inside its thread's list. */
export function ReplyItem(props: Props): JSX.Element {
  return (
    <li class="comment-replies__item" id={`item-${props.comment.id}`}>
      <CommentArticle {...props} />
    </li>
  );
}

/** A top-level comment with its replies and, for signed-in readers, a reply form behind "Reply". */
export function ThreadItem({ ctx, view, group, focused, posted }: { ctx: PageContext; view: ItemContext; group: CommentGroup; focused?: boolean; posted?: boolean }): JSX.Element {
  const { t } = ctx;
  const { comment, replies } = group;
  return (
    <li class={focused ? 'comment-thread comment-thread--focus' : 'comment-thread'} id={`item-${comment.id}`}>
      <CommentArticle ctx={ctx} view={view} comment={comment} posted={posted} />
      <ul class="comment-replies" id={`replies-${comment.id}`} role="list">
        {replies.map((reply) => (
          <ReplyItem ctx={ctx} view={view} comment={reply} />
        ))}
      </ul>
      {view.viewer && !comment.deleted ? (
        <details class="comment-thread__reply" data-reply-toggle>
          <summary class="comment__action" safe>
            {t('comments.reply')}
          </summary>
          <CommentForm ctx={ctx} slug={view.slug} chapter={view.chapter} parentId={comment.id} returnTo={view.returnTo} />
        </details>
      ) : (
        ''
      )}
    </li>
  );
}

/** The next page's link, the list's last item: htmx swaps it for the next comments and a new link. */
export function MoreItem({ ctx, view, next }: { ctx: PageContext; view: ItemContext; next: string }): JSX.Element {
  const href = commentsPath(view.slug, view.chapter, { sort: view.sort, after: next, focus: view.focus });
  return (
    <li class="comment-list__more" id="comments-more">
      <a class="button button--quiet" href={href} hx-get={href} hx-target="#comments-more" hx-swap="outerHTML" safe>
        {ctx.t('comments.more')}
      </a>
    </li>
  );
}
