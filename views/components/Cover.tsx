import type { Book } from '../../src/features/catalogue/model.ts';
import { coverHue } from './cover-hue.ts';

export type CoverProps = {
  book: Pick<Book, 'slug' | 'title' | 'cover_url'>;
  /** Intrinsic width in CSS pixels; the height keeps the 2:3 shape so nothing shifts on load. */
  width?: number;
  /** The first thing on screen (the book page): load at once, with high priority. */
  eager?: boolean;
  small?: boolean;
};

/**
 * A book's cover image, or one drawn from its title in the book's own hue. Decorative (alt=""):
 * every use puts the title beside it.
 */
export function Cover({ book, width = 200, eager = false, small = false }: CoverProps): JSX.Element {
  if (book.cover_url) {
    const height = String(Math.round(width * 1.5));
    return eager ? (
      <img class="cover" src={book.cover_url} alt="" width={String(width)} height={height} decoding="async" fetchpriority="high" />
    ) : (
      <img class="cover" src={book.cover_url} alt="" width={String(width)} height={height} loading="lazy" decoding="async" />
    );
  }
  return (
    <div class={small ? 'cover cover--drawn cover--small' : 'cover cover--drawn'} style={`--cover-hue: ${coverHue(book.slug)}`} aria-hidden="true">
      <span class="cover__title" safe>
        {book.title}
      </span>
    </div>
  );
}
