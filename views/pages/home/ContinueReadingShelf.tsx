import type { ContinueItem } from '../../../src/features/home/model.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { Cover } from '../../components/Cover.tsx';
import { chapterLabel, ReadingProgress } from '../../components/ReadingProgress.tsx';

/** A row of the reader's books in progress; each card opens the chapter they were on, its progress on the cover. */
export function ContinueReadingShelf({ ctx, items }: { ctx: PageContext; items: readonly ContinueItem[] }): JSX.Element {
  const { t } = ctx;
  return (
    <section class="shelf continue" aria-labelledby="shelf-continue">
      <h2 id="shelf-continue" safe>
        {t('home.continue')}
      </h2>
      <ul class="continue__list" role="list">
        {items.map(({ book, chapter, scroll }, i) => (
          <li class="continue-card">
            <a class="continue-card__link" href={`/book/${encodeURIComponent(book.slug)}/${chapter}`}>
              <div class="cover-frame">
                {/* The top of the home page: its first covers are on screen at once. */}
                <Cover book={book} width={120} eager={i < 2} />
                <ReadingProgress ctx={ctx} chapter={chapter} total={book.chapter_count} scroll={scroll} announce={false} />
              </div>
              <span class="continue-card__title" safe>
                {book.title}
              </span>
              <span class="visually-hidden" safe>
                {chapterLabel(ctx, chapter, book.chapter_count)}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
