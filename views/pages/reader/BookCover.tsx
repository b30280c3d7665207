import type { Book } from '../../../src/features/catalogue/model.ts';
import { coverHue } from '../../components/cover-hue.ts';

/**
 * The large cover of the book page. It is the first thing on screen, so it loads eagerly with high
 * priority (lazy loading would delay the page's largest paint); width and height reserve its box.
 */
export function BookCover({ book }: { book: Pick<Book, 'slug' | 'title' | 'cover_url'> }): JSX.Element {
  if (book.cover_url) {
    return <img class="cover" src={book.cover_url} alt="" width="240" height="360" decoding="async" fetchpriority="high" />;
  }
  return (
    <div class="cover cover--drawn" style={`--cover-hue: ${coverHue(book.slug)}`} aria-hidden="true">
      <span class="cover__title" safe>
        {book.title}
      </span>
    </div>
  );
}
