import type { Book } from '../../../src/features/catalogue/model.ts';
import { genreSlug } from '../../../src/features/catalogue/genres.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { genreName } from '../../i18n/genres/index.ts';
import { genreUrl } from '../../../src/features/catalogue/paths.ts';

/** The book's genres as links to browse that genre. */
export function GenreChips({ ctx, book }: { ctx: PageContext; book: Book }): JSX.Element {
  if (book.genres.length === 0) return '';
  return (
    <ul class="genre-chips" role="list" aria-label={ctx.t('browse.genre')}>
      {book.genres.map((name) => (
        <li>
          <a class="genre-chip" href={genreUrl(genreSlug(name))} safe>
            {genreName(ctx.locale, name)}
          </a>
        </li>
      ))}
    </ul>
  );
}
