import { offersOf, type PageContext } from '../../src/platform/http/page-context.ts';

export type ExportFormProps = {
  ctx: PageContext;
  slug: string;
  /** The book's first and last chapter numbers; null when it has none (nothing to export). */
  first: number | null;
  last: number | null;
  /** May this viewer export (Pro features under the server's policy)? Decided by the server, not here. */
  pro: boolean;
  /** Not signed in, on a server that opens the Pro features to every signed-in reader: signing in is all it takes. */
  afterSignIn?: boolean;
};

/**
 * EPUB download on the book page: a plain GET form to /api/export/{slug}, so the browser treats
 * the answer as a file download. Everyone sees it; readers who may not export have their button
 * disabled and are told what would let them: signing in, or Pro (with where to get it only when
 * this server sells it).
 */
export function ExportForm({ ctx, slug, first, last, pro, afterSignIn = false }: ExportFormProps): JSX.Element {
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
        <p class="book-export__narrated">
          <a href={`/exports/new?slug=${encodeURIComponent(slug)}`} safe>
            {t('exports.link')}
          </a>
        </p>
      ) : (
        <ExportBlocked ctx={ctx} afterSignIn={afterSignIn} />
      )}
    </section>
  );
}

/** Why the button is disabled, and the way forward when this server has one. */
function ExportBlocked({ ctx, afterSignIn }: { ctx: PageContext; afterSignIn: boolean }): JSX.Element {
  const { t } = ctx;
  if (afterSignIn) {
    return (
      <p class="book-export__pro" id="export-pro">
        <span safe>{t('policy.export.signIn')}</span>{' '}
        <a href={`/login?return_to=${encodeURIComponent(ctx.path)}`} safe>
          {t('policy.export.signInLink')}
        </a>
      </p>
    );
  }
  if (!offersOf(ctx).proForSale) {
    return (
      <p class="book-export__pro" id="export-pro" safe>
        {t('policy.export.closed')}
      </p>
    );
  }
  return (
    <p class="book-export__pro" id="export-pro">
      <span safe>{t('export.proOnly')}</span>{' '}
      <a href="/pro" safe>
        {t('export.upgrade')}
      </a>
    </p>
  );
}
