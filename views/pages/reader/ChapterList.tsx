import type { ChapterListEntry, ChapterListPage, ChapterOrder } from '../../../src/features/reader/paging.ts';
import { blockOfPage, chapterRange, pageWindow } from '../../../src/features/reader/paging.ts';
import { listedTitle } from '../../../src/features/reader/chapter-title.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { LOCALE_TAGS } from '../../../src/platform/i18n/locale.ts';
import { bookPath, chapterInListPath, chapterListPath, chapterPath } from './links.ts';
import { numberFormat, shortDate } from './meta.ts';

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

// hx-* attributes are inherited by the links inside: each fetches its page and swaps only #chapters.
const SWAP_LIST = { 'hx-target': '#chapters', 'hx-swap': 'outerHTML show:#chapters:top', 'hx-push-url': 'true' } as const;

/**
 * One page of a book's chapters (#chapters), oldest or newest first. Pager and order links are
 * plain links to ?chapters_page=N&order=…; with htmx they fetch only this section and swap it in
 * place (routes.ts answers the fragment).
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
      {lastChapter !== null ? (
        <div class="chapters__tools">
          <OrderSwitch ctx={ctx} slug={slug} order={list.order} />
          {current !== null ? (
            <a class="chapters__place" href={chapterInListPath(slug, current, list.order, list.pages)} safe>
              {t('reader.toMyPlace', { number: current })}
            </a>
          ) : (
            ''
          )}
        </div>
      ) : (
        ''
      )}
      {list.chapters.length > 0 ? (
        <ol class="chapter-list" role="list">
          {list.chapters.map((chapter) => (
            <ChapterRow ctx={ctx} slug={slug} chapter={chapter} current={chapter.number === current} />
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
      {list.pages > 1 ? <Pager ctx={ctx} slug={slug} page={list.page} pages={list.pages} order={list.order} last={lastChapter ?? 0} /> : ''}
    </section>
  );
}

function ChapterRow({ ctx, slug, chapter, current }: { ctx: PageContext; slug: string; chapter: ChapterListEntry; current: boolean }): JSX.Element {
  const { t } = ctx;
  const added = shortDate(LOCALE_TAGS[ctx.locale], chapter.added);
  return (
    <li id={`chapter-${chapter.number}`}>
      <a class="chapter-list__link" href={chapterPath(slug, chapter.number)} aria-current={current ? 'true' : undefined}>
        <span class="chapter-list__number" safe>{String(chapter.number)}</span>
        {/* The date (and the reader's place) under the title: a narrow screen wraps the title, never the row. */}
        <span class="chapter-list__body">
          <span class="chapter-list__title" safe>
            {listedTitle(chapter.title, chapter.number) || t('reader.chapterFallback', { number: chapter.number })}
          </span>
          <span class="chapter-list__meta">
            <time class="chapter-list__date" datetime={added.datetime} safe>
              {added.text}
            </time>
            {current ? (
              <span class="badge badge--current" safe>
                {t('reader.yourPlace')}
              </span>
            ) : (
              ''
            )}
          </span>
        </span>
      </a>
    </li>
  );
}

/** Oldest or newest first: two links, the one in force marked; each opens the first page in its order. */
function OrderSwitch({ ctx, slug, order }: { ctx: PageContext; slug: string; order: ChapterOrder }): JSX.Element {
  const { t } = ctx;
  const option = (value: ChapterOrder, label: string) => (
    <a class="chapter-order__option" href={`${chapterListPath(slug, 1, value)}#chapters`} hx-get={chapterListPath(slug, 1, value)} aria-current={value === order ? 'true' : undefined} safe>
      {label}
    </a>
  );
  return (
    <p class="chapter-order" {...SWAP_LIST}>
      <span class="chapter-order__label" safe>
        {t('reader.order')}
      </span>
      {option('oldest', t('reader.oldestFirst'))}
      {option('newest', t('reader.newestFirst'))}
    </p>
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

type PagerProps = { ctx: PageContext; slug: string; page: number; pages: number; order: ChapterOrder; last: number };

function Pager({ ctx, slug, page, pages, order, last }: PagerProps): JSX.Element {
  const { t } = ctx;
  const number = numberFormat(LOCALE_TAGS[ctx.locale]);
  // Each page's numbers as listed: newest first they run downwards ("5,000–4,951").
  const rangeLabel = (p: number) => {
    const { from, to } = chapterRange(blockOfPage(p, order, pages));
    const top = Math.min(to, Math.max(last, from));
    return order === 'newest' ? `${number.format(top)}–${number.format(from)}` : `${number.format(from)}–${number.format(top)}`;
  };
  const link = (p: number, label: JSX.Element, attrs: { rel?: string; class?: string; 'aria-current'?: 'page' }) => (
    <a href={`${chapterListPath(slug, p, order)}#chapters`} hx-get={chapterListPath(slug, p, order)} {...attrs}>
      {label}
    </a>
  );
  // The step back goes to earlier chapters oldest first, to later ones newest first.
  const [backWord, onWord] = order === 'newest' ? [t('reader.nextPage'), t('reader.prevPage')] : [t('reader.prevPage'), t('reader.nextPage')];
  return (
    <nav class="pager" aria-label={t('reader.pages')} {...SWAP_LIST}>
      {page > 1 ? link(page - 1, <span safe>{`‹ ${backWord}`}</span>, { rel: 'prev', class: 'pager__step' }) : ''}
      <ul class="pager__pages" role="list">
        {pageWindow(page, pages).map((p) => {
          if (p === null) return <li class="pager__gap" aria-hidden="true">…</li>;
          // The accessible name starts with the visible text's subject and contains that text ("Chapters 101–150").
          const label = (
            <>
              <span class="visually-hidden" safe>{`${t('reader.chapters')} `}</span>
              <span safe>{rangeLabel(p)}</span>
            </>
          );
          return <li>{link(p, label, { 'aria-current': p === page ? 'page' : undefined })}</li>;
        })}
      </ul>
      {page < pages ? link(page + 1, <span safe>{`${onWord} ›`}</span>, { rel: 'next', class: 'pager__step' }) : ''}
    </nav>
  );
}
