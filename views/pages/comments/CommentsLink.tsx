import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { commentsPath } from '../../../src/features/comments/paths.ts';

/** A speech bubble, drawn beside comment counts. */
export function CommentIcon(): JSX.Element {
  return (
    <svg class="comments-link__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round">
      <path d="M4 5h16v11H9l-5 4z" />
    </svg>
  );
}

export type ChapterCommentsLinkProps = {
  ctx: PageContext;
  slug: string;
  chapter: number;
  /** null on the cached chapter page, before the count arrives (GET /book/{slug}/comments/count). */
  count: number | null;
};

/**
 * "5 comments on this chapter" at the end of a chapter. A link to the chapter's comments page;
 * with htmx it loads the thread into the section below instead and scrolls to it.
 */
export function ChapterCommentsLink({ ctx, slug, chapter, count }: ChapterCommentsLinkProps): JSX.Element {
  const { t } = ctx;
  const href = commentsPath(slug, chapter);
  const label = count === null ? t('comments.titleChapter') : count === 0 ? t('reading.comments.none') : t('reading.comments.onChapter', { count });
  return (
    <a class="comments-link" href={href} hx-get={href} hx-target="#comments-thread" hx-swap="innerHTML show:#comments:top" data-comment-count={count === null ? undefined : String(count)}>
      <CommentIcon />
      <span safe>{label}</span>
    </a>
  );
}

/** Where the chapter page asks for the count: the end of the chapter, once it scrolls into view. */
export function commentCountPath(slug: string, chapter: number): string {
  return `/book/${encodeURIComponent(slug)}/comments/count?chapter=${chapter}`;
}

/**
 * The book page's count of every comment on the book and its chapters: a link to the comments
 * page (all threads, chapter by chapter), or with none yet an invitation to the thread below.
 */
export function BookCommentsLink({ ctx, slug, total }: { ctx: PageContext; slug: string; total: number }): JSX.Element {
  const { t } = ctx;
  return (
    <p class="book-hero__comments">
      <a class="comments-link" href={total > 0 ? commentsPath(slug, 'all') : '#comments'}>
        <CommentIcon />
        <span safe>{total > 0 ? t('reading.comments.total', { count: total }) : t('reading.comments.first')}</span>
      </a>
    </p>
  );
}
