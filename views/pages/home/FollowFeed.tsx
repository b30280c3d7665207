import type { PublicUser } from '../../../src/features/follows/model.ts';
import type { FeedItem } from '../../../src/features/home/model.ts';
import { Avatar } from '../../components/Avatar.tsx';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { formatDateTime, formatLastSeen } from '../accounts/last-seen.ts';
import { Cover } from '../../components/Cover.tsx';
import { FollowButton } from './FollowButton.tsx';

/** Every username links to the reader's profile. */
const profilePath = (username: string) => `/users/${encodeURIComponent(username)}`;

export type FollowFeedProps = { ctx: PageContext; feed: readonly FeedItem[]; suggestions: readonly PublicUser[]; now: Date };

/**
 * "From people you follow": what followed readers read lately. Anonymous visitors are invited to
 * sign in; a reader who follows nobody (or whose people read nothing yet) gets a few to follow.
 */
export function FollowFeed({ ctx, feed, suggestions, now }: FollowFeedProps): JSX.Element {
  const { t } = ctx;
  return (
    <section class="shelf follow-feed" aria-labelledby="shelf-feed">
      <h2 id="shelf-feed" safe>
        {t('home.feed')}
      </h2>
      {!ctx.viewer ? (
        <div class="empty-state">
          <p class="empty-state__title" safe>
            {t('home.feedSignedOutTitle')}
          </p>
          <p safe>{t('home.feedSignedOutBody')}</p>
          <p>
            <a class="button" href={`/login?return_to=${encodeURIComponent(ctx.path)}`} safe>
              {t('nav.signin')}
            </a>
          </p>
        </div>
      ) : feed.length > 0 ? (
        <ul class="feed" role="list">
          {feed.map((item) => (
            <li class="feed-item">
              <Avatar username={item.user.username} avatarUrl={item.user.avatar_url} size={40} />
              <div class="feed-item__body">
                <p class="feed-item__who">
                  <a class="feed-item__user" href={profilePath(item.user.username)}>
                    <strong safe>{item.user.username}</strong>
                  </a>{' '}
                  <time datetime={item.updated} title={formatDateTime(ctx.locale, item.updated)} safe>
                    {formatLastSeen(ctx.locale, item.updated, now)}
                  </time>
                </p>
                <p class="feed-item__book">
                  <a href={`/book/${encodeURIComponent(item.book.slug)}`} safe>
                    {item.book.title}
                  </a>
                </p>
                <p class="feed-item__chapter" safe>
                  {t('library.chapterOf', { chapter: item.chapter, total: item.book.chapter_count })}
                </p>
              </div>
              <a class="feed-item__cover" href={`/book/${encodeURIComponent(item.book.slug)}`} tabindex="-1" aria-hidden="true">
                <Cover book={item.book} width={48} />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <div class="empty-state">
          <p class="empty-state__title" safe>
            {t('home.feedEmptyTitle')}
          </p>
          <p safe>{t(suggestions.length > 0 ? 'home.feedEmptyBody' : 'home.feedEmptyNoSuggestions')}</p>
          {suggestions.length > 0 ? (
            <ul class="suggestions" role="list" aria-label={t('home.suggestions')}>
              {suggestions.map((user) => (
                <li class="suggestion">
                  <Avatar username={user.username} avatarUrl={user.avatar_url} size={40} />
                  <a class="suggestion__name" href={profilePath(user.username)} safe>
                    {user.username}
                  </a>
                  <FollowButton t={t} username={user.username} following={false} returnTo={ctx.path} />
                </li>
              ))}
            </ul>
          ) : (
            ''
          )}
        </div>
      )}
    </section>
  );
}
