import type { ProfilePageData } from '../../../src/features/follows/profile-service.ts';
import { absoluteUrl } from '../../components/paths.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { Layout } from '../../layouts/Layout.tsx';
import { ProfileHeader } from './ProfileHeader.tsx';
import { ProfileShelves, profileUrl } from './ProfileShelves.tsx';
import { RecentReading } from './RecentReading.tsx';
import { ReadingStats } from './ReadingStats.tsx';

export type ProfilePageProps = { ctx: PageContext; data: ProfilePageData; now?: Date };

/**
 * /users/{username}: who they are, what they read lately and their shelves. A private library
 * shows the header alone and says so to everyone but its owner.
 */
export function ProfilePage({ ctx, data, now = new Date() }: ProfilePageProps): JSX.Element {
  const { t } = ctx;
  const { profile, own, isPrivate, library } = data;
  const { username } = profile.user;
  return (
    <Layout
      ctx={ctx}
      title={t('profiles.title', { username })}
      description={t(library ? 'profiles.description' : 'profiles.descriptionPrivate', { username })}
      canonical={absoluteUrl(ctx, profileUrl(username))}
      ogImage={profile.user.avatar_url ?? undefined}
      noindex={isPrivate}
    >
      <article class="profile" aria-labelledby="profile-name">
        <ProfileHeader ctx={ctx} profile={profile} own={own} isPrivate={isPrivate} />
        {library ? (
          <>
            <RecentReading ctx={ctx} items={library.recent} own={own} now={now} />
            {data.stats ? <ReadingStats ctx={ctx} stats={data.stats} own={own} /> : ''}
            <ProfileShelves ctx={ctx} username={username} shelf={library.shelf} entries={library.entries} counts={library.counts} />
          </>
        ) : (
          <div class="empty-state profile-private" id="profile-private">
            <p class="empty-state__title" safe>
              {t('profiles.privateTitle', { username })}
            </p>
            <p safe>{t('profiles.privateBody')}</p>
          </div>
        )}
      </article>
    </Layout>
  );
}
