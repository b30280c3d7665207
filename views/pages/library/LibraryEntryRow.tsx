import type { LibraryEntry, Shelf } from '../../../src/features/library/model.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { Cover } from '../../components/Cover.tsx';
import { ReadingProgress } from '../../components/ReadingProgress.tsx';
import { BookMenu } from './BookMenu.tsx';

export type LibraryEntryRowProps = { ctx: PageContext; entry: LibraryEntry; selecting: boolean; /** The open tab (null: All). */ tab: Shelf | null };

/**
 * One saved book, cover first: the cover carries the reading progress, beside it the title, the
 * way back in and the book's menu. In selection mode a checkbox on the cover (part of the page's
 * selection form) replaces the menu, whose forms may not sit inside another form.
 */
export function LibraryEntryRow({ ctx, entry, selecting, tab }: LibraryEntryRowProps): JSX.Element {
  const { t } = ctx;
  const { book, progress } = entry;
  const bookHref = `/book/${encodeURIComponent(book.slug)}`;
  const checkbox = `select-${book.slug}`;
  return (
    <li class={selecting ? 'library-entry library-entry--selecting' : 'library-entry'}>
      {selecting ? (
        // The label wraps the box so that the whole padded area takes the tap.
        <label class="library-entry__check" for={checkbox}>
          <input type="checkbox" name="slugs" value={book.slug} id={checkbox} />
          <span class="visually-hidden" safe>
            {t('library.selectBook', { title: book.title })}
          </span>
        </label>
      ) : (
        ''
      )}
      <div class="cover-frame library-entry__cover">
        <a href={bookHref} tabindex="-1" aria-hidden="true">
          <Cover book={book} width={112} />
        </a>
        {progress ? <ReadingProgress ctx={ctx} chapter={progress.chapter} total={book.chapter_count} scroll={progress.scroll} /> : ''}
      </div>
      <div class="library-entry__body">
        <h2 class="library-entry__title">
          <a href={bookHref} safe>
            {book.title}
          </a>
        </h2>
        <p class="library-entry__meta">
          <span safe>{t('book.by', { author: book.author })}</span>
          {selecting ? (
            <span class={`badge badge--shelf badge--${entry.shelf}`} safe>
              {t(`library.shelf.${entry.shelf}`)}
            </span>
          ) : (
            ''
          )}
        </p>
        {progress ? (
          ''
        ) : (
          <p class="library-entry__unstarted" safe>
            {t('library.notStarted')}
          </p>
        )}
        <div class="library-entry__actions">
          {book.chapter_count > 0 ? (
            <a class="button" href={`${bookHref}/${progress?.chapter ?? 1}`} aria-label={t(progress ? 'library.continueNamed' : 'library.startNamed', { title: book.title })} safe>
              {t(progress ? 'library.continue' : 'library.start')}
            </a>
          ) : (
            ''
          )}
          {selecting ? '' : <BookMenu ctx={ctx} book={book} shelf={entry.shelf} tab={tab} />}
        </div>
      </div>
    </li>
  );
}
