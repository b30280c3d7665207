import { Elysia, t } from 'elysia';
import { changelogReader } from './changelog.ts';
import { htmlResponse } from '../../platform/http/respond.ts';
import { pageContext, type PageEnvironment } from '../../platform/http/page.ts';
import { ApiDocsPage } from '../../../views/pages/docs/ApiDocsPage.tsx';
import type { OpenApiDocument } from './openapi/types.ts';

/** /api/openapi.json is generated from the route schemas; /api/docs renders it without a CDN; /api/changelog. */
export function docsRoutes(getDocument: () => Promise<OpenApiDocument>, env: PageEnvironment) {
  const changelog = changelogReader();
  return new Elysia({ name: 'docs' })
    .get('/api/changelog', async () => ({ releases: await changelog() }), {
      response: t.Object({ releases: t.Array(t.Object({ version: t.String(), date: t.Union([t.String(), t.Null()]), changes: t.Array(t.String()) }, { title: 'Release' })) }, { title: 'Changelog' }),
      detail: { tags: ['docs'], summary: 'What changed, newest first (docs/changelog.md; re-read at most every 5 minutes)' },
    })
    .get('/api/openapi.json', () => getDocument(), { detail: { hide: true } })
    .get('/api/docs', async ({ request }) => htmlResponse(ApiDocsPage({ ctx: pageContext(request, env), spec: await getDocument() })), {
      detail: { hide: true },
    });
}
