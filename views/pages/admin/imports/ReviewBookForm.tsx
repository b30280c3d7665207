import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import type { ImportReviewData } from './types.ts';
import { RefusedList } from './RefusedList.tsx';

/** The review's first form: title, author, description, genres (the catalogue's list), language when the file has one. */
export function ReviewBookForm({ ctx, taskId, review }: { ctx: PageContext; taskId: string; review: ImportReviewData }): JSX.Element {
  const { t } = ctx;
  const { fields } = review;
  const refused = review.refused?.form === 'book' ? review.refused : null;
  const invalid = (field: string) => (refused?.fields.includes(field) ? { 'aria-invalid': 'true', 'aria-describedby': 'review-book-error' } : {});
  return (
    <form class="admin-form review-book" data-review-form method="post" action={`/admin/imports/${taskId}/book`} aria-labelledby="review-book-heading">
      <h2 id="review-book-heading" safe>{t('importReview.bookHeading')}</h2>
      {refused ? <RefusedList ctx={ctx} id="review-book-error" messages={refused.messages} /> : ''}
      <input type="hidden" name="revision" value={String(review.revision)} />
      <div class="admin-form__row review-book__names">
        <label class="field">
          <span class="field__label" safe>{t('importReview.field.title')}</span>
          <input name="title" value={fields.title} maxlength="500" required {...invalid('title')} />
        </label>
        <label class="field">
          <span class="field__label" safe>{t('importReview.field.author')}</span>
          <input name="author" value={fields.author} maxlength="300" {...invalid('author')} />
        </label>
      </div>
      <label class="field">
        <span class="field__label" safe>{t('importReview.field.description')}</span>
        <textarea name="description" rows="6" maxlength="20000" {...invalid('description')} safe>{fields.description}</textarea>
      </label>
      <fieldset class="review-genres" {...invalid('genres')}>
        <legend safe>{t('importReview.field.genres')}</legend>
        <p class="field__hint" safe>{t('importReview.genresHint', { max: String(review.maxGenres) })}</p>
        <div class="review-genres__list">
          {chosenFirst(review.genres, fields.genres).map((genre) => (
            <label class="checkbox">
              <input type="checkbox" name="genres" value={genre.slug} checked={fields.genres.includes(genre.name)} />
              <span safe>{genre.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {review.showLanguage ? (
        <label class="field review-book__language">
          <span class="field__label" safe>{t('importReview.field.language')}</span>
          <input name="language" value={fields.language ?? ''} maxlength="35" autocomplete="off" {...invalid('language')} />
          <span class="field__hint" safe>{t('importReview.languageHint')}</span>
        </label>
      ) : (
        ''
      )}
      <p>
        <button class="button button--primary" type="submit" safe>{t('importReview.saveBook')}</button>
      </p>
    </form>
  );
}

/** The genres already chosen lead the list (it scrolls), the rest keep their alphabetical order. */
function chosenFirst<G extends { name: string }>(genres: readonly G[], chosen: readonly string[]): G[] {
  return [...genres].sort((a, b) => Number(chosen.includes(b.name)) - Number(chosen.includes(a.name)));
}
