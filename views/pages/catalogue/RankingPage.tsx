import { RANKINGS, type Ranking, type RankedBook } from '../../../src/features/catalogue/model.ts';
import { Cover } from '../../components/Cover.tsx';
import { BookFacts } from '../../components/BookFacts.tsx';
import { BookGenres } from '../../components/BookGenres.tsx';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { Layout } from '../../layouts/Layout.tsx';
import { rankingUrl } from '../../../src/features/catalogue/paths.ts';

export type RankingPageProps = { ctx: PageContext; by: Ranking; books: readonly RankedBook[] };

/**
 * The figures beside a ranked book, without zeros: "2 readers this week · 8 in the last 30 days",
 * "4 readers in the last 30 days", and on the rating tab "12 ratings"; nothing for a book nobody
 * has read or rated lately (a row of "0 readers" says nothing and buries the counts that matter).
 */
export function rankingFigures(t: PageContext['t'], by: Ranking, entry: RankedBook): string[] {
  const { reads7d: week, reads30d: month } = entry;
  const figures: string[] = [];
  if (by === 'rating' && entry.book.rating_count > 0) figures.push(t('shelf.ranking.ratings', { count: entry.book.rating_count }));
  if (week > 0) figures.push(t('ranking.readsWeek', { count: week }));
  if (week > 0 && month > week) figures.push(t('ranking.readsMonth', { count: month }));
  if (week === 0 && month > 0) figures.push(t('shelf.ranking.readsMonthOnly', { count: month }));
  return figures;
}

function Row({ ctx, by, entry, place }: { ctx: PageContext; by: Ranking; entry: RankedBook; place: number }): JSX.Element {
  const { t } = ctx;
  const { book } = entry;
  const figures = rankingFigures(t, by, entry);
  const href = `/book/${encodeURIComponent(book.slug)}`;
  return (
    <li class="ranking-row">
      <span class="ranking-row__place" aria-hidden="true" safe>
        {String(place)}
      </span>
      <a class="ranking-row__cover" href={href} tabindex="-1" aria-hidden="true">
        <Cover book={book} />
      </a>
      <div class="ranking-row__body">
        <h2 class="ranking-row__title">
          <a href={href} safe>
            {book.title}
          </a>
        </h2>
        <p class="book-card__author" safe>
          {t('book.by', { author: book.author })}
        </p>
        <BookGenres ctx={ctx} book={book} />
        <BookFacts ctx={ctx} book={book} />
        {figures.length > 0 ? (
          <p class="ranking-row__reads" safe>
            {figures.join(' · ')}
          </p>
        ) : (
          ''
        )}
      </div>
    </li>
  );
}

/** What #ranking holds: the tabs (links; htmx swaps only this panel and pushes the URL) and the list. */
export function RankingPanel({ ctx, by, books }: RankingPageProps): JSX.Element {
  const { t } = ctx;
  return (
    <>
      <nav class="tabs" aria-label={t('ranking.tabs')}>
        <ul role="list">
          {RANKINGS.map((tab) => (
            <li>
              <a
                class="tabs__tab"
                href={rankingUrl(tab)}
                aria-current={tab === by ? 'page' : undefined}
                hx-get={rankingUrl(tab)}
                hx-target="#ranking"
                hx-push-url="true"
                safe
              >
                {t(`ranking.by.${tab}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p class="ranking__note" safe>
        {t(`ranking.note.${by}`)}
      </p>
      {books.length === 0 ? (
        <div class="empty-state">
          <p class="empty-state__title" safe>
            {t('ranking.empty')}
          </p>
          <p safe>{t('books.emptyHint')}</p>
        </div>
      ) : (
        <ol class="ranking-list" role="list" aria-label={t(`ranking.by.${by}`)}>
          {books.map((entry, index) => (
            <Row ctx={ctx} by={by} entry={entry} place={index + 1} />
          ))}
        </ol>
      )}
    </>
  );
}

function titleOf(ctx: PageContext, by: Ranking): string {
  return `${ctx.t('ranking.title')}: ${ctx.t(`ranking.by.${by}`)}`;
}

export function RankingPage(props: RankingPageProps): JSX.Element {
  const { ctx } = props;
  return (
    <Layout ctx={ctx} title={titleOf(ctx, props.by)} description={ctx.t('ranking.description')}>
      <h1 safe>{ctx.t('ranking.title')}</h1>
      <div id="ranking" class="ranking">
        <RankingPanel {...props} />
      </div>
    </Layout>
  );
}

/** The answer to a tab followed with htmx: the panel and the new document title. */
export function RankingFragment(props: RankingPageProps): JSX.Element {
  return (
    <>
      <title safe>{`${titleOf(props.ctx, props.by)} · ${props.ctx.t('site.name')}`}</title>
      <RankingPanel {...props} />
    </>
  );
}
