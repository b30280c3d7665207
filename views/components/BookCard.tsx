import type { Book } from '../../src/features/catalogue/model.ts';
import type { PageContext } from '../../src/platform/http/page-context.ts';
import { BookFacts } from './BookFacts.tsx';
import { BookGenres } from './BookGenres.tsx';
import { Cover } from './Cover.tsx';

export function BookCard({ ctx, book }: { ctx: PageContext; book: Book }): JSX.Element {
  // A card shows the book in the page's language and nothing else: listings keep it drawn.
  return ctx.keep ? ctx.keep(book, 'card', () => card(ctx, book)) : card(ctx, book);
}

function card(ctx: PageContext, book: Book): string {
  return (
    <article class="book-card">
      <a class="book-card__link" href={`/book/${encodeURIComponent(book.slug)}`}>
        <Cover book={book} />
        <h3 class="book-card__title" safe>
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
