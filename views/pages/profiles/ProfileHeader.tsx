import type { Profile } from '../../../src/features/follows/model.ts';
import { Avatar } from '../../components/Avatar.tsx';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { FollowButton } from '../home/FollowButton.tsx';
import { ProfileCounts } from './ProfileCounts.tsx';

export type ProfileHeaderProps = { ctx: PageContext; profile: Profile; own: boolean; isPrivate: boolean };

/** Picture, name, counts, and the follow button — or, on one's own profile, the way to privacy. */
export function ProfileHeader({ ctx, profile, own, isPrivate }: ProfileHeaderProps): JSX.Element {
  const { t } = ctx;
  const { username, avatar_url } = profile.user;
  return (
    <header class="profile__head">
      <Avatar username={username} avatarUrl={avatar_url} size={96} mine={own} />
      <div class="profile__id">
        <h1 class="profile__name" id="profile-name" safe>
          {username}
        </h1>
        <ProfileCounts t={t} followers={profile.followers} following={profile.following} />
      </div>
      <div class="profile__actions">
        {own ? '' : <FollowButton t={t} username={username} following={profile.is_following} returnTo={ctx.path} />}
      </div>
      {own ? (
        <p class="profile__privacy notice" id="profile-privacy">
          <span safe>{t(isPrivate ? 'profiles.ownPrivate' : 'profiles.ownPublic')}</span>{' '}
          <a href="/settings#privacy" safe>
            {t('profiles.privacyLink')}
          </a>
        </p>
      ) : (
        ''
      )}
    </header>
  );
}
