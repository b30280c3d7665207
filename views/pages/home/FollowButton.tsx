import type { Translate } from '../../../src/platform/i18n/index.ts';

export type FollowButtonProps = { t: Translate; username: string; following: boolean; returnTo: string };

/**
 * Follow or unfollow one reader: a plain form (303 back to returnTo) that htmx posts and replaces
 * with the new state. A toggle button: the name stays "Follow <name>", aria-pressed tells the state.
 */
export function FollowButton({ t, username, following, returnTo }: FollowButtonProps): JSX.Element {
  const action = `/users/${encodeURIComponent(username)}/${following ? 'unfollow' : 'follow'}`;
  const id = `follow-${username}`;
  return (
    <form class="follow-form" id={id} method="post" action={action} hx-post={action} hx-target="this" hx-swap="outerHTML">
      <input type="hidden" name="return_to" value={returnTo} />
      <button
        type="submit"
        class={following ? 'button button--quiet' : 'button'}
        id={`${id}-button`}
        aria-pressed={following ? 'true' : 'false'}
        aria-label={t('follows.followNamed', { username })}
        safe
      >
        {t(following ? 'follows.following' : 'follows.follow')}
      </button>
    </form>
  );
}
