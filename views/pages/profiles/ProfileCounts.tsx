import type { Translate } from '../../../src/platform/i18n/index.ts';

export type ProfileCountsProps = { t: Translate; followers: number; following: number; /** Swapped in out of band after a follow with htmx. */ oob?: boolean };

/** "3 followers · 5 following"; one id per page, so the follow route can refresh it in place. */
export function ProfileCounts({ t, followers, following, oob }: ProfileCountsProps): JSX.Element {
  return (
    <p class="profile__counts" id="profile-counts" hx-swap-oob={oob ? 'true' : undefined}>
      <span safe>{t('profiles.followers', { count: followers })}</span>
      <span aria-hidden="true"> · </span>
      <span safe>{t('profiles.following', { count: following })}</span>
    </p>
  );
}
