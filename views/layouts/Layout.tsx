import type { PropsWithChildren } from '@kitajs/html';
import { SiteFooter } from '../components/SiteFooter.tsx';
import { SiteHeader } from '../components/SiteHeader.tsx';
import { absoluteUrl, pathOf } from '../components/paths.ts';
import type { PageContext } from '../../src/platform/http/page-context.ts';
import { LOCALE_TAGS } from '../../src/platform/i18n/locale.ts';

export type LayoutProps = PropsWithChildren<{
  ctx: PageContext;
  title: string;
  description?: string;
  /** Defaults to baseUrl + the request path without its query. */
  canonical?: string;
  ogImage?: string;
  /** Open Graph type: "website" unless the page is one book ("book") or chapter ("article"). */
  ogType?: 'website' | 'book' | 'article';
  /** Extra elements for <head> (prefetch links, robots directives); built by views, so already escaped. */
  head?: JSX.Element;
  /** Keep the page out of search results; defaults to true on the private paths below. */
  noindex?: boolean;
}>;

// A reader's own pages: nothing a search engine should list (robots.txt also disallows them).
const PRIVATE_PATHS = ['/login', '/account', '/settings', '/library', '/admin', '/logout'];
const isPrivatePath = (path: string) => PRIVATE_PATHS.some((p) => path === p || path.startsWith(p + '/'));

const DOCTYPE = '<!doctype html>';

// htmx otherwise injects a <style> element, which the CSP forbids; app.css carries those rules.
const HTMX_CONFIG = JSON.stringify({ includeIndicatorStyles: false });

/** Clamped so that a bad cookie can neither break the layout nor reach the style attribute as text. */
function fontScale(size: number): number {
  return Number.isFinite(size) ? Math.min(3, Math.max(0.5, size)) : 1;
}

/** The whole document. No inline scripts or handlers: behaviour lives in public/js (CSP). */
export function Layout({ ctx, title, description, canonical, ogImage, ogType = 'website', head: safeHead, noindex, children }: LayoutProps): JSX.Element {
  const siteName = ctx.t('site.name');
  const fullTitle = title === siteName ? title : `${title} · ${siteName}`;
  const summary = description ?? ctx.t('site.tagline');
  const url = canonical ?? absoluteUrl(ctx, pathOf(ctx.path));
  const hidden = noindex ?? isPrivatePath(pathOf(ctx.path));

  const html = (
    <html
      lang={ctx.locale}
      data-theme={ctx.theme}
      data-font={ctx.fontFamily}
      style={`--font-scale: ${fontScale(ctx.fontSize)}`}
    >
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title safe>{fullTitle}</title>
        <meta name="description" content={summary} />
        <link rel="canonical" href={url} />
        <meta property="og:site_name" content={siteName} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={summary} />
        <meta property="og:type" content={ogType} />
        <meta property="og:url" content={url} />
        <meta property="og:locale" content={LOCALE_TAGS[ctx.locale].replace('-', '_')} />
        {ogImage ? <meta property="og:image" content={absoluteUrl(ctx, ogImage)} /> : ''}
        <meta name="twitter:card" content={ogImage ? 'summary_large_image' : 'summary'} />
        {hidden ? <meta name="robots" content="noindex" /> : ''}
        <meta name="htmx-config" content={HTMX_CONFIG} />
        <link rel="icon" type="image/svg+xml" href={ctx.asset('img/favicon.svg')} />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href={ctx.asset('img/icon-192.png')} />
        <meta name="theme-color" content="#231a13" />
        <link rel="stylesheet" href={ctx.asset('css/app.css')} />
        <script src={ctx.asset('vendor/htmx.min.js')} defer></script>
        <script src={ctx.asset('js/prefs.js')} defer></script>
        <script src={ctx.asset('js/toast.js')} defer></script>
        <script src={ctx.asset('js/nav-fit.js')} defer></script>
        <script src={ctx.asset('js/confirm-change.js')} defer></script>
        <script src={ctx.asset('js/swap-focus.js')} defer></script>
        <script src={ctx.asset('js/menus.js')} defer></script>
        <script src={ctx.asset('js/header.js')} defer></script>
        <script src={ctx.asset('js/offline/register.js')} defer></script>
        {safeHead}
      </head>
      <body>
        <a class="skip-link" href="#main" safe>
          {ctx.t('a11y.skip')}
        </a>
        <SiteHeader ctx={ctx} />
        <p class="offline-banner" data-offline-banner role="status" hidden>
          <span safe>{ctx.t('offline.banner')}</span> <a href="/offline" safe>{ctx.t('offline.bannerLink')}</a>
        </p>
        <main id="main" tabindex="-1">
          {children}
        </main>
        <SiteFooter ctx={ctx} />
        <div id="toasts" class="toasts" role="status" aria-live="polite" data-offline-message={ctx.t('a11y.offline')} data-unsaved-message={ctx.t('a11y.unsaved')} data-queued-message={ctx.t('offline.queued')}></div>
      </body>
    </html>
  );
  return typeof html === 'string' ? DOCTYPE + html : html.then((doc) => DOCTYPE + doc);
}
