import type { Book } from '../../../src/features/catalogue/model.ts';

/** A stable hue per book (FNV-1a), as BookCard draws cover-less books, so a book looks the same everywhere. */
function hueOf(slug: string): number {
  let hash = 2166136261;
  for (let i = 0; i < slug.length; i++) hash = Math.imul(hash ^ slug.charCodeAt(i), 16777619);
  return (hash >>> 0) % 360;
}

/**
 * The large cover of the book page. It is the first thing on screen, so it loads eagerly with high
 * priority (lazy loading would delay the page's largest paint); width and height reserve its box.
 */
export function BookCover({ book }: { book: Pick<Book, 'slug' | 'title' | 'cover_url'> }): JSX.Element {
  if (book.cover_url) {
    return <img class="cover" src={book.cover_url} alt="" width="240" height="360" decoding="async" fetchpriority="high" />;
  }
  return (
    <div class="cover cover--drawn" style={`--cover-hue: ${hueOf(book.slug)}`} aria-hidden="true">
      <span class="cover__title" safe>
        {book.title}
      </span>
    </div>
  );
}
