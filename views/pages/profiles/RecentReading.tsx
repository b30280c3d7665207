import type { RecentItem } from '../../../src/features/follows/model.ts';
import { Cover } from '../../components/Cover.tsx';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { formatDateTime, formatLastSeen } from '../accounts/last-seen.ts';

export type RecentReadingProps = { ctx: PageContext; items: readonly RecentItem[]; own: boolean; now: Date };

/** The books this reader opened lately, newest first, each with the chapter they are on. */
export function RecentReading({ ctx, items, own, now }: RecentReadingProps): JSX.Element {
  const { t } = ctx;
  return (
    <section class="shelf profile-recent" aria-labelledby="profile-recent-heading">
      <h2 id="profile-recent-heading" safe>
        {t('profiles.recent')}
      </h2>
      {items.length === 0 ? (
        <p class="profile__empty" safe>
          {t(own ? 'profiles.recentEmptyOwn' : 'profiles.recentEmpty')}
        </p>
      ) : (
        <ul class="continue__list" role="list">
          {items.map(({ book, chapter, updated }) => (
            <li class="continue-card recent-card">
              <a class="continue-card__link" href={`/book/${encodeURIComponent(book.slug)}`}>
                <Cover book={book} width={120} />
                <span class="continue-card__title" safe>
                  {book.title}
                </span>
              </a>
              <span class="recent-card__meta" safe>
                {t('library.chapterOf', { chapter, total: book.chapter_count })}
              </span>
              <time class="recent-card__meta" datetime={updated} title={formatDateTime(ctx.locale, updated)} safe>
                {formatLastSeen(ctx.locale, updated, now)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
