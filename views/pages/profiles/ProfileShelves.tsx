import type { PublicLibraryEntry } from '../../../src/features/follows/model.ts';
import { SHELVES, type Shelf } from '../../../src/features/library/model.ts';
import { BookGrid } from '../../components/BookGrid.tsx';
import type { PageContext } from '../../../src/platform/http/page-context.ts';

export type ProfileShelvesProps = { ctx: PageContext; username: string; shelf: Shelf; entries: readonly PublicLibraryEntry[]; counts: Record<Shelf, number> };

/** htmx swaps only this section when a tab is chosen; without it the links load the page. */
const SWAP_SHELVES = { 'hx-target': '#profile-shelves', 'hx-select': '#profile-shelves', 'hx-swap': 'outerHTML' } as const;

export const profileUrl = (username: string, shelf?: Shelf) => `/users/${encodeURIComponent(username)}${shelf ? `?shelf=${shelf}` : ''}`;

/** The reader's four shelves as tabs with their counts, the chosen one's books as cards. */
export function ProfileShelves({ ctx, username, shelf, entries, counts }: ProfileShelvesProps): JSX.Element {
  const { t } = ctx;
  return (
    <section id="profile-shelves" class="shelf profile-shelves" aria-labelledby="profile-shelves-heading">
      <h2 id="profile-shelves-heading" safe>
        {t('library.shelves')}
      </h2>
      <nav class="shelf-tabs" aria-label={t('profiles.shelvesOf', { username })}>
        <ul role="list">
          {SHELVES.map((s) => {
            const href = profileUrl(username, s);
            return (
              <li>
                <a href={href} id={`profile-tab-${s}`} aria-current={s === shelf ? 'page' : undefined} hx-get={href} hx-push-url="true" {...SWAP_SHELVES}>
                  <span safe>{t(`library.shelf.${s}`)}</span> <span class="shelf-tabs__count" safe>{String(counts[s])}</span>
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      {entries.length === 0 ? (
        <p class="profile__empty" safe>
          {t('profiles.shelfEmpty', { shelf: t(`library.shelf.${shelf}`) })}
        </p>
      ) : (
        <BookGrid ctx={ctx} books={entries.map((e) => e.book)} />
      )}
    </section>
  );
}
