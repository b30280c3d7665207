import type { Book } from '../../../src/features/catalogue/model.ts';
import { drawnCoverPath } from '../../../src/features/covers/drawn/paths.ts';
import { genreSlug } from '../../../src/features/catalogue/genres.ts';
import { genreName } from '../../i18n/genres/index.ts';
import type { BookPageData } from '../../../src/features/reader/service.ts';
import { CommentsSection } from '../comments/CommentsSection.tsx';
import { BookCommentsLink } from '../comments/CommentsLink.tsx';
import { RatingControl } from '../../components/RatingControl.tsx';
import { ShelfControl } from '../../components/ShelfControl.tsx';
import { ExportForm } from '../../components/ExportForm.tsx';
import { OfflineKeep, OFFLINE_KEEP_SCRIPTS } from '../../components/offline/OfflineKeep.tsx';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { Layout } from '../../layouts/Layout.tsx';
import { ChapterList } from './ChapterList.tsx';
import { FurtherLink } from './FurtherLink.tsx';
import { Cover } from '../../components/Cover.tsx';
import { chapterPath } from './links.ts';
import { summarise } from './meta.ts';

export type BookPageProps = {
  ctx: PageContext;
  data: BookPageData;
  signedIn: boolean;
  /** Pro features under the server's policy: may download the book as EPUB. */
  canExport?: boolean;
  /** Not signed in, where every signed-in reader may export. */
  exportAfterSignIn?: boolean;
};

/** /book/{slug}: what the book is, where to start or continue, and its chapters a page at a time. */
export function BookPage({ ctx, data, signedIn, canExport = false, exportAfterSignIn = false }: BookPageProps): JSX.Element {
  const { t } = ctx;
  const { book, progress } = data;
  const keepFrom = progress?.chapter ?? data.firstChapter;
  const head = (
    <>
      {OFFLINE_KEEP_SCRIPTS.map((file) => (
        <script src={ctx.asset(file)} defer></script>
      ))}
    </>
  );
  return (
    <Layout ctx={ctx} title={book.title} description={summarise(book.description) || t('book.by', { author: book.author })} ogImage={book.cover_url ?? drawnCoverPath(book, 'png')} ogType="book" head={head}>
      <article class="book-page">
        <header class="book-hero">
          <div class="book-hero__cover">
            <Cover book={book} width={240} eager />
          </div>
          <div class="book-hero__info">
            <h1 class="book-hero__title" safe>
              {book.title}
            </h1>
            <p class="book-hero__author" safe>
              {t('book.by', { author: book.author })}
            </p>
            {book.tagline ? (
              <p class="book-hero__tagline" safe>
                {book.tagline}
              </p>
            ) : (
              ''
            )}
            <BookFacts ctx={ctx} book={book} />
            <RatingControl ctx={ctx} slug={book.slug} average={book.rating_avg} count={book.rating_count} mine={data.myRating} />
            <BookCommentsLink ctx={ctx} slug={book.slug} total={data.commentTotal} />
            <div class="book-hero__actions">
              {progress ? (
                <a class="button book-hero__read" href={chapterPath(book.slug, progress.chapter)} safe>
                  {t('reader.continue', { number: progress.chapter })}
                </a>
              ) : data.firstChapter !== null ? (
                <a class="button book-hero__read" href={chapterPath(book.slug, data.firstChapter)} safe>
                  {t('reader.start')}
                </a>
              ) : (
                ''
              )}
              <FurtherLink ctx={ctx} slug={book.slug} progress={progress} />
              <ShelfControl ctx={ctx} slug={book.slug} shelf={data.shelf} signedIn={signedIn} title={book.title} />
              <ExportForm ctx={ctx} slug={book.slug} first={data.firstChapter} last={data.lastChapter} pro={canExport} afterSignIn={exportAfterSignIn} />
              {keepFrom !== null && data.lastChapter !== null ? (
                <OfflineKeep ctx={ctx} slug={book.slug} from={keepFrom} remaining={Math.max(1, Math.min(book.chapter_count, data.lastChapter - keepFrom + 1))} />
              ) : (
                ''
              )}
            </div>
          </div>
        </header>
        <section class="book-about" aria-labelledby="about-title">
          <h2 id="about-title" safe>
            {t('reader.about')}
          </h2>
          {book.description.trim() ? (
            // The description is in the book's language, not necessarily the page's (WCAG 3.1.2).
            <div class="book-about__text" lang={data.language}>
              {book.description.split(/\n\s*\n/).map((paragraph) => (
                <p safe>{paragraph.trim()}</p>
              ))}
            </div>
          ) : (
            <p class="book-about__none" safe>
              {t('reader.noDescription')}
            </p>
          )}
          <ContentWarnings ctx={ctx} warnings={book.content_warnings ?? []} />
        </section>
        <ChapterList ctx={ctx} slug={book.slug} list={data.list} firstChapter={data.firstChapter} lastChapter={data.lastChapter} current={progress?.chapter ?? null} />
        <CommentsSection ctx={ctx} slug={book.slug} chapter={null} total={data.commentTotal} />
      </article>
    </Layout>
  );
}

function BookFacts({ ctx, book }: { ctx: PageContext; book: Book }): JSX.Element {
  const { t } = ctx;
  // The rating is not a fact here: RatingControl, right below, shows the average and keeps it current.
  return (
    <dl class="book-facts">
      <div>
        <dt safe>{t('reader.status')}</dt>
        <dd>
          <span class={`badge badge--${book.status}`} safe>
            {t(`book.status.${book.status}`)}
          </span>
        </dd>
      </div>
      <div>
        <dt safe>{t('reader.length')}</dt>
        <dd safe>{t('book.chapters', { count: book.chapter_count })}</dd>
      </div>
      {book.genres.length > 0 ? (
        <div class="book-facts__genres">
          <dt safe>{t('reader.genres')}</dt>
          <dd>
            <ul class="genre-list" role="list">
              {book.genres.map((genre) => (
                <li>
                  <a class="genre-list__link" href={`/browse?genre=${encodeURIComponent(genreSlug(genre))}`} safe>
                    {genreName(ctx.locale, genre)}
                  </a>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      ) : (
        ''
      )}
    </dl>
  );
}

/** What a reader may want to know before starting, as an admin accepted it. */
function ContentWarnings({ ctx, warnings }: { ctx: PageContext; warnings: NonNullable<Book['content_warnings']> }): JSX.Element {
  if (warnings.length === 0) return <></>;
  const { t } = ctx;
  return (
    <details class="content-warnings">
      <summary safe>{t('ai.reader.warnings', { count: warnings.length })}</summary>
      <ul role="list">
        {warnings.map((w) => (
          <li>
            <strong safe>{w.label}</strong>
            <span class={`badge badge--${w.severity}`} safe>{t(`ai.reader.severity.${w.severity}` as never)}</span>
            {w.reason ? <span safe>{w.reason}</span> : ''}
          </li>
        ))}
      </ul>
    </details>
  );
}
