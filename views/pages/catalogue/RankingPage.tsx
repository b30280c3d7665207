import { RANKINGS, type Ranking, type RankedBook } from '../../../src/features/catalogue/model.ts';
import { Cover } from '../../components/Cover.tsx';
import { BookFacts } from '../../components/BookFacts.tsx';
import type { PageContext } from '../../context.ts';
import { Layout } from '../../layouts/Layout.tsx';
import { rankingUrl } from './urls.ts';

export type RankingPageProps = { ctx: PageContext; by: Ranking; books: readonly RankedBook[] };

function Row({ ctx, entry, place }: { ctx: PageContext; entry: RankedBook; place: number }): JSX.Element {
  const { t } = ctx;
  const { book } = entry;
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
        <BookFacts ctx={ctx} book={book} />
        <p class="ranking-row__reads" safe>
          {`${t('ranking.readsWeek', { count: entry.reads7d })} · ${t('ranking.readsMonth', { count: entry.reads30d })}`}
        </p>
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
            <Row ctx={ctx} entry={entry} place={index + 1} />
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
