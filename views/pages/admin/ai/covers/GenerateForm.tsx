import type { CoverStudioProps } from './types.ts';

/** The prompt, reference, model and count; results land in [data-results] (public/js/admin-covers.js). */
export function GenerateForm({ ctx, book, prompt, models, defaultModel, maxMegabytes }: CoverStudioProps): JSX.Element {
  const { t } = ctx;
  return (
    <div class="cover-studio__generate">
      <form class="admin-form" method="post" action="/api/admin/image-gen" enctype="multipart/form-data" data-generate-form>
        <input type="hidden" name="slug" value={book?.slug ?? ''} />
        <label class="field">
          <span class="field__label" safe>{t('covers.prompt')}</span>
          <textarea name="prompt" rows="5" maxlength="4000" required data-prompt safe>{prompt}</textarea>
          <span class="field__hint" safe>{t('covers.promptHelp')}</span>
        </label>
        <label class="field">
          <span class="field__label" safe>{t('covers.reference')}</span>
          <input name="reference" type="file" accept="image/png,image/jpeg,image/webp" data-reference />
          <span class="field__hint" safe>{t('covers.referenceHelp', { mb: String(maxMegabytes) })}</span>
        </label>
        <div class="admin-form__row">
          <label class="field">
            <span class="field__label" safe>{t('covers.model')}</span>
            <select name="model" data-model>
              {models.map((m) => (
                <option value={m} selected={m === defaultModel} safe>{m}</option>
              ))}
            </select>
          </label>
          <label class="field">
            <span class="field__label" safe>{t('covers.count')}</span>
            <select name="n">
              {[1, 2, 3, 4].map((n) => (
                <option value={String(n)} selected={n === 2} safe>{String(n)}</option>
              ))}
            </select>
          </label>
        </div>
        <button class="button button--primary" type="submit" data-generate safe>{t('covers.generate')}</button>
        <p class="cover-studio__status" role="status" aria-live="polite" data-status></p>
      </form>
      <h2 safe>{t('covers.results')}</h2>
      <div class="cover-studio__results" data-results>
        <p class="field__hint" safe>{t('covers.noResults')}</p>
      </div>
    </div>
  );
}
