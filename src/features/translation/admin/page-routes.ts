import { Elysia } from 'elysia';
import { GlossaryNoticeLine, GlossaryPage, type GlossaryNotice } from '../../../../views/pages/admin/translation/GlossaryPage.tsx';
import type { Db } from '../../../platform/db/index.ts';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { see } from '../../../platform/http/form-pages.ts';
import { pageContext, type PageEnvironment } from '../../../platform/http/page.ts';
import { wantsHtmx } from '../../../platform/http/request-context.ts';
import { htmlResponse } from '../../../platform/http/respond.ts';
import { glossaryText, parseGlossaryText } from '../glossary.ts';
import { SlugParams, TranslateBody } from '../model.ts';
import { glossaryPagePath } from '../paths.ts';
import { bookGlossary, replaceGlossary, requireBook } from './service.ts';

const PRIVATE = { 'cache-control': 'private, no-store' };

/** /admin/books/{slug}/glossary: the glossary as text, and its form. The form is read leniently and checked in the handler, after the guard. */
export function glossaryPageRoutes(db: Db, auth: AuthPlugin, env: PageEnvironment) {
  return new Elysia({ name: 'translation-admin-pages' })
    .use(auth)
    .get('/admin/books/:slug/glossary', async ({ request, params, query }) => {
      const title = await requireBook(db, params.slug);
      const entries = await bookGlossary(db, params.slug);
      const ctx = pageContext(request, env);
      const notice: GlossaryNotice = (query as { saved?: string }).saved === '1' ? { level: 'ok', message: ctx.t('translation.glossary.saved', { count: entries.length }) } : null;
      return htmlResponse(GlossaryPage({ ctx, slug: params.slug, bookTitle: title, text: glossaryText(entries), count: entries.length, notice }), 200, PRIVATE);
    }, { auth: 'admin', params: SlugParams, detail: { hide: true } })
    .post('/admin/books/:slug/glossary', async ({ request, params, body, user }) => {
      await requireBook(db, params.slug);
      const ctx = pageContext(request, env);
      const text = (body as { entries?: unknown } | null)?.entries;
      let notice: GlossaryNotice;
      try {
        if (typeof text !== 'string') throw new AppError(400, 'invalid_request', ctx.t('translation.glossary.missing'));
        const entries = parseGlossaryText(text);
        await replaceGlossary(db, params.slug, entries, user.id);
        if (!wantsHtmx(request)) return see(`${glossaryPagePath(params.slug)}?saved=1`);
        notice = { level: 'ok', message: ctx.t('translation.glossary.saved', { count: entries.length }) };
      } catch (error) {
        if (!(error instanceof AppError) || error.status !== 400 || !wantsHtmx(request)) throw error;
        notice = { level: 'error', message: error.message };
      }
      return htmlResponse(GlossaryNoticeLine({ notice }), 200, PRIVATE);
    }, { auth: 'admin', params: SlugParams, body: TranslateBody, detail: { hide: true } });
}
