import type { Book } from '../../../src/features/catalogue/model.ts';
import { genreSlug } from '../../../src/features/catalogue/genres.ts';
import type { PageContext } from '../../context.ts';
import { LOCALE_TAGS } from '../../i18n/index.ts';
import { genreUrl } from './urls.ts';

/** "4.3" in the reader's locale, or null for a book nobody has rated. */
export function ratingText(ctx: PageContext, book: Book): string | null {
  if (book.rating_avg === null || book.rating_count === 0) return null;
  return new Intl.NumberFormat(LOCALE_TAGS[ctx.locale], { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(book.rating_avg);
}

/** Status, chapters, audio and rating, as on the book cards. */
export function BookFacts({ ctx, book }: { ctx: PageContext; book: Book }): JSX.Element {
  const { t } = ctx;
  const rating = ratingText(ctx, book);
  return (
    <ul class="book-card__meta" role="list">
      <li class={`badge badge--${book.status}`} safe>
        {t(`book.status.${book.status}`)}
      </li>
      <li safe>{t('book.chapters', { count: book.chapter_count })}</li>
      {book.has_audio ? (
        <li class="badge" safe>
          {t('book.audio')}
        </li>
      ) : (
        ''
      )}
      {rating ? (
        <li>
          <span aria-hidden="true" safe>{`★ ${rating}`}</span>
          <span class="visually-hidden" safe>
            {t('book.rating', { rating, count: book.rating_count })}
          </span>
        </li>
      ) : (
        ''
      )}
    </ul>
  );
}

/** The book's genres as links to browse that genre. */
export function GenreChips({ ctx, book }: { ctx: PageContext; book: Book }): JSX.Element {
  if (book.genres.length === 0) return '';
  return (
    <ul class="genre-chips" role="list" aria-label={ctx.t('browse.genre')}>
      {book.genres.map((name) => (
        <li>
          <a class="genre-chip" href={genreUrl(genreSlug(name))} safe>
            {name}
          </a>
        </li>
      ))}
    </ul>
  );
}
