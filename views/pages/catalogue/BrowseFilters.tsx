import { BROWSE_SORTS, STATUSES, type Genre } from '../../../src/features/catalogue/model.ts';
import { SelectField } from '../../components/SelectField.tsx';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { byGenreName } from '../../i18n/genres/index.ts';
import { DEFAULT_PAGE_SIZE, type BrowseState } from '../../../src/features/catalogue/paths.ts';

/**
 * A plain GET form (works without JavaScript: "Show books" submits it). With htmx, any change
 * fetches only the results (HX-Target: browse-results) and pushes the filtered URL to history.
 */
export function BrowseFilters({ ctx, state, genres }: { ctx: PageContext; state: BrowseState; genres: readonly Genre[] }): JSX.Element {
  const { t } = ctx;
  return (
    <form
      class="filter-bar"
      method="get"
      action="/browse"
      role="search"
      aria-label={t('browse.filters')}
      hx-get="/browse"
      hx-trigger="change, submit"
      hx-target="#browse-results"
      hx-push-url="true"
      // A change waits for a next page already on its way instead of aborting it: htmx reports every
      // aborted request as an error in the console. The last change wins.
      hx-sync="#browse-results:queue last"
    >
      <SelectField id="browse-genre" name="genre" label={t('browse.genre')} selected={state.genre ?? ''}
        options={[{ value: '', label: t('browse.allGenres') }, ...byGenreName(ctx.locale, genres).map((g) => ({ value: g.slug, label: t('browse.genreOption', { name: g.label, count: g.count }) }))]} />
      <SelectField id="browse-status" name="status" label={t('browse.status')} selected={state.status ?? ''}
        options={[{ value: '', label: t('browse.anyStatus') }, ...STATUSES.map((s) => ({ value: s, label: t(`book.status.${s}`) }))]} />
      <SelectField id="browse-sort" name="sort" label={t('browse.sort')} selected={state.sort}
        options={BROWSE_SORTS.map((s) => ({ value: s, label: t(`browse.sort.${s}`) }))} />
      <div class="filter-bar__check">
        <input type="checkbox" id="browse-audio" name="audio" value="1" checked={state.audio} />
        <label for="browse-audio" safe>
          {t('browse.audio')}
        </label>
      </div>
      {state.limit !== DEFAULT_PAGE_SIZE ? <input type="hidden" name="limit" value={String(state.limit)} /> : ''}
      <noscript>
        <button type="submit" class="button" safe>
          {t('browse.apply')}
        </button>
      </noscript>
    </form>
  );
}
