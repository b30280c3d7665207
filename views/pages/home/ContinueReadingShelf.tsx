import type { ContinueItem } from '../../../src/features/home/model.ts';
import type { PageContext } from '../../context.ts';
import { Cover } from '../../components/Cover.tsx';
import { ReadingProgress } from '../../components/ReadingProgress.tsx';

/** A row of the reader's books in progress; each card opens the chapter they were on. */
export function ContinueReadingShelf({ ctx, items }: { ctx: PageContext; items: readonly ContinueItem[] }): JSX.Element {
  const { t } = ctx;
  return (
    <section class="shelf continue" aria-labelledby="shelf-continue">
      <h2 id="shelf-continue" safe>
        {t('home.continue')}
      </h2>
      <ul class="continue__list" role="list">
        {items.map(({ book, chapter, scroll }) => (
          <li class="continue-card">
            <a class="continue-card__link" href={`/book/${encodeURIComponent(book.slug)}/${chapter}`}>
              <Cover book={book} width={120} small />
              <span class="continue-card__title" safe>
                {book.title}
              </span>
              <span class="visually-hidden" safe>
                {t('library.chapter', { chapter })}
              </span>
            </a>
            <ReadingProgress ctx={ctx} chapter={chapter} total={book.chapter_count} scroll={scroll} />
          </li>
        ))}
      </ul>
    </section>
  );
}
