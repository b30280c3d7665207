import type { PageContext } from '../context.ts';
import type { MessageKey } from '../i18n/index.ts';
import { AppearanceMenu } from './AppearanceMenu.tsx';
import { isCurrentPath, pathOf } from './paths.ts';

const NAV: ReadonlyArray<readonly [href: string, label: MessageKey]> = [
  ['/', 'nav.home'],
  ['/browse', 'nav.browse'],
  ['/search', 'nav.search'],
  ['/ranking', 'nav.ranking'],
  ['/library', 'nav.library'],
  ['/discover', 'nav.discover'],
];

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
          {NAV.map(([href, label]) => (
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
        <a class="button button--quiet" href="/login" safe>
          {ctx.t('nav.signin')}
        </a>
      </div>
    </header>
  );
}
