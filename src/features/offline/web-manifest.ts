import type { PageContext } from '../../platform/http/page-context.ts';

/**
 * The web app manifest: what makes Chapterhouse installable, in the visitor's language. The
 * colours are the default (amber) theme's; the icons are PNGs for every platform's launcher.
 */
export function webManifest(ctx: Pick<PageContext, 't' | 'asset' | 'locale'>): Record<string, unknown> {
  return {
    name: ctx.t('site.name'),
    short_name: ctx.t('site.name'),
    description: ctx.t('site.tagline'),
    lang: ctx.locale,
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#231a13',
    theme_color: '#231a13',
    icons: [
      { src: ctx.asset('img/icon-192.png'), sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: ctx.asset('img/icon-512.png'), sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: ctx.asset('img/icon-maskable-512.png'), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: ctx.asset('img/favicon.svg'), sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
    shortcuts: [{ name: ctx.t('offline.title'), url: '/offline' }],
  };
}
