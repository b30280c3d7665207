import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { Layout } from '../../layouts/Layout.tsx';
import { SearchResults, SearchStatus, type SearchView } from './SearchResults.tsx';

export type SearchPageProps = { ctx: PageContext } & SearchView;

function titleOf(ctx: PageContext, q: string): string {
  return q ? ctx.t('search.titleFor', { q }) : ctx.t('search.title');
}

/**
 * A GET form (Enter or "Search" without JavaScript). With htmx the results follow the typing
 * (300 ms after the last key, or at once on Enter / clearing the box) and the URL keeps the query.
 */
export function SearchPage(props: SearchPageProps): JSX.Element {
  const { ctx, q } = props;
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={titleOf(ctx, q)} description={t('search.description')} noindex={q.length > 0}>
      <h1 safe>{t('search.title')}</h1>
      <form class="search-form" method="get" action="/search" role="search" hx-get="/search" hx-target="#search-results" hx-push-url="true" hx-sync="this:replace">
        <label class="visually-hidden" for="search-q" safe>
          {t('search.label')}
        </label>
        <input
          type="search"
          id="search-q"
          name="q"
          value={q}
          maxlength="200"
          placeholder={t('search.placeholder')}
          autocomplete="off"
          spellcheck="false"
          enterkeyhint="search"
          hx-get="/search"
          hx-trigger="input changed delay:300ms, search"
          hx-target="#search-results"
          hx-push-url="true"
          hx-sync="closest form:replace"
        />
        <button type="submit" class="button" safe>
          {t('search.submit')}
        </button>
      </form>
      <SearchStatus ctx={ctx} result={props.result} />
      <div id="search-results" class="search-results">
        <SearchResults {...props} />
      </div>
    </Layout>
  );
}

/** The answer to a live search: the results, the spoken status and the document title. */
export function SearchFragment(props: SearchPageProps): JSX.Element {
  const { ctx, q } = props;
  return (
    <>
      <title safe>{`${titleOf(ctx, q)} · ${ctx.t('site.name')}`}</title>
      <SearchStatus ctx={ctx} result={props.result} oob />
      <SearchResults {...props} />
    </>
  );
}
