import type { PageContext } from '../../src/platform/http/page-context.ts';
import type { MessageKey } from '../../src/platform/i18n/index.ts';
import { NavIcon, type NavIconName } from './NavIcon.tsx';
import { isCurrentPath } from './paths.ts';

type Destination = readonly [href: string, label: MessageKey, icon: NavIconName];

const DESTINATIONS: ReadonlyArray<Destination> = [
  ['/', 'nav.home', 'home'],
  ['/browse', 'nav.browse', 'browse'],
  ['/search', 'nav.search', 'search'],
  ['/ranking', 'nav.ranking', 'ranking'],
  ['/library', 'nav.library', 'library'],
  ['/discover', 'nav.discover', 'discover'],
];

/** Admins also get the way into the admin tools. */
const ADMIN: Destination = ['/admin', 'nav.admin', 'admin'];

/** Every destination this viewer has, in the order the bar shows them. */
export function destinationsFor(ctx: PageContext): ReadonlyArray<Destination> {
  return ctx.viewer?.role === 'admin' ? [...DESTINATIONS, ADMIN] : DESTINATIONS;
}

/**
 * The main navigation. One list serves every width (app.css): a row in the wide header, a tab bar
 * fixed to the bottom of the screen below 64em, where each destination shows an icon over its
 * label (public/js/nav-fit.js keeps only the icons when a label would not fit).
 */
export function SiteNav({ ctx, current }: { ctx: PageContext; current: string }): JSX.Element {
  return (
    <nav class="site-nav" aria-label={ctx.t('nav.label')} data-site-nav>
      <ul class="site-nav__list" role="list">
        {destinationsFor(ctx).map(([href, label, icon]) => (
          <li class="site-nav__item">
            <a class="site-nav__link" href={href} aria-current={isCurrentPath(current, href) ? 'page' : undefined}>
              <NavIcon name={icon} />
              <span class="site-nav__label" safe>
                {ctx.t(label)}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
