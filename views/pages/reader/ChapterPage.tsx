import type { ChapterPageData } from '../../../src/features/reader/chapter-reading.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { AudioPlayer, PLAYER_SCRIPTS } from '../../components/AudioPlayer.tsx';
import { TranslationSwitch } from '../../components/TranslationSwitch.tsx';
import { CommentsSection } from '../comments/CommentsSection.tsx';
import { ChapterCommentsLink, commentCountPath } from '../comments/CommentsLink.tsx';
import { BookFontSuggestion } from './BookFontSuggestion.tsx';
import { ChapterNav } from './ChapterNav.tsx';
import { OfflineKeep, OFFLINE_KEEP_SCRIPTS } from '../../components/offline/OfflineKeep.tsx';
import { Layout } from '../../layouts/Layout.tsx';
import { bookPath, chapterInListPath, chapterPath } from './links.ts';
import { drawnCoverPath } from '../../../src/features/covers/drawn/paths.ts';

export type ChapterPageProps = {
  ctx: PageContext;
  data: ChapterPageData;
  /** The reader never chose a font: the page offers the book font (part of the page cache key). */
  suggestFont?: boolean;
  /** What the page derives from its data; the page template passes placeholders (reader/page-template.ts). */
  derived?: ChapterPageDerived;
};

/**
 * Text and links the page makes from its data with the locale's rules (numbers formatted, plurals
 * chosen, the list page of a chapter worked out): made here, so that the page template can put
 * each in one slot instead of drawing the page per chapter.
 */
export interface ChapterPageDerived {
  /** The chapter's title, or "Chapter 12" when it has none. */
  title: string;
  /** The meta description: "Chapter 12 of The Book by Author". */
  summary: string;
  /** "Chapter 12 of 160". */
  position: string;
  /** The chapter in the book's chapter list. */
  contentsHref: string;
}

export function chapterPageDerived(ctx: PageContext, data: ChapterPageData): ChapterPageDerived {
  const { t } = ctx;
  const { book, chapter } = data;
  return {
    title: chapter.title || t('reader.chapterFallback', { number: chapter.number }),
    summary: t('reader.summary', { number: chapter.number, title: book.title, author: book.author }),
    position: t('reader.chapterOf', { number: chapter.number, count: Math.max(book.chapter_count, chapter.number) }),
    contentsHref: chapterInListPath(book.slug, chapter.number),
  };
}

/**
 * /book/{slug}/{n}: one chapter in a reading column. Behaviour (keys, swipes, saving and
 * restoring the place, the progress bar) lives in public/js/reader.js, which reads the data-
 * attributes of the article; without it the page is a plain, fully working document. Nothing on
 * it is about the reader's place (the script asks /api/progress), so the page can be cached.
 */
export function ChapterPage({ ctx, data, suggestFont = false, derived = chapterPageDerived(ctx, data) }: ChapterPageProps): JSX.Element {
  const { t } = ctx;
  const { book, chapter, prev, next } = data;
  const { title } = derived;
  const safeHtml = chapter.html; // sanitised by src/platform/markup/chapter-html.ts
  const head = (
    <>
      {next !== null ? <link rel="prefetch" href={chapterPath(book.slug, next)} /> : ''}
      {/* The book font's main file, wanted at once by a reader who reads in it (no flash of another face). */}
      {ctx.fontFamily === 'serif' ? <link rel="preload" href={ctx.asset('vendor/fonts/literata-latin-wght-normal.woff2')} as="font" type="font/woff2" crossorigin="anonymous" /> : ''}
      <script src={ctx.asset('js/reader.js')} defer></script>
      {OFFLINE_KEEP_SCRIPTS.map((file) => (
        <script src={ctx.asset(file)} defer></script>
      ))}
      {PLAYER_SCRIPTS.map((file) => (
        <script src={ctx.asset(file)} defer></script>
      ))}
    </>
  );
  return (
    <Layout
      ctx={ctx}
      title={`${title} · ${book.title}`}
      description={derived.summary}
      ogImage={book.cover_url ?? drawnCoverPath(book, 'png')}
      ogType="article"
      head={head}
    >
      <div class="reader-progress" aria-hidden="true">
        <div class="reader-progress__bar" data-reader-bar></div>
      </div>
      <article
        class="reader"
        data-reader
        data-slug={book.slug}
        data-chapter={String(chapter.number)}
        data-prev-url={prev !== null ? chapterPath(book.slug, prev) : undefined}
        data-next-url={next !== null ? chapterPath(book.slug, next) : undefined}
      >
        <header class="reader__head">
          <p class="reader__book">
            <a href={bookPath(book.slug)} safe>
              {book.title}
            </a>
          </p>
          <h1 class="reader__title" lang={data.locale ?? data.book.language} safe>
            {title}
          </h1>
          <p class="reader__position" safe>
            {derived.position}
          </p>
        </header>
        <ChapterNav ctx={ctx} slug={book.slug} prev={prev} next={next} contentsHref={derived.contentsHref} placement="top" />
        {suggestFont ? <BookFontSuggestion ctx={ctx} /> : ''}
        <AudioPlayer
          ctx={ctx}
          slug={book.slug}
          chapter={chapter.number}
          chapterTitle={title}
          bookTitle={book.title}
          author={book.author}
          coverUrl={book.cover_url ?? drawnCoverPath(book, 'png')}
          nextUrl={next !== null ? chapterPath(book.slug, next) : null}
          nextChapter={next}
          prevUrl={prev !== null ? chapterPath(book.slug, prev) : null}
          prevChapter={prev}
        />
        <TranslationSwitch ctx={ctx} slug={book.slug} chapter={chapter.number} current={data.locale ?? null} translating={data.translating ?? null} />
        <div class="reader__text" lang={data.locale ?? data.book.language}>{safeHtml}</div>
        {next === null ? (
          // The last chapter offers to file the book as completed. The page is cached per viewer
          // (page-cache.ts), so this depends on being signed in, never on the reader's shelf; the
          // form goes to the library's own target (303 to the book page, or with htmx the shelf
          // control in place of the button).
          <>
            <p class="reader__end" safe>
              {book.status === 'completed' ? t('reader.endCompleted') : t('reader.endOngoing')}
            </p>
            <div class="end-offer">
              <div id={`end-offer-${book.slug}`}>
                {ctx.viewer ? (
                  <form method="post" action={`/library/${book.slug}`} hx-post={`/library/${book.slug}`} hx-target={`#end-offer-${book.slug}`} hx-swap="innerHTML">
                    <input type="hidden" name="shelf" value="completed" />
                    <input type="hidden" name="return_to" value={bookPath(book.slug)} />
                    <button type="submit" class="button" safe>
                      {t('endOffer.markCompleted')}
                    </button>
                  </form>
                ) : (
                  <a class="button" href={`/login?return_to=${encodeURIComponent(ctx.path)}`} safe>
                    {t('endOffer.signIn')}
                  </a>
                )}
              </div>
              <a class="button button--quiet" href={`${bookPath(book.slug)}#rating-${book.slug}`} safe>
                {t('endOffer.rate')}
              </a>
            </div>
          </>
        ) : (
          ''
        )}
        <ChapterNav ctx={ctx} slug={book.slug} prev={prev} next={next} contentsHref={derived.contentsHref} />
        {next !== null ? <OfflineKeep ctx={ctx} slug={book.slug} from={chapter.number} remaining={10} compact /> : ''}
        <p class="reader__comments" hx-get={commentCountPath(book.slug, chapter.number)} hx-trigger="revealed" hx-swap="innerHTML">
          <ChapterCommentsLink ctx={ctx} slug={book.slug} chapter={chapter.number} count={null} />
        </p>
        {/* Shown by public/js/reader.js on devices with a keyboard and a fine pointer, never on phones. */}
        <p class="reader__hint" hidden data-keys-hint safe>
          {t('reader.keysHint')}
        </p>
      </article>
      <div class="reader-after">
        <CommentsSection ctx={ctx} slug={book.slug} chapter={chapter.number} />
      </div>
    </Layout>
  );
}
