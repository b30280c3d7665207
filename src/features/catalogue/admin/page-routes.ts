import { Elysia, t } from 'elysia';
import type { BootedPlatform } from '../../../platform/boot.ts';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { pageContext, type PageEnvironment } from '../../../platform/http/page.ts';
import { htmlResponse } from '../../../platform/http/respond.ts';
import { formAction, PRIVATE } from '../../../platform/http/form-pages.ts';
import { BookAdminPage } from '../../../../views/pages/admin/catalogue/BookAdminPage.tsx';
import { BooksAdminPage } from '../../../../views/pages/admin/catalogue/BooksAdminPage.tsx';
import { RescrapeConfirmPage } from '../../../../views/pages/admin/catalogue/RescrapeConfirmPage.tsx';
import { noticeFrom } from '../../../../views/pages/admin/shared/notice.ts';
import { editBook } from '../writes/service.ts';
import { announceChapterChange } from '../writes/announce.ts';
import type { BookScraping } from './book-scraping.ts';
import { aiFacts, findAdminBooks, requireAdminBook } from './service.ts';

const Slug = t.Object({ slug: t.String({ maxLength: 200 }) });
const Query = t.Object({ done: t.Optional(t.String({ maxLength: 32 })), error: t.Optional(t.String({ maxLength: 400 })), q: t.Optional(t.String({ maxLength: 200 })) });
const Confirm = t.Optional(t.Object({ confirmed: t.Optional(t.String({ maxLength: 8 })) }, { additionalProperties: true }));
const Metadata = t.Object({ title: t.Optional(t.String({ maxLength: 500 })), author: t.Optional(t.String({ maxLength: 300 })), description: t.Optional(t.String({ maxLength: 20_000 })), status: t.Optional(t.String({ maxLength: 20 })), genres: t.Optional(t.String({ maxLength: 1000 })) }, { additionalProperties: true });

/** /admin/books (find a book) and /admin/books/{slug} (its actions; de-duplication is the dedup feature's, AI suggestions the AI feature's). */
export function bookPageRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment, scraping: BookScraping) {
  const { db } = platform;
  const requireBook = (slug: string) => requireAdminBook(db, slug);
  const page = (slug: string) => `/admin/books/${encodeURIComponent(slug)}`;
  return new Elysia({ name: 'catalogue-admin-pages' })
    .use(auth)
    .get('/admin/books', async ({ request, query }) => {
      const books = await findAdminBooks(db, (query.q ?? '').trim(), 100);
      return htmlResponse(BooksAdminPage({ ctx: pageContext(request, env), query: query.q ?? '', books }), 200, PRIVATE);
    }, { auth: 'admin', query: Query, detail: { hide: true } })
    .get('/admin/books/:slug', async ({ request, params, query }) => {
      const book = await requireBook(params.slug);
      const ctx = pageContext(request, env);
      const tasks = await scraping.tasksOf(book.slug);
      return htmlResponse(BookAdminPage({ ctx, notice: noticeFrom(query, ctx), tasks, book: { slug: book.slug, title: book.title, author: book.author, description: book.description, status: book.status, genres: book.genres, sourceUrl: book.source_url, chapterCount: book.chapter_count }, ai: aiFacts(book) }), 200, PRIVATE);
    }, { auth: 'admin', params: Slug, query: Query, detail: { hide: true } })
    .post('/admin/books/:slug/rescrape', async ({ request, params, body, user }) => {
      const book = await requireBook(params.slug);
      if (body?.confirmed !== '1') return htmlResponse(RescrapeConfirmPage({ ctx: pageContext(request, env), slug: book.slug, title: book.title, chapters: book.chapter_count }), 200, PRIVATE);
      return formAction(page(book.slug), async () => (await scraping.rescrape(book.source_url ?? '', user.id), 'done=started'));
    }, { auth: 'admin', params: Slug, body: Confirm, detail: { hide: true } })
    .post('/admin/books/:slug/check', async ({ params, user }) => {
      const book = await requireBook(params.slug);
      return formAction(page(book.slug), async () => (await scraping.checkUpdates(book.source_url, user.id), 'done=started'));
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
