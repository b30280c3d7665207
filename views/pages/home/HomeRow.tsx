import type { HomeRow } from '../../../src/features/home/rows.ts';
import { BookGrid } from '../../components/BookGrid.tsx';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { rankingUrl } from '../../../src/features/catalogue/paths.ts';

const ROWS = {
  new: { id: 'shelf-new', title: 'home.new', all: rankingUrl('new') },
  popular: { id: 'shelf-popular', title: 'shelf.home.popularWeek', all: rankingUrl('popular') },
  top_rated: { id: 'shelf-top-rated', title: 'shelf.home.topRated', all: rankingUrl('rating') },
  updated: { id: 'shelf-updated', title: 'shelf.home.updated', all: rankingUrl('updated') },
} as const;

/** One row of covers that scrolls sideways, with a link to the full ranking it comes from. */
/** `first`: the top row of the page, whose first covers are on screen at once. */
export function HomeRowSection({ ctx, row, first = false }: { ctx: PageContext; row: HomeRow; first?: boolean }): JSX.Element {
  const { t } = ctx;
  const { id, title, all } = ROWS[row.kind];
  const heading = t(title);
  return (
    <section class="shelf home-row" aria-labelledby={id}>
      <div class="home-row__head">
        <h2 id={id} safe>
          {heading}
        </h2>
        {row.books.length > 0 ? (
          <a class="home-row__all" href={all} aria-label={t('shelf.home.seeAllNamed', { row: heading })} safe>
            {t('shelf.home.seeAll')}
          </a>
        ) : (
          ''
        )}
      </div>
      <BookGrid ctx={ctx} books={row.books} row eagerCovers={first ? 2 : 0} />
    </section>
  );
}
