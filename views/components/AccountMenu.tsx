import type { PageContext, Viewer } from '../../src/platform/http/page-context.ts';
import { Avatar } from './Avatar.tsx';

/**
 * The signed-in viewer's avatar opens their profile, account, settings and sign-out. A <details>,
 * so it works without JavaScript; public/js/menus.js closes it on Escape or a click elsewhere.
 */
export function AccountMenu({ ctx, viewer, current }: { ctx: PageContext; viewer: Viewer; current: string }): JSX.Element {
  const { t } = ctx;
  const profile = `/users/${encodeURIComponent(viewer.username)}`;
  const links: ReadonlyArray<readonly [href: string, label: string]> = [
    [profile, t('layout.profile')],
    ['/account', t('account.title')],
    ['/settings', t('settings.title')],
  ];
  const here = links.some(([href]) => href === current);
  return (
    <details class={here ? 'account-menu account-menu--here' : 'account-menu'} data-header-menu>
      <summary class="account-menu__button" aria-label={t('nav.account', { username: viewer.username })}>
        <Avatar username={viewer.username} avatarUrl={viewer.avatarUrl} size={32} mine decorative />
        <span class="account-link__name" safe>
          {viewer.username}
        </span>
      </summary>
      <div class="account-menu__panel">
        <p class="account-menu__who" safe>
          {t('layout.signedInAs', { username: viewer.username })}
        </p>
        <ul class="account-menu__links" role="list">
          {links.map(([href, label]) => (
            <li>
              <a href={href} aria-current={href === current ? 'page' : undefined} safe>
                {label}
              </a>
            </li>
          ))}
        </ul>
        <form class="signout-form" method="post" action="/logout">
          <button type="submit" class="button button--quiet" safe>
            {t('nav.signout')}
          </button>
        </form>
      </div>
    </details>
  );
}
