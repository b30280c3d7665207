import type { PageContext } from '../../src/platform/http/page-context.ts';

export type ExportFormProps = {
  ctx: PageContext;
  slug: string;
  /** The book's first and last chapter numbers; null when it has none (nothing to export). */
  first: number | null;
  last: number | null;
  /** May this viewer export (Pro or admin)? Decided by the server, not here. */
  pro: boolean;
};

/**
 * EPUB download on the book page: a plain GET form to /api/export/{slug}, so the browser treats
 * the answer as a file download. Everyone sees it; readers without Pro are told it is a Pro
 * feature and where to get it, and their button is disabled.
 */
export function ExportForm({ ctx, slug, first, last, pro }: ExportFormProps): JSX.Element {
  if (first === null || last === null) return <></>;
  const { t } = ctx;
  const min = String(first);
  const max = String(last);
  return (
    <section class="book-export" aria-labelledby="export-title">
      <h2 id="export-title" class="visually-hidden" safe>
        {t('export.title')}
      </h2>
      <form class="chapter-jump book-export__form" method="get" action={`/api/export/${encodeURIComponent(slug)}`} aria-describedby={pro ? undefined : 'export-pro'}>
        {/* Each label holds its input, so the pair wraps as one on a narrow screen. */}
        <label for="export-from">
          <span safe>{t('export.from')}</span>{' '}
          <input id="export-from" type="number" name="from" value={min} min={min} max={max} step="1" inputmode="numeric" required />
        </label>
        <label for="export-to">
          <span safe>{t('export.to')}</span>{' '}
          <input id="export-to" type="number" name="to" value={max} min={min} max={max} step="1" inputmode="numeric" required />
        </label>
        <button class="button button--quiet" type="submit" disabled={!pro} safe>
          {t('export.download')}
        </button>
      </form>
      {pro ? (
        ''
      ) : (
        <p class="book-export__pro" id="export-pro">
          <span safe>{t('export.proOnly')}</span>{' '}
          <a href="/pro" safe>
            {t('export.upgrade')}
          </a>
        </p>
      )}
    </section>
  );
}
