import type { BookPageBody, Genre } from '../../../src/features/catalogue/model.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { genreName } from '../../i18n/genres/index.ts';
import { Layout } from '../../layouts/Layout.tsx';
import { BrowseFilters } from './BrowseFilters.tsx';
import { BrowseResults } from './BrowseResults.tsx';
import type { BrowseState } from '../../../src/features/catalogue/paths.ts';

export type BrowsePageProps = { ctx: PageContext; state: BrowseState; genres: readonly Genre[]; result: BookPageBody };

function titleOf({ ctx, state, genres }: Omit<BrowsePageProps, 'result'>): string {
  const genre = genres.find((g) => g.slug === state.genre);
  return genre ? ctx.t('browse.titleGenre', { genre: genreName(ctx.locale, genre.name) }) : ctx.t('browse.title');
}

export function BrowsePage({ ctx, state, genres, result }: BrowsePageProps): JSX.Element {
  const { t } = ctx;
  const title = titleOf({ ctx, state, genres });
  return (
    <Layout ctx={ctx} title={title} description={t('browse.description')}>
      <h1 id="browse-title" safe>
        {title}
      </h1>
      {ctx.keep
        ? ctx.keep(genres, `filters\t${state.genre ?? ''}\t${state.status ?? ''}\t${state.sort}\t${state.audio}\t${state.limit}`, () => BrowseFilters({ ctx, state, genres }) as string)
        : <BrowseFilters ctx={ctx} state={state} genres={genres} />}
      <div id="browse-results" class="browse-results">
        <BrowseResults ctx={ctx} state={state} result={result} />
      </div>
    </Layout>
  );
}

/**
 * The answer to a filter change made with htmx: the results, plus the heading and the document
 * title for the new genre (htmx takes <title> from a response, and swaps the heading out of band).
 */
export function BrowseFragment({ ctx, state, genres, result }: BrowsePageProps): JSX.Element {
  const title = titleOf({ ctx, state, genres });
  return (
    <>
      <title safe>{`${title} · ${ctx.t('site.name')}`}</title>
      <h1 id="browse-title" hx-swap-oob="true" safe>
        {title}
      </h1>
      <BrowseResults ctx={ctx} state={state} result={result} />
    </>
  );
}
