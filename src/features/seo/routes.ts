import { Elysia, t } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { PageEnvironment } from '../../platform/http/page.ts';
import { linkBase } from '../../platform/http/public-origin.ts';
import { robotsTxt } from './robots.ts';
import { createSitemaps, parseSitemapFile, type SitemapName } from './sitemaps.ts';

const CACHE_CONTROL = 'public, max-age=3600';

/** /robots.txt, /sitemap.xml (an index) and its files under /sitemaps/. */
export function seoRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment) {
  // One builder per address the site is reached at (only one when BASE_URL is set).
  const builders = new Map<string, ReturnType<typeof createSitemaps>>();
  const sitemaps = () => {
    const baseUrl = linkBase(env.baseUrl);
    let builder = builders.get(baseUrl);
    if (!builder) {
      if (builders.size >= 16) builders.clear();
      builders.set(baseUrl, (builder = createSitemaps({ db: platform.db, cache: platform.cache, baseUrl })));
    }
    return builder;
  };

  async function xml(name: SitemapName): Promise<Response> {
    const body = await sitemaps().get(name);
    if (body === null) throw notFound('No such sitemap');
    return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': CACHE_CONTROL } });
  }

  return new Elysia({ name: 'seo' })
    .use(auth)
    .get('/robots.txt', () => new Response(robotsTxt(linkBase(env.baseUrl)), { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': CACHE_CONTROL } }), {
      detail: { tags: ['seo'], summary: 'Crawler rules and the sitemap address' },
    })
    .get('/sitemap.xml', () => xml({ kind: 'index' }), { detail: { tags: ['seo'], summary: 'Sitemap index: pages, books and chapters files' } })
    .get(
      '/sitemaps/:file',
      ({ params }) => {
        const name = parseSitemapFile(params.file);
        if (!name) throw notFound('No such sitemap');
        return xml(name);
      },
      { params: t.Object({ file: t.String({ maxLength: 64 }) }), detail: { tags: ['seo'], summary: 'One sitemap file (pages.xml, books-<n>.xml, chapters-<n>.xml)' } },
    );
}
