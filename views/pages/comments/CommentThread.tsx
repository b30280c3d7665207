import type { CommentSort } from '../../../src/features/comments/model.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { CommentForm } from './CommentForm.tsx';
import { MoreItem, ThreadItem } from './CommentItem.tsx';
import { groupThreads, type ThreadView } from './types.ts';
import { commentsPath, threadHomePath } from '../../../src/features/comments/paths.ts';

type Props = { ctx: PageContext; view: ThreadView };

function SortSwitch({ ctx, view }: Props): JSX.Element {
  const { t } = ctx;
  const option = (sort: CommentSort) => {
    const href = commentsPath(view.slug, view.chapter, { sort });
    return (
      <a class="comments__sort-option" href={href} hx-get={href} hx-target="#comments-thread" aria-current={view.sort === sort ? 'true' : undefined} safe>
        {t(`comments.sort.${sort}`)}
      </a>
    );
  };
  return (
    <nav class="comments__sort" aria-label={t('comments.sort.label')}>
      {option('top')}
      {option('new')}
    </nav>
  );
}

/**
 * The thread: sort switch, the post form (or an invitation to sign in), the comments with their
 * replies and the next page's link. Loaded into #comments-thread by htmx on the book and chapter
 * pages, and rendered inside /book/{slug}/comments for readers without JavaScript.
 */
export function CommentThread({ ctx, view }: Props): JSX.Element {
  const { t } = ctx;
  const back = view.standalone ? commentsPath(view.slug, view.chapter, { sort: view.sort }) : `${threadHomePath(view.slug, view.chapter)}#comments`;
  return (
    <>
      <SortSwitch ctx={ctx} view={view} />
      {view.viewer ? (
        <CommentForm ctx={ctx} slug={view.slug} chapter={view.chapter} returnTo={view.returnTo} />
      ) : (
        <p class="comments__signin">
          <a class="button button--quiet" href={`/login?return_to=${encodeURIComponent(back)}`} safe>
            {t('comments.signIn')}
          </a>
        </p>
      )}
      <ul class="comment-list" id="comments-list" role="list">
        {groupThreads(view.focused).map((group) => (
          <ThreadItem ctx={ctx} view={view} group={group} focused />
        ))}
        <MorePage ctx={ctx} view={view} />
        <li class="comment-list__empty" id="comments-empty" safe>
          {t('comments.empty')}
        </li>
      </ul>
    </>
  );
}

/** The comments of one page and the link to the page after it (list items only). */
export function MorePage({ ctx, view }: Props): JSX.Element {
  return (
    <>
      {groupThreads(view.comments).map((group) => (
        <ThreadItem ctx={ctx} view={view} group={group} />
      ))}
      {view.hasMore && view.next ? <MoreItem ctx={ctx} view={view} next={view.next} /> : ''}
    </>
  );
}
