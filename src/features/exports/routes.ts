import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AccessRule, AuthPlugin } from '../../platform/http/auth.ts';
import { requireExport } from '../billing/gate.ts';
import type { PageEnvironment } from '../../platform/http/page.ts';
import { exportsPageRoutes } from './page-routes.ts';
import { binaryBody, errorAnswers } from '../../platform/http/api-schemas.ts';
import { notFound } from '../../platform/http/errors.ts';
import { objectResponse } from '../../platform/objects/ranged-response.ts';
import type { SpeechCatalog } from '../../integrations/tts/index.ts';
import { policyOf } from '../policy/service.ts';
import { contentDisposition, downloadName } from '../export/filename.ts';
import { findExportBook } from '../export/queries.ts';
import { exportBuildKind } from './kind.ts';
import { EXTENSIONS, MEDIA_TYPES } from './keys.ts';
import { ExportAccepted, ExportJobParams, ExportJobResponse, ExportRequestBody } from './model.ts';
import { ExportNotReady, exportStatus, ownRequest, requestExport, type ExportsDeps } from './service.ts';

const tags = ['reading'];
const NOTES = { 'epub-narrated': 'narrated', audiobook: 'audiobook' } as const;

/**
 * Narrated EPUB 3 and audiobook exports (docs/api.md "Narrated EPUB and audiobook exports"): ask
 * for one (202 and a job id), follow it, download the finished file (ranges allowed: players and
 * download managers resume). A request is its reader's: anyone else gets 404.
 */
export function exportsRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment, speech: SpeechCatalog) {
  const deps: ExportsDeps = {
    db: platform.db, objects: platform.objects, cache: platform.cache, clock: platform.clock, policy: policyOf(platform), speech, kind: exportBuildKind,
  };
  /** Checked before the body is: a reader without Pro learns nothing about it. */
  const proGate: AccessRule = async (caller) => requireExport(await deps.policy.current(), caller.user);
  return new Elysia({ name: 'exports' })
    .use(auth)
    .use(exportsPageRoutes(deps, auth, env))
    .post('/api/exports', async ({ body, caller, status }) => status(202, await requestExport(deps, caller, body)), {
      auth: proGate,
      body: ExportRequestBody,
      response: { 202: ExportAccepted, ...errorAnswers(401, 403, 404) },
      detail: {
        tags,
        summary: 'Make a narrated EPUB 3 (read-along) or an MP3 audiobook with chapters of a chapter range (Pro): 202 {job_id}; missing narration is made first',
      },
    })
    .get('/api/exports/:job_id', ({ params, caller }) => exportStatus(deps, caller, params.job_id), {
      auth: 'user',
      params: ExportJobParams,
      response: { 200: ExportJobResponse, ...errorAnswers(401, 404) },
      detail: { tags, summary: 'An export: status (pending, running, done, failed), progress 0..1, the download url when done, the reason when failed' },
    })
    .get('/api/exports/:job_id/file', async ({ params, caller, request }) => {
      const row = await ownRequest(deps, caller, params.job_id);
      if (row.status !== 'done') throw new ExportNotReady();
      const book = await findExportBook(platform.db, row.book_slug);
      const range = { from: row.from_chapter, to: row.to_chapter };
      const name = downloadName(book?.title ?? row.book_slug, range, { extension: EXTENSIONS[row.format], note: NOTES[row.format] });
      const headers = { 'content-type': MEDIA_TYPES[row.format], 'content-disposition': contentDisposition(name), 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' };
      const answer = await objectResponse(platform.objects, row.object_key, request, headers);
      if (!answer) throw notFound('This export is no longer kept; ask for it again');
      return answer;
    }, {
      auth: 'user',
      params: ExportJobParams,
      response: { 200: binaryBody('application/octet-stream', 'The EPUB (application/epub+zip) or the MP3 audiobook (audio/mpeg), as a download'), ...errorAnswers(401, 404, 409) },
      detail: { tags, summary: 'The finished export file (Range requests answered with 206); 409 while it is being made' },
    });
}
