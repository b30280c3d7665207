import type { Book } from '../../src/features/catalogue/model.ts';
import { bookLanguage } from '../../src/features/catalogue/book.ts';
import type { PageContext } from '../../src/platform/http/page-context.ts';
import { BookFacts } from './BookFacts.tsx';
import { BookGenres } from './BookGenres.tsx';
import { Cover } from './Cover.tsx';

/** `eager`: one of the first covers on screen (the page's largest paint): loaded at once, not kept drawn. */
export function BookCard({ ctx, book, eager = false }: { ctx: PageContext; book: Book; eager?: boolean }): JSX.Element {
  if (eager) return card(ctx, book, true);
  // A card shows the book in the page's language and nothing else: listings keep it drawn.
  return ctx.keep ? ctx.keep(book, 'card', () => card(ctx, book, false)) : card(ctx, book, false);
}

function card(ctx: PageContext, book: Book, eager: boolean): string {
  return (
    <article class="book-card">
      <a class="book-card__link" href={`/book/${encodeURIComponent(book.slug)}`}>
        <Cover book={book} eager={eager} />
        {/* The title is in the book's language, which may not be the page's (WCAG 3.1.2). */}
        <h3 class="book-card__title" lang={bookLanguage(book)} safe>
          {book.title}
        </h3>
      </a>
      <p class="book-card__author" safe>
        {ctx.t('book.by', { author: book.author })}
      </p>
      <BookGenres ctx={ctx} book={book} />
      <BookFacts ctx={ctx} book={book} />
    </article>
  ) as string;
}
