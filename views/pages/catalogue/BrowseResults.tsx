import type { BookPageBody } from '../../../src/features/catalogue/model.ts';
import { BookGrid, BookGridItems } from '../../components/BookGrid.tsx';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { browseUrl, type BrowseState } from '../../../src/features/catalogue/paths.ts';

type ResultsProps = { ctx: PageContext; state: BrowseState; result: BookPageBody };

/**
 * The next page for infinite scroll: with htmx it is fetched when it scrolls into view and its
 * books are appended to #browse-grid; it is also a plain "Next page" link (no JavaScript, or a click).
 * `oob`: sent with a further page, replacing the previous sentinel (htmx out-of-band swap).
 */
function MoreLink({ ctx, state, result, oob }: ResultsProps & { oob?: boolean }): JSX.Element {
  if (!result.has_more) {
    const end = result.page > 1 ? ctx.t('catalogue.end') : '';
    return (
      <p id="browse-more" class="pager__end" hx-swap-oob={oob ? 'true' : undefined} safe>
        {end}
      </p>
    );
  }
  const next = browseUrl(state, result.page + 1);
  return (
    <a
      id="browse-more"
      class="button button--quiet pager__next"
      href={next}
      rel="next"
      hx-get={next}
      hx-trigger="revealed"
      hx-target="#browse-grid"
      hx-swap="beforeend"
      hx-sync="#browse-results:drop"
      hx-swap-oob={oob ? 'true' : undefined}
    >
      <span class="pager__idle" safe>
        {ctx.t('catalogue.next')}
      </span>
      <span class="pager__busy" aria-hidden="true" safe>
        {ctx.t('catalogue.loading')}
      </span>
    </a>
  );
}

/** What #browse-results holds: the grid and its pager, or an empty state that offers to clear the filters. */
export function BrowseResults({ ctx, state, result }: ResultsProps): JSX.Element {
  const { t } = ctx;
  if (result.books.length === 0) {
    return (
      <div class="empty-state">
        <p class="empty-state__title" safe>
          {result.page > 1 ? t('browse.pastEnd') : t('browse.empty')}
        </p>
        <p safe>{t('browse.emptyHint')}</p>
        <p>
          <a href="/browse" safe>
            {t('browse.clear')}
          </a>
        </p>
      </div>
    );
  }
  return (
    <>
      <BookGrid ctx={ctx} books={result.books} id="browse-grid" />
      <nav class="pager" aria-label={t('catalogue.pages')}>
        {result.page > 1 ? (
          <a class="button button--quiet" href={browseUrl(state, result.page - 1)} rel="prev" safe>
            {t('catalogue.previous')}
          </a>
        ) : (
          ''
        )}
        <MoreLink ctx={ctx} state={state} result={result} />
      </nav>
    </>
  );
}

/** A further page for infinite scroll: its cards, and the sentinel for the page after it. */
export function BrowseMore({ ctx, state, result }: ResultsProps): JSX.Element {
  return (
    <>
      <BookGridItems ctx={ctx} books={result.books} appended />
      <MoreLink ctx={ctx} state={state} result={result} oob />
    </>
  );
}
