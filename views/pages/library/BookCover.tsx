import type { Book } from '../../../src/features/catalogue/model.ts';

/** A stable hue per book, as on the book cards, so that cover-less books do not all look alike. */
function hueOf(slug: string): number {
  let hash = 2166136261; // FNV-1a
  for (let i = 0; i < slug.length; i++) hash = Math.imul(hash ^ slug.charCodeAt(i), 16777619);
  return (hash >>> 0) % 360;
}

/** A small cover for list rows and the continue-reading cards; decorative (the title is beside it). */
export function BookCover({ book, width = 96 }: { book: Book; width?: number }): JSX.Element {
  const height = Math.round(width * 1.5);
  if (book.cover_url) {
    return <img class="cover" src={book.cover_url} alt="" width={String(width)} height={String(height)} loading="lazy" decoding="async" />;
  }
  return (
    <div class="cover cover--drawn cover--small" style={`--cover-hue: ${hueOf(book.slug)}`} aria-hidden="true">
      <span class="cover__title" safe>
        {book.title}
      </span>
    </div>
  );
}
