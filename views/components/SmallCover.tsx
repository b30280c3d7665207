import type { Book } from '../../src/features/catalogue/model.ts';
import { coverHue } from './cover-hue.ts';

/** A small cover for list rows and the continue-reading cards; decorative (the title is beside it). */
export function SmallCover({ book, width = 96 }: { book: Book; width?: number }): JSX.Element {
  const height = Math.round(width * 1.5);
  if (book.cover_url) {
    return <img class="cover" src={book.cover_url} alt="" width={String(width)} height={String(height)} loading="lazy" decoding="async" />;
  }
  return (
    <div class="cover cover--drawn cover--small" style={`--cover-hue: ${coverHue(book.slug)}`} aria-hidden="true">
      <span class="cover__title" safe>
        {book.title}
      </span>
    </div>
  );
}
