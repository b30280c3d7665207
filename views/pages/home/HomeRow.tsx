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
export function HomeRowSection({ ctx, row }: { ctx: PageContext; row: HomeRow }): JSX.Element {
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
      <BookGrid ctx={ctx} books={row.books} row />
    </section>
  );
}
