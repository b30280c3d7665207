import type { ThreadCount } from '../../../src/features/comments/counts/service.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { Layout } from '../../layouts/Layout.tsx';
import { bookPath } from '../reader/links.ts';
import { CommentOverview } from './CommentOverview.tsx';
import { CommentsFilter } from './CommentsFilter.tsx';
import { CommentThread } from './CommentThread.tsx';
import { chapterLabel } from './labels.ts';
import type { OverviewView, ThreadView } from './types.ts';
import { threadHomePath } from '../../../src/features/comments/paths.ts';

export type CommentsPageProps = {
  ctx: PageContext;
  bookTitle: string;
  /** The chapter's title ('' when it has none); null for the book's own thread and for all. */
  chapterTitle: string | null;
  /** The threads that have comments, for the filter. */
  threads: ThreadCount[];
  /** One thread (the book's own or a chapter's), or every thread of the book. */
  content: { kind: 'thread'; view: ThreadView } | { kind: 'overview'; view: OverviewView };
};

/**
 * /book/{slug}/comments: every comment of the book, thread by thread, or (?chapter=book|N) one
 * thread as under the chapter. It is what readers without JavaScript get, and where plain form
 * posts come back to. Its column starts where the book page's does (the page container).
 */
export function CommentsPage({ ctx, bookTitle, chapterTitle, threads, content }: CommentsPageProps): JSX.Element {
  const { t } = ctx;
  const slug = content.view.slug;
  const filter = content.kind === 'overview' ? 'all' : content.view.chapter;
  const where =
    filter === 'all' ? bookTitle : filter === null ? `${t('reading.comments.aboutBook')} · ${bookTitle}` : `${chapterLabel(ctx, filter, chapterTitle)} · ${bookTitle}`;
  const back = filter === 'all' || filter === null ? { href: bookPath(slug), label: bookTitle } : { href: threadHomePath(slug, filter), label: chapterLabel(ctx, filter, chapterTitle) };
  const title = t('comments.pageTitle', { where });
  return (
    <Layout ctx={ctx} title={title} description={title} noindex>
      <div class="comments-page" id="comments-main">
        <p class="comments-page__back">
          <a href={back.href} safe>
            {`‹ ${back.label}`}
          </a>
        </p>
        <header class="comments-page__head">
          <h1 id="comments-title" tabindex="-1" safe>
            {title}
          </h1>
          <CommentsFilter ctx={ctx} slug={slug} threads={threads} current={filter} currentTitle={chapterTitle} />
        </header>
        <section class="comments comments--page" id="comments" aria-labelledby="comments-title">
          <div id="comments-thread" class="comments__thread">
            {content.kind === 'overview' ? <CommentOverview ctx={ctx} view={content.view} /> : <CommentThread ctx={ctx} view={content.view} />}
          </div>
        </section>
      </div>
      <script src={ctx.asset('js/comments.js')} defer></script>
    </Layout>
  );
}
