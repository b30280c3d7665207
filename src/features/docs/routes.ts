import { Elysia } from 'elysia';
import { htmlResponse } from '../../platform/http/respond.ts';
import { pageContext, type PageEnvironment } from '../../platform/http/page.ts';
import { ApiDocsPage } from '../../../views/pages/docs/ApiDocsPage.tsx';

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, { summary?: string; tags?: string[]; responses?: Record<string, unknown> }>>;
  components?: unknown;
}

/** /api/openapi.json is generated from the route schemas; /api/docs renders it without a CDN. */
export function docsRoutes(getDocument: () => Promise<OpenApiDocument>, env: PageEnvironment) {
  return new Elysia({ name: 'docs' })
    .get('/api/openapi.json', () => getDocument(), { detail: { hide: true } })
    .get('/api/docs', async ({ request }) => htmlResponse(ApiDocsPage({ ctx: pageContext(request, env), spec: await getDocument() })), {
      detail: { hide: true },
    });
}
