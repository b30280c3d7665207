import type { Book } from '../../src/features/catalogue/model.ts';
import { drawnCoverPath } from '../../src/features/covers/drawn/paths.ts';

export type CoverProps = {
  book: Pick<Book, 'slug' | 'title' | 'author' | 'cover_url'>;
  /** Intrinsic width in CSS pixels; the height keeps the 2:3 shape so nothing shifts on load. */
  width?: number;
  /** The first thing on screen (the book page): load at once, with high priority. */
  eager?: boolean;
};

/**
 * A book's cover image, or for a book without one the cover drawn from its title and author
 * (features/covers/drawn), an image the browser caches like any other. Decorative (alt=""):
 * every use puts the title beside it.
 */
export function Cover({ book, width = 200, eager = false }: CoverProps): JSX.Element {
  const src = book.cover_url ?? drawnCoverPath(book);
  const height = String(Math.round(width * 1.5));
  return eager ? (
    <img class="cover" src={src} alt="" width={String(width)} height={height} decoding="async" fetchpriority="high" />
  ) : (
    <img class="cover" src={src} alt="" width={String(width)} height={height} loading="lazy" decoding="async" />
  );
}
