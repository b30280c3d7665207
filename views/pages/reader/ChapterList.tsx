import type { ChapterListPage } from '../../../src/features/reader/paging.ts';
import { chapterRange, pageWindow } from '../../../src/features/reader/paging.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { LOCALE_TAGS } from '../../../src/platform/i18n/locale.ts';
import { bookPath, chapterListPath, chapterPath } from './links.ts';
import { numberFormat } from './meta.ts';

export type ChapterListProps = {
  ctx: PageContext;
  slug: string;
  list: ChapterListPage;
  firstChapter: number | null;
  lastChapter: number | null;
  /** The chapter the reader is on, marked in the list. */
  current: number | null;
  /** True when this is the htmx fragment: focus moves to the swapped list. */
  focus?: boolean;
};

/**
 * One page of a book's chapters (#chapters). Pager links are plain links to ?chapters_page=N;
 * with htmx they fetch only this section and swap it in place (routes.ts answers the fragment).
 */
export function ChapterList({ ctx, slug, list, firstChapter, lastChapter, current, focus = false }: ChapterListProps): JSX.Element {
  const { t } = ctx;
  return (
    <section id="chapters" class="chapters" aria-labelledby="chapters-title">
      <div class="chapters__head">
        <h2 id="chapters-title" tabindex="-1" {...(focus ? { autofocus: true } : {})} safe>
          {t('reader.chapters')}
        </h2>
        {lastChapter !== null ? <JumpForm ctx={ctx} slug={slug} first={firstChapter ?? 1} last={lastChapter} /> : ''}
      </div>
      {list.chapters.length > 0 ? (
        <ol class="chapter-list" role="list">
          {list.chapters.map((chapter) => (
            <li id={`chapter-${chapter.number}`}>
              <a class="chapter-list__link" href={chapterPath(slug, chapter.number)} aria-current={chapter.number === current ? 'true' : undefined}>
                <span class="chapter-list__number" safe>{String(chapter.number)}</span>
                <span class="chapter-list__title" safe>
                  {chapter.title || t('reader.chapterFallback', { number: chapter.number })}
                </span>
                {chapter.number === current ? (
                  <span class="badge badge--current" safe>
                    {t('reader.yourPlace')}
                  </span>
                ) : (
                  ''
                )}
              </a>
            </li>
          ))}
        </ol>
      ) : (
        <div class="empty-state">
          <p class="empty-state__title" safe>
            {lastChapter === null ? t('reader.noChapters') : t('reader.emptyRange')}
          </p>
          {lastChapter === null ? <p safe>{t('reader.noChaptersHint')}</p> : ''}
        </div>
      )}
      {list.pages > 1 ? <Pager ctx={ctx} slug={slug} page={list.page} pages={list.pages} last={lastChapter ?? 0} /> : ''}
    </section>
  );
}

function JumpForm({ ctx, slug, first, last }: { ctx: PageContext; slug: string; first: number; last: number }): JSX.Element {
  return (
    <form class="chapter-jump" method="get" action={bookPath(slug)}>
      <label for="chapter-jump" safe>
        {ctx.t('reader.jump')}
      </label>
      <input id="chapter-jump" type="number" name="chapter" min={String(first)} max={String(last)} step="1" inputmode="numeric" required />
      <button class="button button--quiet" type="submit" safe>
        {ctx.t('reader.jumpGo')}
      </button>
    </form>
  );
}

function Pager({ ctx, slug, page, pages, last }: { ctx: PageContext; slug: string; page: number; pages: number; last: number }): JSX.Element {
  const { t } = ctx;
  const number = numberFormat(LOCALE_TAGS[ctx.locale]);
  const rangeOf = (p: number) => {
    const { from, to } = chapterRange(p);
    return { from, to: Math.min(to, Math.max(last, from)) };
  };
  // hx-* attributes are inherited by the links: each fetches its page and swaps only #chapters.
  const link = (p: number, label: JSX.Element, attrs: { rel?: string; class?: string; 'aria-current'?: 'page' }) => (
    <a href={`${chapterListPath(slug, p)}#chapters`} hx-get={chapterListPath(slug, p)} {...attrs}>
      {label}
    </a>
  );
  return (
    <nav class="pager" aria-label={t('reader.pages')} hx-target="#chapters" hx-swap="outerHTML show:#chapters:top" hx-push-url="true">
      {page > 1 ? link(page - 1, <span safe>{`‹ ${t('reader.prevPage')}`}</span>, { rel: 'prev', class: 'pager__step' }) : ''}
      <ul class="pager__pages" role="list">
        {pageWindow(page, pages).map((p) => {
          if (p === null) return <li class="pager__gap" aria-hidden="true">…</li>;
          const range = rangeOf(p);
          // The accessible name starts with the visible text's subject and contains that text ("Chapters 101–200").
          const label = (
            <>
              <span class="visually-hidden" safe>{`${t('reader.chapters')} `}</span>
              <span safe>{`${number.format(range.from)}–${number.format(range.to)}`}</span>
            </>
          );
          return <li>{link(p, label, { 'aria-current': p === page ? 'page' : undefined })}</li>;
        })}
      </ul>
      {page < pages ? link(page + 1, <span safe>{`${t('reader.nextPage')} ›`}</span>, { rel: 'next', class: 'pager__step' }) : ''}
    </nav>
  );
}
