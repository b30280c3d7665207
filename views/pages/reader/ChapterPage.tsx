import type { ChapterPageData } from '../../../src/features/reader/service.ts';
import type { PageContext } from '../../context.ts';
import { AudioPlayer } from '../../components/AudioPlayer.tsx';
import { TranslationSwitch } from '../../components/TranslationSwitch.tsx';
import { CommentsSection } from '../comments/CommentsSection.tsx';
import { Layout } from '../../layouts/Layout.tsx';
import { bookPath, chapterInListPath, chapterPath } from './links.ts';

/** In this order: the parts first, the player that uses them last. */
const PLAYER_SCRIPTS = ['js/player/format.js', 'js/player/sleep.js', 'js/player/highlight.js', 'js/player/session.js', 'js/player/source.js', 'js/player/player.js'];

export type ChapterPageProps = { ctx: PageContext; data: ChapterPageData };

/**
 * /book/{slug}/{n}: one chapter in a reading column. Behaviour (keys, swipes, saving and
 * restoring the place, the progress bar) lives in public/js/reader.js, which reads the data-
 * attributes of the article; without it the page is a plain, fully working document. Nothing on
 * it is about the reader's place (the script asks /api/progress), so the page can be cached.
 */
export function ChapterPage({ ctx, data }: ChapterPageProps): JSX.Element {
  const { t } = ctx;
  const { book, chapter, prev, next } = data;
  const title = chapter.title || t('reader.chapterFallback', { number: chapter.number });
  const safeHtml = chapter.html; // sanitised by src/features/reader/render.ts
  const head = (
    <>
      {next !== null ? <link rel="prefetch" href={chapterPath(book.slug, next)} /> : ''}
      <script src={ctx.asset('js/reader.js')} defer></script>
      {PLAYER_SCRIPTS.map((file) => (
        <script src={ctx.asset(file)} defer></script>
      ))}
    </>
  );
  return (
    <Layout
      ctx={ctx}
      title={`${title} · ${book.title}`}
      description={t('reader.summary', { number: chapter.number, title: book.title, author: book.author })}
      ogImage={book.cover_url ?? undefined}
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
          <h1 class="reader__title" lang={data.locale ?? undefined} safe>
            {title}
          </h1>
          <p class="reader__position" safe>
            {t('reader.chapterOf', { number: chapter.number, count: Math.max(book.chapter_count, chapter.number) })}
          </p>
        </header>
        <AudioPlayer
          ctx={ctx}
          slug={book.slug}
          chapter={chapter.number}
          chapterTitle={title}
          bookTitle={book.title}
          author={book.author}
          coverUrl={book.cover_url}
          nextUrl={next !== null ? chapterPath(book.slug, next) : null}
          nextChapter={next}
        />
        <TranslationSwitch ctx={ctx} slug={book.slug} chapter={chapter.number} current={data.locale ?? null} translating={data.translating ?? null} />
        <div class="reader__text" lang={data.locale ?? undefined}>{safeHtml}</div>
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
        <nav class="reader-nav" aria-label={t('reader.chapterNav')}>
          {prev !== null ? (
            <a class="button button--quiet reader-nav__prev" rel="prev" href={chapterPath(book.slug, prev)} safe>
              {`‹ ${t('reader.prev')}`}
            </a>
          ) : (
            <span class="reader-nav__prev" aria-hidden="true"></span>
          )}
          <a class="reader-nav__contents" href={chapterInListPath(book.slug, chapter.number)} safe>
            {t('reader.contents')}
          </a>
          {next !== null ? (
            <a class="button reader-nav__next" rel="next" href={chapterPath(book.slug, next)} safe>
              {`${t('reader.next')} ›`}
            </a>
          ) : (
            <span class="reader-nav__next" aria-hidden="true"></span>
          )}
        </nav>
        <p class="reader__hint" safe>
          {t('reader.keysHint')}
        </p>
      </article>
      <CommentsSection ctx={ctx} slug={book.slug} chapter={chapter.number} />
    </Layout>
  );
}
