import type { Book } from '../../../src/features/catalogue/model.ts';
import type { Shelf } from '../../../src/features/library/model.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { Layout } from '../../layouts/Layout.tsx';
import { libraryUrl } from '../../../src/features/library/paths.ts';

export type RemoveConfirmPageProps = {
  ctx: PageContext;
  books: readonly Book[];
  returnShelf: Shelf | null;
  /** Asked from selection mode (Cancel goes back to it), or from one book's menu. */
  selecting?: boolean;
};

/** Without JavaScript there is no confirm() dialog: removing books (selected, or one from its menu) asks on this page first. */
export function RemoveConfirmPage({ ctx, books, returnShelf, selecting = true }: RemoveConfirmPageProps): JSX.Element {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('library.confirmTitle', { count: books.length })}>
      <section class="library library-confirm" aria-labelledby="confirm-heading">
        <h1 id="confirm-heading" safe>
          {t('library.confirmTitle', { count: books.length })}
        </h1>
        <p safe>{t('library.confirmBody')}</p>
        <ul class="library-confirm__list">
          {books.map((book) => (
            <li safe>{book.title}</li>
          ))}
        </ul>
        <form method="post" action="/library/bulk" class="library-confirm__actions">
          {books.map((book) => (
            <input type="hidden" name="slugs" value={book.slug} />
          ))}
          <input type="hidden" name="action" value="remove" />
          <input type="hidden" name="confirmed" value="1" />
          <input type="hidden" name="return_shelf" value={returnShelf ?? ''} />
          <button type="submit" class="button button--danger" safe>
            {t('library.removeSelected')}
          </button>
          <a class="button button--quiet" href={libraryUrl({ shelf: returnShelf, select: selecting })} safe>
            {t('library.cancel')}
          </a>
        </form>
      </section>
    </Layout>
  );
}
