import type { PageContext } from '../context.ts';
import type { MessageKey } from '../i18n/index.ts';
import { AppearanceMenu } from './AppearanceMenu.tsx';
import { Avatar } from './Avatar.tsx';
import { NotificationBell } from './NotificationBell.tsx';
import { isCurrentPath, pathOf } from './paths.ts';

const NAV: ReadonlyArray<readonly [href: string, label: MessageKey]> = [
  ['/', 'nav.home'],
  ['/browse', 'nav.browse'],
  ['/search', 'nav.search'],
  ['/ranking', 'nav.ranking'],
  ['/library', 'nav.library'],
  ['/discover', 'nav.discover'],
];

/** Admins also get the way into the admin tools. */
const ADMIN_NAV: ReadonlyArray<readonly [href: string, label: MessageKey]> = [['/admin', 'nav.admin']];

export function SiteHeader({ ctx }: { ctx: PageContext }): JSX.Element {
  const current = pathOf(ctx.path);
  return (
    <header class="site-header">
      <a class="brand" href="/">
        <img class="brand__mark" src={ctx.asset('img/favicon.svg')} alt="" width="28" height="28" />
        <span safe>{ctx.t('site.name')}</span>
      </a>
      <nav class="site-nav" aria-label={ctx.t('nav.label')}>
        <ul role="list">
          {[...NAV, ...(ctx.viewer?.role === 'admin' ? ADMIN_NAV : [])].map(([href, label]) => (
            <li>
              <a href={href} aria-current={isCurrentPath(current, href) ? 'page' : undefined} safe>
                {ctx.t(label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div class="site-header__tools">
        <AppearanceMenu ctx={ctx} />
        <NotificationBell ctx={ctx} />
        <AccountTools ctx={ctx} current={current} />
      </div>
    </header>
  );
}

/** The viewer's avatar (→ /account) and a sign-out button; or, for a visitor, "Sign in" that comes back here. */
function AccountTools({ ctx, current }: { ctx: PageContext; current: string }): JSX.Element {
  const { viewer, t } = ctx;
  if (!viewer) {
    const href = current === '/login' ? ctx.path : `/login?return_to=${encodeURIComponent(ctx.path)}`;
    return (
      <a class="button button--quiet" href={href} safe>
        {t('nav.signin')}
      </a>
    );
  }
  return (
    <>
      <a
        class="account-link"
        href="/account"
        aria-label={t('nav.account', { username: viewer.username })}
        aria-current={current === '/account' ? 'page' : undefined}
      >
        <Avatar username={viewer.username} avatarUrl={viewer.avatarUrl} size={32} mine />
        <span class="account-link__name" safe>
          {viewer.username}
        </span>
      </a>
      <form class="signout-form" method="post" action="/logout">
        <button type="submit" class="button button--quiet" safe>
          {t('nav.signout')}
        </button>
      </form>
    </>
  );
}
