import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { CommentIcon } from './CommentsLink.tsx';
import { commentsPath } from '../../../src/features/comments/paths.ts';

export type CommentsSectionProps = {
  ctx: PageContext;
  slug: string;
  chapter: number | null;
  /** On the book page: comments on the book and all its chapters, linked to the comments page. */
  total?: number;
};

/**
 * The comment thread under a chapter (chapter set) or on the book page (chapter null). The
 * chapter page is cached and shared, so nothing here depends on the visitor: htmx fetches the
 * thread when the section scrolls into view (public/js/comments.js loads it at once when the
 * address names a comment). Without JavaScript the link opens the comments page.
 */
export function CommentsSection({ ctx, slug, chapter, total }: CommentsSectionProps): JSX.Element {
  const { t } = ctx;
  const href = commentsPath(slug, chapter);
  return (
    <section class={chapter === null ? 'comments comments--book' : 'comments comments--chapter'} id="comments" aria-labelledby="comments-title">
      <div class="comments__head">
        <h2 id="comments-title" safe>
          {t(chapter === null ? 'comments.titleBook' : 'comments.titleChapter')}
        </h2>
        {total !== undefined && total > 0 ? (
          <a class="comments-link comments__all" href={commentsPath(slug, 'all')}>
            <CommentIcon />
            <span safe>{t('reading.comments.seeAll', { count: total })}</span>
          </a>
        ) : (
          ''
        )}
      </div>
      <div id="comments-thread" class="comments__thread" hx-get={href} hx-trigger="revealed" hx-swap="innerHTML" data-comments-thread data-comments-url={href}>
        <p class="comments__fallback">
          <a href={href} safe>
            {t('comments.open')}
          </a>
        </p>
      </div>
      <script src={ctx.asset('js/comments.js')} defer></script>
    </section>
  );
}
