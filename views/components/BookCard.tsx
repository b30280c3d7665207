import type { Book } from '../../src/features/catalogue/model.ts';
import type { PageContext } from '../context.ts';
import { LOCALE_TAGS } from '../i18n/index.ts';
import { coverHue } from './cover-hue.ts';

/** The cover image, or one drawn from the title; it fills the width of its container. */
export function Cover({ book }: { book: Book }): JSX.Element {
  // alt="" because the title beside it, in the same link, already names the book.
  if (book.cover_url) {
    return <img class="cover" src={book.cover_url} alt="" width="200" height="300" loading="lazy" decoding="async" />;
  }
  return (
    <div class="cover cover--drawn" style={`--cover-hue: ${coverHue(book.slug)}`} aria-hidden="true">
      <span class="cover__title" safe>
        {book.title}
      </span>
    </div>
  );
}

export function BookCard({ ctx, book }: { ctx: PageContext; book: Book }): JSX.Element {
  const { t } = ctx;
  const rated = book.rating_avg !== null && book.rating_count > 0;
  const rating = rated
    ? new Intl.NumberFormat(LOCALE_TAGS[ctx.locale], { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
        book.rating_avg ?? 0,
      )
    : '';

  return (
    <article class="book-card">
      <a class="book-card__link" href={`/book/${encodeURIComponent(book.slug)}`}>
        <Cover book={book} />
        <h3 class="book-card__title" safe>
          {book.title}
        </h3>
      </a>
      <p class="book-card__author" safe>
        {t('book.by', { author: book.author })}
      </p>
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
        {rated ? (
          <li class="book-card__rating">
            <span aria-hidden="true" safe>{`★ ${rating}`}</span>
            <span class="visually-hidden" safe>
              {t('book.rating', { rating, count: book.rating_count })}
            </span>
          </li>
        ) : (
          ''
        )}
      </ul>
    </article>
  );
}
