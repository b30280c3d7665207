import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import type { PageEnvironment } from '../../platform/http/page.ts';
import { cancelImport, getImport, listImports, publishImport, rerunImport, startImport, type ImportDeps } from './service.ts';
import { ImportEditsBody, ImportParams, ImportStarted, ImportTask, ImportTaskList, ImportUpload, RerunBody, SPLIT_RULES } from './model.ts';
import { errorAnswers } from '../../platform/http/api-schemas.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { importKind } from './kind.ts';
import { t } from 'elysia';
import { importAdminRoutes } from './admin/routes.ts';
import { requireReview, saveEdits } from './review/service.ts';

const tags = ['imports'];

/** PDF and EPUB import (docs/api.md "Admin"): upload, tasks, review and its edits, publish, re-run, cancel; and the admin's import pages. */
export function importRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment) {
  const deps: ImportDeps = { db: platform.db, objects: platform.objects, kind: importKind, maxBytes: platform.config.content.importMaxBytes };
  return new Elysia({ name: 'imports' })
    .use(auth)
    .post('/api/admin/import', async ({ request, user, status }) => status(202, { task_id: await startImport(deps, request, user.id) }), {
      auth: 'admin',
      parse: 'none',
      response: { 202: ImportStarted },
      detail: {
        tags,
        summary: 'Upload a PDF or EPUB (multipart `file`; `review=1` to check the split before publishing): 202 {task_id}',
        requestBody: ImportUpload,
      },
    })
    .get('/api/admin/import-tasks', async ({ query }) => ({ tasks: await listImports(platform.db, query.limit ?? 50, platform.clock()) }), {
      auth: 'admin',
      query: t.Object({ limit: t.Optional(t.Integer({ minimum: 1, maximum: 200 })) }),
      response: ImportTaskList,
      detail: { tags, summary: 'Import tasks, newest first' },
    })
    .get('/api/admin/import-tasks/:id', ({ params }) => getImport(platform.db, params.id, platform.clock()), { auth: 'admin', params: ImportParams, response: ImportTask, detail: { tags, summary: 'One import task, with the detected split while in review' } })
    .post('/api/admin/import-tasks/:id/publish', async ({ params, status }) => status(202, await publishImport(deps, params.id)), {
      auth: 'admin',
      params: ImportParams,
      response: { 202: ImportTask, ...errorAnswers(409) },
      detail: { tags, summary: 'Publish a reviewed import (202; 409 unless it is in review)' },
    })
    .post('/api/admin/import-tasks/:id/rerun', async ({ params, body, status }) => {
      if (!body.rule) throw badRequest(`rule must be one of ${SPLIT_RULES.join(', ')}`);
      return status(202, await rerunImport(deps, params.id, body.rule, body.pages_per_chapter));
    }, {
      auth: 'admin',
      params: ImportParams,
      body: RerunBody,
      response: { 202: ImportTask, ...errorAnswers(409) },
      detail: { tags, summary: 'Split again with another rule (from review or after a failure)' },
    })
    .put('/api/admin/import-tasks/:id/edits', async ({ params, body }) => {
      const review = await requireReview(deps, params.id, platform.clock());
      return saveEdits(deps, review, { ...(body.book ? { book: body.book } : {}), ...(body.chapters ? { chapters: body.chapters } : {}) }, body.revision);
    }, {
      auth: 'admin',
      params: ImportParams,
      body: ImportEditsBody,
      response: { 200: ImportTask, ...errorAnswers(409) },
      detail: { tags, summary: 'Edit an import in review: book fields and genres, chapter beginnings and titles (applied when it is published; a re-run discards them)' },
    })
    .post('/api/admin/import-tasks/:id/cancel', ({ params }) => cancelImport(deps, params.id), { auth: 'admin', params: ImportParams, response: ImportTask, detail: { tags, summary: 'Cancel an import that has not been published' } })
    .use(importAdminRoutes(platform, auth, env, deps));
}
