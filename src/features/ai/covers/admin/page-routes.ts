import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../../../platform/boot.ts';
import type { AuthPlugin } from '../../../../platform/http/auth.ts';
import { pageContext, type PageEnvironment } from '../../../../platform/http/page.ts';
import { htmlResponse } from '../../../../platform/http/respond.ts';
import { PRIVATE } from '../../../../platform/http/form-pages.ts';
import { CoverStudioPage } from '../../../../../views/pages/admin/ai/covers/CoverStudioPage.tsx';
import type { AiProvider } from '../../provider.ts';
import { cachedModels } from '../../models.ts';
import { StudioQuery } from '../model.ts';
import { coverPrompt, requireBook, studioBooks } from '../service.ts';
import { MAX_IMAGE_BYTES } from '../images.ts';

/** /admin/covers: the cover studio (generate, save as cover, batch covers), optionally opened on one book. */
export function coverStudioPageRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment, ai: AiProvider) {
  const { db, cache } = platform;
  return new Elysia({ name: 'ai-covers-admin-pages' })
    .use(auth)
    .get('/admin/covers', async ({ request, query }) => {
      const client = ai.client();
      const ctx = pageContext(request, env);
      const book = query.slug ? await requireBook(db, query.slug) : null;
      const models = await cachedModels(cache, client, { signal: request.signal }).then((m) => m.image).catch(() => [client.imageModel]);
      return htmlResponse(CoverStudioPage({
        ctx,
        books: await studioBooks(db),
        book: book ? { slug: book.slug, title: book.title, coverUrl: book.cover_key ? `/${book.cover_key}` : null, hasSource: !!book.source_url } : null,
        prompt: book ? coverPrompt(book) : '',
        models: models.length ? models : [client.imageModel],
        defaultModel: client.imageModel,
        maxMegabytes: MAX_IMAGE_BYTES / 1024 / 1024,
      }), 200, PRIVATE);
    }, { auth: 'admin', query: StudioQuery, detail: { hide: true } });
}
