import type { Book } from '../../src/features/catalogue/model.ts';
import type { PageContext } from '../../src/platform/http/page-context.ts';
import { genreName } from '../i18n/genres/index.ts';

/** Cards have room for a couple of genres; the book page lists them all. */
export const CARD_GENRES = 2;

/** "Fantasy · Romance": a book's first genres in the reader's language, as a quiet line. */
export function BookGenres({ ctx, book, max = CARD_GENRES }: { ctx: PageContext; book: Pick<Book, 'genres'>; max?: number }): JSX.Element {
  if (book.genres.length === 0) return '';
  const names = book.genres.slice(0, max).map((g) => genreName(ctx.locale, g));
  return (
    <p class="book-card__genres" safe>
      {names.join(' · ')}
    </p>
  );
}
