import type { Book } from '../../../src/features/catalogue/model.ts';
import { Cover } from '../../components/Cover.tsx';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { genreName } from '../../i18n/genres/index.ts';
import { blurbOf } from './blurb.ts';

// Cards under the top one are scenery: out of the tab order and hidden from assistive technology
// (public/js/discover/deck.js moves this when the top card leaves). Spread: `inert` is not in the types.
const BEHIND = { inert: true, 'aria-hidden': 'true' } as const;

/**
 * One card of the deck: cover, title (a link to the book), author, genres, the start of the blurb.
 * `depth` places it in the stack (0 on top; 3 and more out of sight), also without the script.
 */
export function DeckCard({ ctx, book, depth }: { ctx: PageContext; book: Book; depth: number }): JSX.Element {
  const { t } = ctx;
  const titleId = `deck-title-${book.slug}`;
  const top = depth === 0;
  return (
    <li class="deck-card" data-slug={book.slug} data-title={book.title} data-depth={String(Math.min(depth, 3))} {...(top ? {} : BEHIND)}>
      <article class="deck-card__inner" aria-labelledby={titleId}>
        <div class="deck-card__cover">
          <Cover book={book} width={240} eager={top} />
        </div>
        <div class="deck-card__body">
          <h2 class="deck-card__title" id={titleId}>
            <a href={`/book/${encodeURIComponent(book.slug)}`} draggable="false" safe>
              {book.title}
            </a>
          </h2>
          <p class="deck-card__author" safe>
            {t('book.by', { author: book.author })}
          </p>
          {book.genres.length > 0 ? (
            <ul class="deck-card__genres" role="list" aria-label={t('discover.genres')}>
              {book.genres.map((genre) => (
                <li class="badge" safe>
                  {genreName(ctx.locale, genre)}
                </li>
              ))}
            </ul>
          ) : (
            ''
          )}
          <p class="deck-card__blurb" safe>
            {blurbOf(book.description)}
          </p>
        </div>
        <span class="deck-card__hint deck-card__hint--like" aria-hidden="true" safe>
          {t('discover.like')}
        </span>
        <span class="deck-card__hint deck-card__hint--pass" aria-hidden="true" safe>
          {t('discover.pass')}
        </span>
        <span class="deck-card__hint deck-card__hint--save" aria-hidden="true" safe>
          {t('discover.save')}
        </span>
      </article>
    </li>
  );
}

/** The cards /discover/cards sends to the script: all behind until it places them. */
export function DeckCards({ ctx, books }: { ctx: PageContext; books: Book[] }): JSX.Element {
  return <>{books.map((book) => <DeckCard ctx={ctx} book={book} depth={3} />)}</>;
}
