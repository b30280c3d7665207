import type { ThreadCount } from '../../../src/features/comments/counts/service.ts';
import { SelectField, type SelectOption } from '../../components/SelectField.tsx';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { chapterLabel } from './labels.ts';
import { commentsActionPath, type CommentsFilter as Filter } from '../../../src/features/comments/paths.ts';

export type CommentsFilterProps = {
  ctx: PageContext;
  slug: string;
  /** The threads that have comments (counts/service.ts), newest chapter first. */
  threads: ThreadCount[];
  current: Filter;
  /** The current chapter's title, for a chapter without comments (it is not among `threads`). */
  currentTitle: string | null;
};

/** The `chapter` value of a filter in the address (urls.ts). */
const valueOf = (filter: Filter) => (filter === 'all' ? 'all' : filter === null ? 'book' : String(filter));

/**
 * All comments, the book's own, or one chapter's (those with comments, and the one shown). A GET
 * form: Show reloads the page without JavaScript; with htmx a change swaps the page's content in
 * place and puts the address in the history (public/js/comments.js hides the button).
 */
export function CommentsFilter({ ctx, slug, threads, current, currentTitle }: CommentsFilterProps): JSX.Element {
  const { t } = ctx;
  const total = threads.reduce((sum, thread) => sum + thread.count, 0);
  const book = threads.find((thread) => thread.chapter === null)?.count ?? 0;
  const chapters = threads.filter((thread) => thread.chapter !== null);
  if (typeof current === 'number' && !chapters.some((thread) => thread.chapter === current)) {
    chapters.push({ chapter: current, count: 0, title: currentTitle });
    chapters.sort((a, b) => (b.chapter ?? 0) - (a.chapter ?? 0));
  }
  const options: SelectOption[] = [
    { value: 'all', label: t('reading.comments.filter.all', { count: total }) },
    { value: 'book', label: t('reading.comments.filter.book', { count: book }) },
    ...chapters.map((thread) => ({ value: String(thread.chapter), label: t('reading.comments.filter.chapter', { chapter: chapterLabel(ctx, thread.chapter!, thread.title), count: thread.count }) })),
  ];
  const action = commentsActionPath(slug);
  return (
    <form class="comments-filter" method="get" action={action} hx-get={action} hx-trigger="change" hx-target="#comments-main" hx-select="#comments-main" hx-swap="outerHTML" hx-push-url="true" data-comments-filter>
      <SelectField id="comments-filter" name="chapter" label={t('reading.comments.filter.label')} options={options} selected={valueOf(current)} />
      <button type="submit" class="button button--quiet" data-comments-filter-submit safe>
        {t('reading.comments.filter.submit')}
      </button>
    </form>
  );
}
