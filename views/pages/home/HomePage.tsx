import type { Book } from '../../../src/features/catalogue/model.ts';
import type { PublicUser } from '../../../src/features/follows/model.ts';
import type { ContinueItem, FeedItem } from '../../../src/features/home/model.ts';
import { BookGrid } from '../../components/BookGrid.tsx';
import type { PageContext } from '../../context.ts';
import { Layout } from '../../layouts/Layout.tsx';
import { ContinueReadingShelf } from './ContinueReadingShelf.tsx';
import { FollowFeed } from './FollowFeed.tsx';

export type HomePageProps = {
  ctx: PageContext;
  newest: readonly Book[];
  popular: readonly Book[];
  /** The visitor's books in progress, most recent first. */
  continueReading?: readonly ContinueItem[];
  /** What the people the viewer follows read; ignored for anonymous visitors. */
  feed?: readonly FeedItem[];
  /** People to follow, shown when the feed is empty. */
  suggestions?: readonly PublicUser[];
  now?: Date;
};

/** New visitors get the hero; returning readers get their books first. */
export function HomePage({ ctx, newest, popular, continueReading = [], feed = [], suggestions = [], now = new Date() }: HomePageProps): JSX.Element {
  const { t } = ctx;
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
      <FollowFeed ctx={ctx} feed={feed} suggestions={suggestions} now={now} />
      <section class="shelf" aria-labelledby="shelf-new">
        <h2 id="shelf-new" safe>
          {t('home.new')}
        </h2>
        <BookGrid ctx={ctx} books={newest} />
      </section>
      <section class="shelf" aria-labelledby="shelf-popular">
        <h2 id="shelf-popular" safe>
          {t('home.popular')}
        </h2>
        <BookGrid ctx={ctx} books={popular} />
      </section>
    </Layout>
  );
}
