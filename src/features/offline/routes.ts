import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AssetTable } from '../../platform/http/assets.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import { errorAnswers } from '../../platform/http/api-schemas.ts';
import { pageContext, type PageEnvironment } from '../../platform/http/page.ts';
import { htmlResponse } from '../../platform/http/respond.ts';
import type { SpeechCatalog } from '../../integrations/tts/index.ts';
import { OfflinePage } from '../../../views/pages/offline/OfflinePage.tsx';
import { KeepListResponse, KeepParams, KeepQuery } from './model.ts';
import { keepList } from './service.ts';
import { webManifest } from './web-manifest.ts';
import { buildWorkerScript } from './worker-script.ts';

/**
 * Offline reading (docs/offline.md): the service worker, the web app manifest, the page that
 * shows what this device keeps, and the list of what to download to keep a run of chapters.
 */
export function offlineRoutes(platform: Pick<BootedPlatform, 'db'>, auth: AuthPlugin, env: PageEnvironment, assets: AssetTable, speech: SpeechCatalog) {
  const worker = buildWorkerScript(assets);
  return new Elysia({ name: 'offline' })
    .use(auth)
    .get('/sw.js', ({ request }) => {
      // Always checked with the server: a new release must reach the worker at once.
      const headers = { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache', etag: worker.etag, 'service-worker-allowed': '/' };
      if (request.headers.get('if-none-match') === worker.etag) return new Response(null, { status: 304, headers });
      return new Response(worker.body, { headers });
    }, { detail: { hide: true } })
    .get('/manifest.webmanifest', ({ request }) => {
      const body = JSON.stringify(webManifest(pageContext(request, env)));
      return new Response(body, { headers: { 'content-type': 'application/manifest+json', 'cache-control': 'public, max-age=3600', vary: 'Accept-Language, Cookie' } });
    }, { detail: { hide: true } })
    .get('/offline', ({ request }) => htmlResponse(OfflinePage({ ctx: pageContext(request, env) }), 200, { 'cache-control': 'no-cache' }), { detail: { hide: true } })
    .get('/api/offline/books/:slug', ({ params, query }) => keepList({ db: platform.db, speech }, params.slug, query), {
      params: KeepParams,
      query: KeepQuery,
      // 503: the book has stored audio but no speech engine is available to name the default voice.
      response: { 200: KeepListResponse, ...errorAnswers(503) },
      detail: { tags: ['reading'], summary: 'What to download to keep a run of a book’s chapters offline: pages, cover and stored audio (count defaults to 10)' },
    });
}
