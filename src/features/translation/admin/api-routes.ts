import { Elysia } from 'elysia';
import type { Db } from '../../../platform/db/index.ts';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { parseGlossary } from '../glossary.ts';
import { GlossaryResponse, SlugParams, TranslateBody } from '../model.ts';
import { bookGlossary, replaceGlossary, requireBook } from './service.ts';

const tags = ['translation'];

/** GET|PUT /api/admin/books/{slug}/glossary. Bodies are read leniently and checked in the handler, after the guard. */
export function glossaryApiRoutes(db: Db, auth: AuthPlugin) {
  return new Elysia({ name: 'translation-admin-api' })
    .use(auth)
    .get('/api/admin/books/:slug/glossary', async ({ params }) => {
      await requireBook(db, params.slug);
      return { slug: params.slug, entries: await bookGlossary(db, params.slug) };
    }, { auth: 'admin', params: SlugParams, response: GlossaryResponse, detail: { tags, summary: "A book's translation glossary: names and terms with their form per locale (`*`: every locale)" } })
    .put('/api/admin/books/:slug/glossary', async ({ params, body, user }) => {
      await requireBook(db, params.slug);
      const entries = parseGlossary(body);
      await replaceGlossary(db, params.slug, entries, user.id);
      return { slug: params.slug, entries: await bookGlossary(db, params.slug) };
    }, { auth: 'admin', params: SlugParams, body: TranslateBody, response: GlossaryResponse, detail: { tags, summary: "Replace a book's translation glossary: {entries: [{source, target, locale}]}" } });
}
