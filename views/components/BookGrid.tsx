import type { Book } from '../../src/features/catalogue/model.ts';
import type { PageContext } from '../../src/platform/http/page-context.ts';
import { BookCard } from './BookCard.tsx';

export type BookGridProps = {
  ctx: PageContext;
  books: readonly Book[];
  /** Replaces the default "No books yet" line. */
  empty?: string;
  /** The list's id, for htmx to append further pages to it (infinite scroll). */
  id?: string;
  /** One line of covers that scrolls sideways (the home rows) instead of a wrapping grid. */
  row?: boolean;
  /** How many of the first covers are loaded at once: the top of a page, whose first cover is its largest paint. */
  eagerCovers?: number;
};

/** The list items alone: a further page of an infinite-scroll grid is appended as these. */
/** `appended`: a further page added to the grid: its first book takes the focus a "Next page" had, and the count is said. */
export function BookGridItems({ ctx, books, appended, eagerCovers = 0 }: { ctx: PageContext; books: readonly Book[]; appended?: boolean; eagerCovers?: number }): JSX.Element {
  return (
    <>
      {books.map((book, i) => (
        <li
          tabindex={appended && i === 0 ? '-1' : undefined}
          data-swap-focus={appended && i === 0 ? '' : undefined}
          data-announce={appended && i === 0 ? ctx.t('swap.moreBooks', { count: books.length }) : undefined}
        >
          <BookCard ctx={ctx} book={book} eager={i < eagerCovers} />
        </li>
      ))}
    </>
  );
}

export function BookGrid({ ctx, books, empty, id, row = false, eagerCovers = 0 }: BookGridProps): JSX.Element {
  if (books.length === 0) {
    return (
      <div class="empty-state">
        <p class="empty-state__title" safe>
          {empty ?? ctx.t('books.empty')}
        </p>
        <p safe>{ctx.t('books.emptyHint')}</p>
      </div>
    );
  }
  // role="list": Safari drops list semantics once list-style is none.
  return (
    <ul class={row ? 'book-grid book-grid--row' : 'book-grid'} role="list" id={id}>
      <BookGridItems ctx={ctx} books={books} eagerCovers={eagerCovers} />
    </ul>
  );
}
