import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import { notFound } from '../../platform/http/errors.ts';
import { pageContext, type PageEnvironment } from '../../platform/http/page.ts';
import { htmlResponse } from '../../platform/http/respond.ts';
import { mayExport } from '../billing/gate.ts';
import { policyOf } from '../policy/service.ts';
import { BookPage } from '../../../views/pages/reader/BookPage.tsx';
import { ChapterList } from '../../../views/pages/reader/ChapterList.tsx';
import { ChapterPage } from '../../../views/pages/reader/ChapterPage.tsx';
import { chapterPath } from '../../../views/pages/reader/links.ts';
import { createChapterHtmlCache } from './html-cache.ts';
import { offersBookFont } from './font-offer.ts';
import { createRenderedPageCache } from './page-cache.ts';
import { createRenderedPages, lookAndViewerKey } from '../../platform/http/rendered-pages.ts';
import { createChapterPageTemplates } from './page-template.ts';
import { BookDetailResponse, BookParams, BookQuery, ChapterParams, ChapterQuery, ChapterResponse } from './model.ts';
import { jumpTarget, parseChapterNumber, parseOrder, parsePage } from './paging.ts';
import { bookDetail, bookPageData, nearestChapter } from './service.ts';
import { cachedChapter, chapterJson, createChapterFactsCache, pageDataWithoutText, withTranslation } from './chapter-reading.ts';

/** An htmx pager click asks for the chapter list only; a history restore wants the whole page. */
function wantsChapterList(request: Request): boolean {
  const h = request.headers;
  return h.get('hx-request') === 'true' && h.get('hx-target') === 'chapters' && h.get('hx-history-restore-request') !== 'true';
}

/** The book page and the chapter reader, as pages and as JSON for the mobile client (docs/api.md). */
export function readerRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment) {
  const { db } = platform;
  const htmlCache = createChapterHtmlCache(platform.cache, { onError: (error) => platform.log.warn('chapter rendering cache unavailable', { error: error as Error }) });
  // Subscribed once, here: every process hears announceChapterChange.
  const chapters = createChapterFactsCache(platform.cache, (error) => platform.log.warn('chapter page invalidations unavailable', { error: error as Error }));
  const renderedPages = createRenderedPageCache();
  const templates = createChapterPageTemplates();
  // The same facts name the chapter's JSON (book, title, neighbours and the text by its hash).
  const chapterJsons = createRenderedPages({ cache: 'chapter_json', contentType: 'application/json', maxEntries: 50_000, maxBytes: 48_000_000, admitAfter: 200_000 });
  return new Elysia({ name: 'reader' })
    .use(auth)
    .get('/api/book/:slug', ({ params, query }) => bookDetail(db, params.slug, query), {
      params: BookParams,
      query: BookQuery,
      response: BookDetailResponse,
      detail: { tags: ['reading'], summary: 'A book and its chapter list (all chapters unless from/limit page it)' },
    })
    .get('/api/chapter/:slug/:n', async ({ request, params, query }) => {
      // A translation (?locale=) is read each time; the original is kept like the page, under its facts.
      if (query.locale !== undefined) return Response.json(await chapterJson(db, htmlCache, params.slug, params.n, query.locale));
      const chapter = await cachedChapter(db, htmlCache, chapters, params.slug, params.n, 'json');
      return chapterJsons.respond(request, chapter.entry.kept ? chapter.entry.value.fingerprint : null, () => chapter.json());
    }, {
      params: ChapterParams,
      query: ChapterQuery,
      response: ChapterResponse,
      detail: { tags: ['reading'], summary: 'One chapter: markdown text, sanitised HTML and the neighbouring chapter numbers' },
    })
    .get('/book/:slug', async ({ request, params, query, caller }) => {
      // "Go to chapter" (a plain GET form): the chapter asked for, or the nearest one that exists.
      const wanted = jumpTarget(query.chapter);
      if (wanted !== null) {
        const n = await nearestChapter(db, params.slug, wanted);
        if (n !== null) return new Response(null, { status: 303, headers: { location: chapterPath(params.slug, n) } });
      }
      const data = await bookPageData(db, caller.reader, caller.user?.id ?? null, params.slug, parsePage(query.chapters_page), parseOrder(query.order));
      const ctx = pageContext(request, env);
      const headers = { vary: 'HX-Request, HX-Target' };
      if (wantsChapterList(request)) {
        return htmlResponse(ChapterList({ ctx, slug: data.book.slug, list: data.list, firstChapter: data.firstChapter, lastChapter: data.lastChapter, current: data.progress?.chapter ?? null, focus: true }), 200, headers);
      }
      const policy = await policyOf(platform).current();
      const exporting = { canExport: mayExport(policy, caller.user?.role), exportAfterSignIn: !caller.user && policy.pro_features_open };
      return htmlResponse(BookPage({ ctx, data, signedIn: caller.user !== null, ...exporting }), 200, headers);
    }, { detail: { hide: true } })
    .get('/book/:slug/:n', async ({ request, params, path, query }) => {
      // Pages answer a malformed chapter number like a missing chapter: the reader sees the 404 page.
      const n = parseChapterNumber(params.n);
      if (n === null) throw notFound('Chapter not found');
      const page = await cachedChapter(db, htmlCache, chapters, params.slug, n, 'page');
      const suggestFont = offersBookFont(request);
      const locale = (query as { locale?: string }).locale;
      // ?locale= shows a stored translation: never cached (a query string is not, page-cache.ts).
      if (locale !== undefined) {
        const data = await withTranslation(db, await page.data(), locale);
        return renderedPages.respond(request, path, null, () => ChapterPage({ ctx: pageContext(request, env), data, suggestFont }));
      }
      // Kept under the data's fingerprint only while the data is cached (a load that raced a change is not).
      const key = page.entry.kept ? page.entry.value.fingerprint : null;
      return renderedPages.respond(request, path, key, async () => {
        const ctx = pageContext(request, env);
        const look = lookAndViewerKey(request);
        // Filled from the page's template with the rendering as stored compressed when it can be;
        // else with the rendering's HTML; drawn whole when no template stands for the page.
        const stored = page.entry.value.piece;
        const gzip = stored ? templates.gzip(ctx, look, pageDataWithoutText(page.entry.value), suggestFont, stored) : null;
        if (gzip) return { gzip };
        const data = await page.data();
        const filled = templates.gzip(ctx, look, data, suggestFont);
        return filled ? { gzip: filled } : ChapterPage({ ctx, data, suggestFont });
      });
    }, { detail: { hide: true } });
}
