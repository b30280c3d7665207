import type { PublicUser } from '../../../src/features/follows/model.ts';
import type { ContinueItem, FeedItem } from '../../../src/features/home/model.ts';
import type { HomeRow } from '../../../src/features/home/rows.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { Layout } from '../../layouts/Layout.tsx';
import { ContinueReadingShelf } from './ContinueReadingShelf.tsx';
import { FollowFeed } from './FollowFeed.tsx';
import { HomeRowSection } from './HomeRow.tsx';

export type HomePageProps = {
  ctx: PageContext;
  /** New, popular this week (or recently updated), top rated: see features/home/rows.ts. */
  rows: readonly HomeRow[];
  /** The visitor's books in progress, most recent first. */
  continueReading?: readonly ContinueItem[];
  /** What the people the viewer follows read; ignored for anonymous visitors. */
  feed?: readonly FeedItem[];
  /** People to follow, shown when the feed is empty. */
  suggestions?: readonly PublicUser[];
  now?: Date;
};

/**
 * New visitors get the hero; returning readers get their books first. A feed with something in it
 * comes before the catalogue's rows; an invitation (sign in, people to follow) comes after them,
 * so that a first visit opens on books.
 */
export function HomePage({ ctx, rows, continueReading = [], feed = [], suggestions = [], now = new Date() }: HomePageProps): JSX.Element {
  const { t } = ctx;
  const feedFirst = ctx.viewer !== null && feed.length > 0;
  const followFeed = <FollowFeed ctx={ctx} feed={feed} suggestions={suggestions} now={now} />;
  return (
    <Layout ctx={ctx} title={t('site.name')} description={t('site.tagline')}>
      {continueReading.length === 0 ? (
        <section class="hero">
          <h1 class="hero__title" safe>
            {t('site.name')}
          </h1>
          <p class="hero__lead" safe>
            {t('home.hero')}
          </p>
        </section>
      ) : (
        <>
          <h1 class="visually-hidden" safe>
            {t('site.name')}
          </h1>
          <ContinueReadingShelf ctx={ctx} items={continueReading} />
        </>
      )}
      {feedFirst ? followFeed : ''}
      {rows.map((row, i) => (
        <HomeRowSection ctx={ctx} row={row} first={i === 0 && continueReading.length === 0 && !feedFirst} />
      ))}
      {feedFirst ? '' : followFeed}
    </Layout>
  );
}
