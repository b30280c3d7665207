import type { Book, BookPageBody, Genre } from '../../../src/features/catalogue/model.ts';
import { highlight, snippet } from '../../../src/features/catalogue/highlight.ts';
import { Cover } from '../../components/Cover.tsx';
import { BookFacts } from '../../components/BookFacts.tsx';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { genreName } from '../../i18n/genres/index.ts';
import { GenreChips } from './BookMeta.tsx';
import { genreUrl, searchUrl } from '../../../src/features/catalogue/paths.ts';

export type SearchView = { q: string; words: readonly string[]; result: BookPageBody | null; suggestions: readonly Genre[] };

function SearchHit({ ctx, book, words }: { ctx: PageContext; book: Book; words: readonly string[] }): JSX.Element {
  // highlight() escapes every piece of text itself and adds only <mark> tags.
  const safeTitle = highlight(book.title, words);
  const safeAuthor = highlight(ctx.t('book.by', { author: book.author }), words);
  const safeSnippet = highlight(snippet(book.description, words), words);
  // What does not depend on the words searched is the same for every search: kept drawn when the page allows.
  const safeCover = ctx.keep ? ctx.keep(book, 'hit-cover', () => hitCover(book)) : hitCover(book);
  const safeFacts = ctx.keep ? ctx.keep(book, 'hit-facts', () => hitFacts(ctx, book)) : hitFacts(ctx, book);
  return (
    <article class="search-hit">
      {safeCover}
      <div class="search-hit__body">
        <h3 class="search-hit__title">
          <a href={`/book/${encodeURIComponent(book.slug)}`}>{safeTitle}</a>
        </h3>
        <p class="book-card__author">{safeAuthor}</p>
        {book.description ? <p class="search-hit__snippet">{safeSnippet}</p> : ''}
        {safeFacts}
      </div>
    </article>
  );
}

function hitCover(book: Book): string {
  return (
    <a class="search-hit__cover" href={`/book/${encodeURIComponent(book.slug)}`} tabindex="-1" aria-hidden="true">
      <Cover book={book} />
    </a>
  ) as string;
}

function hitFacts(ctx: PageContext, book: Book): string {
  return (
    <>
      <BookFacts ctx={ctx} book={book} />
      <GenreChips ctx={ctx} book={book} />
    </>
  ) as string;
}

function NoResults({ ctx, q, suggestions }: { ctx: PageContext; q: string; suggestions: readonly Genre[] }): JSX.Element {
  const { t } = ctx;
  return (
    <div class="empty-state">
      <p class="empty-state__title" safe>
        {t('search.empty', { q })}
      </p>
      <p safe>{t('search.suggestions')}</p>
      <ul>
        <li safe>{t('search.tipSpelling')}</li>
        <li safe>{t('search.tipFewer')}</li>
        <li>
          <span safe>{t('search.tipBrowse')}</span>{' '}
          <span class="genre-chips">
            {suggestions.map((g) => (
              <a class="genre-chip" href={genreUrl(g.slug)} safe>
                {genreName(ctx.locale, g.name)}
              </a>
            ))}
          </span>
        </li>
      </ul>
      <p>
        <a href="/browse" safe>
          {t('search.browseAll')}
        </a>
      </p>
    </div>
  );
}

/** A page link that htmx follows in place (results only, URL pushed); a plain link without JavaScript. */
function PageLink({ href, rel, label }: { href: string; rel: 'prev' | 'next'; label: string }): JSX.Element {
  return (
    <a class="button button--quiet" href={href} rel={rel} hx-get={href} hx-target="#search-results" hx-push-url="true" safe>
      {label}
    </a>
  );
}

/** Announced by screen readers after each live search (the region stays, its text changes). */
export function SearchStatus({ ctx, result, oob }: { ctx: PageContext; result: BookPageBody | null; oob?: boolean }): JSX.Element {
  const count = result?.books.length ?? 0;
  const text = !result ? '' : count === 0 ? ctx.t('search.none') : ctx.t(result.has_more ? 'search.foundMore' : 'search.found', { count });
  return (
    <p id="search-status" class="visually-hidden" role="status" hx-swap-oob={oob ? 'innerHTML' : undefined} safe>
      {text}
    </p>
  );
}

/** What #search-results holds: a prompt, the hits with paging, or "no results" with suggestions. */
export function SearchResults({ ctx, q, words, result, suggestions }: { ctx: PageContext } & SearchView): JSX.Element {
  const { t } = ctx;
  if (!result) {
    return (
      <p class="search-prompt" safe>
        {t('search.prompt')}
      </p>
    );
  }
  if (result.books.length === 0) return <NoResults ctx={ctx} q={q} suggestions={suggestions} />;
  return (
    <>
      <h2 class="visually-hidden" safe>
        {t('search.resultsFor', { q })}
      </h2>
      <ol class="search-list" role="list">
        {result.books.map((book) => (
          <li>
            <SearchHit ctx={ctx} book={book} words={words} />
          </li>
        ))}
      </ol>
      <nav class="pager" aria-label={t('catalogue.pages')}>
        {result.page > 1 ? <PageLink href={searchUrl(q, result.page - 1)} rel="prev" label={t('catalogue.previous')} /> : ''}
        {result.has_more ? <PageLink href={searchUrl(q, result.page + 1)} rel="next" label={t('catalogue.next')} /> : ''}
      </nav>
    </>
  );
}
