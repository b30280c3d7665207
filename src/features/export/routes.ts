import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AccessRule, AuthPlugin } from '../../platform/http/auth.ts';
import { ExportError, ExportParams, ExportQuery } from './model.ts';
import { contentDisposition } from './filename.ts';
import { MEDIA_TYPE, exportEpub } from './service.ts';
import { requireExport } from '../billing/gate.ts';
import { policyOf } from '../policy/service.ts';
import { coverLimits } from '../covers/limits.ts';

/**
 * GET /api/export/{slug}: the book (or chapters from..to) as an EPUB 2 download, for readers with
 * the Pro features under the owner's policy (403 for everyone else, anonymous callers too: the Pro
 * gate, billing/gate.ts). The body is a stream: a stored copy, or the book as it is being built.
 */
export function exportRoutes(platform: BootedPlatform, auth: AuthPlugin) {
  const policy = policyOf(platform);
  /** Checked before the parameters are: a reader without Pro learns nothing about them. */
  const proGate: AccessRule = async (caller) => requireExport(await policy.current(), caller.user);
  const deps = { db: platform.db, objects: platform.objects, clock: platform.clock, log: platform.log, coverLimits: coverLimits(platform.config.content.coverMaxDimension) };
  return new Elysia({ name: 'export' })
    .use(auth)
    .get(
      '/api/export/:slug',
      async ({ params, query }) => {
        const epub = await exportEpub(deps, params.slug, query);
        const headers: Record<string, string> = {
          'content-type': MEDIA_TYPE,
          'content-disposition': contentDisposition(epub.fileName),
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
        };
        if (epub.size !== null) headers['content-length'] = String(epub.size);
        return new Response(epub.body, { status: 200, headers });
      },
      {
        auth: proGate,
        params: ExportParams,
        query: ExportQuery,
        // The 200 body is a stream of application/epub+zip (a Response), so only the errors have schemas.
        response: { 400: ExportError, 403: ExportError, 404: ExportError },
        detail: {
          tags: ['reading'],
          summary: 'The book, or chapters from..to (inclusive), as an EPUB 2 file (Pro and admin only)',
        },
      },
    );
}
