import type { Book } from '../../../src/features/catalogue/model.ts';
import { SHELVES, type Shelf } from '../../../src/features/library/model.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { SWAP_LIBRARY } from './ShelfTabs.tsx';
import { libraryUrl } from '../../../src/features/library/paths.ts';

const REMOVE = JSON.stringify({ confirmed: '1' });

export type BookMenuProps = { ctx: PageContext; book: Pick<Book, 'slug' | 'title'>; shelf: Shelf; tab: Shelf | null };

/**
 * The one menu of a book on the shelf: its button names the shelf it is on; inside, "Move to …" for
 * every other shelf and "Remove from library". A <details> with plain forms, so it works without
 * JavaScript (a move posts and comes back; removing asks on a page of its own first); with htmx
 * the library section is swapped in place and removing asks with the browser's confirmation.
 * public/js/menus.js closes it on Escape and on a click elsewhere.
 */
export function BookMenu({ ctx, book, shelf, tab }: BookMenuProps): JSX.Element {
  const { t } = ctx;
  const id = `menu-${book.slug}`;
  const action = `/library/${encodeURIComponent(book.slug)}`;
  const shelfName = t(`library.shelf.${shelf}`);
  return (
    <details class="book-menu" id={id} data-book-menu>
      <summary class="book-menu__button" id={`${id}-button`} aria-label={t('shelf.library.menuNamed', { shelf: shelfName, title: book.title })}>
        <span safe>{shelfName}</span>
      </summary>
      <div class="book-menu__panel">
        <form class="book-menu__group" method="post" action={action} hx-post={action} {...SWAP_LIBRARY}>
          <input type="hidden" name="return_to" value={libraryUrl({ shelf: tab })} />
          {SHELVES.filter((s) => s !== shelf).map((s) => (
            <button type="submit" name="shelf" value={s} class="book-menu__item" id={`${id}-${s}`} safe>
              {t('shelf.library.moveTo', { shelf: t(`library.shelf.${s}`) })}
            </button>
          ))}
        </form>
        <form
          class="book-menu__group"
          method="post"
          action="/library/bulk"
          hx-post="/library/bulk"
          hx-vals={REMOVE}
          hx-confirm={t('shelf.library.confirmRemove', { title: book.title })}
          {...SWAP_LIBRARY}
        >
          <input type="hidden" name="slugs" value={book.slug} />
          <input type="hidden" name="action" value="remove" />
          <input type="hidden" name="return_shelf" value={tab ?? ''} />
          <input type="hidden" name="from" value="menu" />
          <button type="submit" class="book-menu__item book-menu__item--danger" id={`${id}-remove`} safe>
            {t('library.removeSelected')}
          </button>
        </form>
      </div>
    </details>
  );
}
