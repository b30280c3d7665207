import { Elysia, t } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import { notFound } from '../../platform/http/errors.ts';
import { pageContext, type PageEnvironment } from '../../platform/http/page.ts';
import { htmlResponse } from '../../platform/http/respond.ts';
import { BookAdminPage } from '../../../views/pages/admin/BookAdminPage.tsx';
import { BooksAdminPage } from '../../../views/pages/admin/BooksAdminPage.tsx';
import { DedupPlan } from '../../../views/pages/admin/DedupPlan.tsx';
import { listTasks, startScrape, startUpdateCheck, type ScrapingDeps } from '../scraping/service.ts';
import { dedupBook } from '../dedup/service.ts';
import { editBook } from '../catalogue/writes/service.ts';
import { announceChapterChange } from '../reader/service.ts';
import { bookForAdmin, findBooks } from './queries.ts';
import { formAction, noticeFrom, PRIVATE } from './page-support.ts';
import { jsonColumn } from '../../platform/db/json.ts';

const Slug = t.Object({ slug: t.String({ maxLength: 200 }) });
const Query = t.Object({ done: t.Optional(t.String({ maxLength: 32 })), error: t.Optional(t.String({ maxLength: 400 })), q: t.Optional(t.String({ maxLength: 200 })) });
const Metadata = t.Object({ title: t.Optional(t.String({ maxLength: 500 })), author: t.Optional(t.String({ maxLength: 300 })), description: t.Optional(t.String({ maxLength: 20_000 })), status: t.Optional(t.String({ maxLength: 20 })), genres: t.Optional(t.String({ maxLength: 1000 })) }, { additionalProperties: true });

/** /admin/books (find a book) and /admin/books/{slug} (its actions). */
export function bookPageRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment, scraping: ScrapingDeps) {
  const { db } = platform;
  const requireBook = async (slug: string) => (await bookForAdmin(db, slug)) ?? Promise.reject(notFound('No such book'));
  const page = (slug: string) => `/admin/books/${encodeURIComponent(slug)}`;
  return new Elysia({ name: 'admin-book-pages' })
    .use(auth)
    .get('/admin/books', async ({ request, query }) => {
      const rows = await findBooks(db, (query.q ?? '').trim(), 100);
      return htmlResponse(BooksAdminPage({ ctx: pageContext(request, env), query: query.q ?? '', books: rows.map((b) => ({ slug: b.slug, title: b.title, chapterCount: b.chapter_count, sourceUrl: b.source_url })) }), 200, PRIVATE);
    }, { auth: 'admin', query: Query, detail: { hide: true } })
    .get('/admin/books/:slug', async ({ request, params, query }) => {
      const book = await requireBook(params.slug);
      const ctx = pageContext(request, env);
      const tasks = await listTasks(db, 10, book.slug, platform.clock());
      return htmlResponse(BookAdminPage({ ctx, notice: noticeFrom(query, ctx), tasks, book: { slug: book.slug, title: book.title, author: book.author, description: book.description, status: book.status, genres: book.genres, sourceUrl: book.source_url, chapterCount: book.chapter_count }, ai: aiFacts(book) }), 200, PRIVATE);
    }, { auth: 'admin', params: Slug, query: Query, detail: { hide: true } })
    .post('/admin/books/:slug/rescrape', async ({ params, caller }) => {
      const book = await requireBook(params.slug);
      return formAction(page(book.slug), async () => (await startScrape(scraping, { url: book.source_url ?? '' }, caller.user!.id), 'done=started'));
    }, { auth: 'admin', params: Slug, detail: { hide: true } })
    .post('/admin/books/:slug/check', async ({ params, caller }) => {
      const book = await requireBook(params.slug);
      return formAction(page(book.slug), async () => (await startUpdateCheck(scraping, caller.user!.id, book.source_url), 'done=started'));
    }, { auth: 'admin', params: Slug, detail: { hide: true } })
    .get('/admin/books/:slug/dedup', async ({ request, params }) => htmlResponse(DedupPlan({ ctx: pageContext(request, env), slug: params.slug, result: await dedupBook(platform, params.slug, true) }), 200, PRIVATE), {
      auth: 'admin',
      params: Slug,
      detail: { hide: true },
    })
    .post('/admin/books/:slug/dedup', async ({ request, params }) => {
      const result = await dedupBook(platform, params.slug, false);
      if (request.headers.get('hx-request') === 'true') return htmlResponse(DedupPlan({ ctx: pageContext(request, env), slug: params.slug, result }), 200, PRIVATE);
      return formAction(page(params.slug), async () => 'done=deduplicated');
    }, { auth: 'admin', params: Slug, detail: { hide: true } })
    .post('/admin/books/:slug/metadata', async ({ params, body }) => {
      const book = await requireBook(params.slug);
      return formAction(page(book.slug), async () => {
        const title = (body.title ?? '').trim();
        if (!title) throw notFound('A book needs a title');
        await editBook(db, book.slug, { title, author: body.author ?? '', description: body.description ?? '', status: body.status === 'completed' ? 'completed' : 'ongoing', genres: (body.genres ?? '').split(',') });
        await announceChapterChange(platform.cache, book.slug);
        return 'done=saved';
      });
    }, { auth: 'admin', params: Slug, body: Metadata, detail: { hide: true } });
}

function aiFacts(book: NonNullable<Awaited<ReturnType<typeof bookForAdmin>>>) {
  return {
    slug: book.slug,
    tagline: book.tagline,
    genres: book.genres,
    warnings: jsonColumn<{ label: string; severity: string; reason: string }[]>(book.content_warnings, []),
    quality: { score: book.quality_score, reasons: jsonColumn<string[]>(book.quality_reasons, []) },
  };
}
