import type { PageContext } from '../../context.ts';
import { Layout } from '../../layouts/Layout.tsx';
import { CommentThread } from './CommentThread.tsx';
import type { ThreadView } from './types.ts';
import { threadHomePath } from './urls.ts';

export type CommentsPageProps = {
  ctx: PageContext;
  view: ThreadView;
  bookTitle: string;
  /** The chapter's title ('' when it has none); null for the book's own thread. */
  chapterTitle: string | null;
};

/**
 * /book/{slug}/comments[?chapter=N]: the same thread as under the chapter, as a page of its own.
 * It is what readers without JavaScript get, and where plain form posts come back to.
 */
export function CommentsPage({ ctx, view, bookTitle, chapterTitle }: CommentsPageProps): JSX.Element {
  const { t } = ctx;
  const where =
    view.chapter === null ? bookTitle : `${chapterTitle || t('reader.chapterFallback', { number: view.chapter })} · ${bookTitle}`;
  const title = t('comments.pageTitle', { where });
  return (
    <Layout ctx={ctx} title={title} description={title} noindex>
      <section class="comments comments--page" id="comments" aria-labelledby="comments-title">
        <p class="comments__back">
          <a href={threadHomePath(view.slug, view.chapter)} safe>
            {`‹ ${where}`}
          </a>
        </p>
        <h1 id="comments-title" safe>
          {title}
        </h1>
        <div id="comments-thread" class="comments__thread">
          <CommentThread ctx={ctx} view={view} />
        </div>
      </section>
      <script src={ctx.asset('js/comments.js')} defer></script>
    </Layout>
  );
}
