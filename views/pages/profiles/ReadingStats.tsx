import type { ReadingStats as Stats } from '../../../src/features/stats/service.ts';
import { DailyBars } from '../../components/stats/DailyBars.tsx';
import { YearHeatmap } from '../../components/stats/YearHeatmap.tsx';
import type { PageContext } from '../../../src/platform/http/page-context.ts';

export type ReadingStatsProps = { ctx: PageContext; stats: Stats; own: boolean };

/** The profile's reading statistics: totals and streak, the year at a glance, the last 30 days, the books. */
export function ReadingStats({ ctx, stats, own }: ReadingStatsProps): JSX.Element {
  const { t } = ctx;
  const { totals, streak } = stats;
  return (
    <section class="profile-stats" id="reading-stats" aria-labelledby="profile-stats-heading">
      <h2 id="profile-stats-heading" safe>
        {t('stats.title')}
      </h2>
      {stats.days.length === 0 ? (
        <p class="profile__empty" safe>
          {t(own ? 'stats.emptyOwn' : 'stats.empty')}
        </p>
      ) : (
        <>
          <ul class="stats-totals" role="list">
            <li class="stats-totals__streak">
              <strong safe>{t('stats.streak', { count: streak.current })}</strong> <span safe>{t('stats.longest', { count: streak.longest })}</span>
            </li>
            <li safe>{t('stats.chapters', { count: totals.chapters })}</li>
            <li safe>{t('stats.words', { count: totals.words })}</li>
            <li safe>{t('stats.minutes', { count: Math.round(totals.minutes) })}</li>
            <li safe>{t('stats.activeDays', { count: totals.activeDays })}</li>
          </ul>
          <h3 safe>{t('stats.year')}</h3>
          <YearHeatmap ctx={ctx} days={stats.days} from={stats.from} today={stats.today} />
          <h3 safe>{t('stats.month')}</h3>
          <div class="stats-month">
            <DailyBars ctx={ctx} days={stats.days} today={stats.today} span={30} measure="chapters" label={t('stats.chaptersPerDay')} />
            <DailyBars ctx={ctx} days={stats.days} today={stats.today} span={30} measure="minutes" label={t('stats.minutesPerDay')} />
          </div>
          {stats.books.length > 0 ? (
            <>
              <h3 safe>{t('stats.books')}</h3>
              <table class="stats-books">
                <thead>
                  <tr>
                    <th scope="col" safe>{t('stats.book')}</th>
                    <th scope="col" safe>{t('stats.booksChapters')}</th>
                    <th scope="col" safe>{t('stats.booksWords')}</th>
                    <th scope="col" safe>{t('stats.booksMinutes')}</th>
                  </tr>
                </thead>
                <tbody>
                  {stats.books.map((book) => (
                    <tr>
                      <th scope="row">
                        <a href={`/book/${encodeURIComponent(book.slug)}`} safe>
                          {book.title}
                        </a>
                      </th>
                      <td safe>{String(book.chapters)}</td>
                      <td safe>{book.words.toLocaleString(ctx.locale)}</td>
                      <td safe>{String(Math.round(book.minutes))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          ) : (
            ''
          )}
          <p class="stats-note" safe>
            {t('stats.utc')}
          </p>
        </>
      )}
    </section>
  );
}
