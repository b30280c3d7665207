import type { Book } from '../../src/features/catalogue/model.ts';
import { LOCALE_TAGS, type Locale } from '../../src/platform/i18n/locale.ts';
import type { PageContext } from '../../src/platform/http/page-context.ts';

const formats = new Map<Locale, Intl.NumberFormat>();

/** Building a NumberFormat is costly; one per locale serves every card of every page. */
function ratingFormat(locale: Locale): Intl.NumberFormat {
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = new Intl.NumberFormat(LOCALE_TAGS[locale], { minimumFractionDigits: 1, maximumFractionDigits: 1 })));
  return format;
}

/** Ratings formatted so far, per locale: averages have two decimals between 1 and 5, a few hundred values. */
const ratingTexts = new Map<string, string>();

/** "4.3" in the reader's locale, or null for a book nobody has rated. */
export function ratingText(ctx: PageContext, book: Book): string | null {
  if (book.rating_avg === null || book.rating_count === 0) return null;
  const key = `${ctx.locale}:${book.rating_avg}`;
  let text = ratingTexts.get(key);
  if (text === undefined) {
    text = ratingFormat(ctx.locale).format(book.rating_avg);
    if (ratingTexts.size < 20_000) ratingTexts.set(key, text);
  }
  return text;
}

/** Status, chapters, audio and rating, as on the book cards; a count of zero is left out, not printed. */
export function BookFacts({ ctx, book }: { ctx: PageContext; book: Book }): JSX.Element {
  const { t } = ctx;
  const rating = ratingText(ctx, book);
  return (
    <ul class="book-card__meta" role="list">
      <li class={`badge badge--${book.status}`} safe>
        {t(`book.status.${book.status}`)}
      </li>
      {book.chapter_count > 0 ? <li safe>{t('book.chapters', { count: book.chapter_count })}</li> : ''}
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
