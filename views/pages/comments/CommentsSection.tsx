import type { PageContext } from '../../context.ts';
import { commentsPath } from './urls.ts';

export type CommentsSectionProps = { ctx: PageContext; slug: string; chapter: number | null };

/**
 * The comment thread under a chapter (chapter set) or on the book page (chapter null). The
 * chapter page is cached and shared, so nothing here depends on the visitor: htmx fetches the
 * thread when the section scrolls into view (public/js/comments.js loads it at once when the
 * address names a comment). Without JavaScript the link opens the comments page.
 */
export function CommentsSection({ ctx, slug, chapter }: CommentsSectionProps): JSX.Element {
  const { t } = ctx;
  const href = commentsPath(slug, chapter);
  return (
    <section class="comments" id="comments" aria-labelledby="comments-title">
      <h2 id="comments-title" safe>
        {t(chapter === null ? 'comments.titleBook' : 'comments.titleChapter')}
      </h2>
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
