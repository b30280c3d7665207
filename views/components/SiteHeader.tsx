import type { PageContext } from '../../src/platform/http/page-context.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { AppearanceMenu } from './AppearanceMenu.tsx';
import { NotificationBell } from './NotificationBell.tsx';
import { SiteNav } from './SiteNav.tsx';
import { pathOf } from './paths.ts';

/**
 * The site's bar: brand, navigation and the viewer's tools in one row from 64em; below that a
 * compact top bar, with the navigation as a tab bar at the bottom of the screen (app.css,
 * "Site header"). public/js/header.js hides it while a chapter is scrolled down.
 */
export function SiteHeader({ ctx }: { ctx: PageContext }): JSX.Element {
  const current = pathOf(ctx.path);
  return (
    <header class="site-header" data-site-header>
      <a class="brand" href="/">
        <img class="brand__mark" src={ctx.asset('img/favicon.svg')} alt="" width="28" height="28" />
        {/* Shown whole or not at all: a name without room wraps onto a line the bar never shows. */}
        <span class="brand__name">
          <span safe>{ctx.t('site.name')}</span>
        </span>
      </a>
      <SiteNav ctx={ctx} current={current} />
      <div class="site-header__tools">
        <AppearanceMenu ctx={ctx} />
        <NotificationBell ctx={ctx} />
        {ctx.viewer ? <AccountMenu ctx={ctx} viewer={ctx.viewer} current={current} /> : <SignInLink ctx={ctx} current={current} />}
      </div>
    </header>
  );
}

/** For a visitor: "Sign in", which comes back to this page. */
function SignInLink({ ctx, current }: { ctx: PageContext; current: string }): JSX.Element {
  const href = current === '/login' ? ctx.path : `/login?return_to=${encodeURIComponent(ctx.path)}`;
  return (
    <a class="button button--quiet site-header__signin" href={href} safe>
      {ctx.t('nav.signin')}
    </a>
  );
}
