import type { Shelf } from '../../../src/features/library/model.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { Layout } from '../../layouts/Layout.tsx';
import { LibraryEntryRow } from './LibraryEntryRow.tsx';
import { SelectionToolbar } from './SelectionToolbar.tsx';
import { ShelfTabs, SWAP_LIBRARY } from './ShelfTabs.tsx';
import type { LibraryPageProps, Notice } from './types.ts';
import { libraryUrl } from '../../../src/features/library/paths.ts';

/**
 * The signed-in reader's saved books. Everything that changes after an action (tabs with counts,
 * the result line, the list) lives in #library, which htmx replaces as a whole.
 */
// Not in @kitajs/html's <p> type; a spread is not checked for unknown attributes.
const AUTOFOCUS = { autofocus: true } as const;

export function LibraryPage({ ctx, shelf, selecting, entries, counts, notice }: LibraryPageProps): JSX.Element {
  const { t } = ctx;
  const toggle = libraryUrl({ shelf, select: !selecting });
  return (
    <Layout ctx={ctx} title={t('library.title')}>
      <section id="library" class="library" aria-labelledby="library-heading">
        <div class="library__head">
          <h1 id="library-heading" safe>
            {t('library.title')}
          </h1>
          {entries.length > 0 || selecting ? (
            <a class="button button--quiet" id="library-select-toggle" href={toggle} hx-get={toggle} hx-push-url="true" {...SWAP_LIBRARY} safe>
              {t(selecting ? 'library.done' : 'library.select')}
            </a>
          ) : (
            ''
          )}
        </div>
        <ShelfTabs ctx={ctx} shelf={shelf} counts={counts} selecting={selecting} />
        <NoticeLine notice={notice} />
        {entries.length === 0 ? (
          <EmptyShelf ctx={ctx} shelf={shelf} />
        ) : selecting ? (
          <form id="library-selection" class="library-selection" method="post" action="/library/bulk" {...SWAP_LIBRARY}>
            <input type="hidden" name="return_shelf" value={shelf ?? ''} />
            <p class="library-selection__hint" safe>
              {t('library.selectHint')}
            </p>
            <EntryList ctx={ctx} entries={entries} selecting tab={shelf} />
            <SelectionToolbar ctx={ctx} />
          </form>
        ) : (
          <EntryList ctx={ctx} entries={entries} selecting={false} tab={shelf} />
        )}
      </section>
    </Layout>
  );
}

function EntryList({ ctx, entries, selecting, tab }: Pick<LibraryPageProps, 'ctx' | 'entries' | 'selecting'> & { tab: Shelf | null }): JSX.Element {
  return (
    <ul class="library-list" role="list">
      {entries.map((entry) => (
        <LibraryEntryRow ctx={ctx} entry={entry} selecting={selecting} tab={tab} />
      ))}
    </ul>
  );
}

function NoticeLine({ notice }: { notice: Notice | null }): JSX.Element {
  if (!notice) return <p class="library__notice" role="status"></p>;
  const error = notice.level === 'error';
  // Focused after an action (htmx focuses [autofocus] in swapped content; browsers on load): the
  // buttons that were used may be gone, and the result is what the reader needs next.
  return (
    <p class={`library__notice notice ${error ? 'notice--error' : 'notice--ok'}`} role={error ? 'alert' : 'status'} tabindex="-1" {...AUTOFOCUS} safe>
      {notice.message}
    </p>
  );
}

function EmptyShelf({ ctx, shelf }: { ctx: PageContext; shelf: Shelf | null }): JSX.Element {
  const { t } = ctx;
  return (
    <div class="empty-state">
      <p class="empty-state__title" safe>
        {t(shelf ? 'library.emptyShelf' : 'library.empty')}
      </p>
      <p safe>{t(`library.emptyHint.${shelf ?? 'all'}`)}</p>
      <p>
        <a href="/browse" safe>
          {t('library.browse')}
        </a>
      </p>
    </div>
  );
}
