import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { bookPath, chapterPath } from '../reader/links.ts';
import type { ItemContext } from './CommentItem.tsx';
import { ThreadItem } from './CommentItem.tsx';
import { chapterLabel } from './labels.ts';
import { groupThreads, type OverviewView } from './types.ts';
import { commentsPath } from '../../../src/features/comments/paths.ts';

type Props = { ctx: PageContext; view: OverviewView };

/** A thread's heading in the list: where it is (a link there) and a link to the whole thread. */
function ThreadHeading({ ctx, view, chapter }: Props & { chapter: number | null }): JSX.Element {
  const { t } = ctx;
  const thread = view.threads.find((candidate) => candidate.chapter === chapter);
  const title = chapter === null ? t('reading.comments.aboutBook') : chapterLabel(ctx, chapter, thread?.title ?? null);
  return (
    <li class="comment-group">
      <h2 class="comment-group__title">
        <a href={chapter === null ? bookPath(view.slug) : chapterPath(view.slug, chapter)} safe>
          {title}
        </a>
      </h2>
      <a class="comment-group__open" href={commentsPath(view.slug, chapter)} safe>
        {t('reading.comments.openThread', { count: thread?.count ?? 0 })}
      </a>
    </li>
  );
}

/**
 * One page of the book's comments as list items: a heading where a thread begins (not repeated
 * when a thread goes on from the previous page), its comments with their replies, and the link
 * to the next page, which htmx swaps for the items after it.
 */
export function OverviewItems({ ctx, view }: Props): JSX.Element {
  const items: JSX.Element[] = [];
  let current = view.continuing;
  for (const group of groupThreads(view.comments)) {
    const chapter = group.comment.chapter;
    if (chapter !== current) items.push(<ThreadHeading ctx={ctx} view={view} chapter={chapter} />);
    current = chapter;
    // Replies, votes and deletions work as in the thread; plain forms come back to the thread.
    const item: ItemContext = { slug: view.slug, chapter, sort: 'top', focus: null, myVotes: view.myVotes, avatarUrls: view.avatarUrls, viewer: view.viewer, returnTo: commentsPath(view.slug, chapter) };
    items.push(<ThreadItem ctx={ctx} view={item} group={group} />);
  }
  if (view.hasMore && view.next) {
    const href = commentsPath(view.slug, 'all', { after: view.next });
    items.push(
      <li class="comment-list__more" id="comments-more">
        <a class="button button--quiet" href={href} hx-get={href} hx-target="#comments-more" hx-swap="outerHTML" safe>
          {ctx.t('comments.more')}
        </a>
      </li>,
    );
  }
  return <>{items}</>;
}

/** Every thread of the book, newest chapter first, the book's own last. */
export function CommentOverview({ ctx, view }: Props): JSX.Element {
  const { t } = ctx;
  return (
    <>
      <p class="comments-overview__write">
        <a href={commentsPath(view.slug, null)} safe>
          {t('reading.comments.writeAboutBook')}
        </a>
      </p>
      <ul class="comment-list comment-list--overview" id="comments-list" role="list">
        <OverviewItems ctx={ctx} view={view} />
        <li class="comment-list__empty" id="comments-empty" safe>
          {t('reading.comments.allEmpty')}
        </li>
      </ul>
    </>
  );
}
