import type { PageContext } from '../../../../../src/platform/http/page-context.ts';

/** Batch covers: start, a progress bar, stop; the events are listed as they come (admin-covers.js). */
export function BatchPanel({ ctx }: { ctx: PageContext }): JSX.Element {
  const { t } = ctx;
  return (
    <div class="cover-studio__batch" data-batch>
      <h2 safe>{t('covers.batch.title')}</h2>
      <p class="field__hint" safe>{t('covers.batch.lead')}</p>
      <div class="admin-form__row">
        <button class="button button--primary" type="button" data-batch-start safe>{t('covers.batch.start')}</button>
        <button class="button" type="button" data-batch-cancel hidden safe>{t('covers.batch.cancel')}</button>
      </div>
      <progress class="cover-studio__progress" max="1" value="0" hidden data-batch-progress></progress>
      <p class="cover-studio__status" role="status" aria-live="polite" data-batch-status></p>
      <ul class="cover-studio__log" data-batch-log></ul>
    </div>
  );
}
