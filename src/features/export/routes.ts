import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../platform/boot.ts';
import { CredentialRefused, type AccessRule, type AuthPlugin } from '../../platform/http/auth.ts';
import { ExportParams, ExportQuery } from './model.ts';
import { binaryBody } from '../../platform/http/api-schemas.ts';
import { contentDisposition } from './filename.ts';
import { MEDIA_TYPE, describeEpub, exportEpub } from './service.ts';
import { BASIC_CHALLENGE } from '../opds/basic-auth.ts';
import { requireExport } from '../billing/gate.ts';
import { policyOf } from '../policy/service.ts';
import { coverLimits } from '../covers/limits.ts';

/**
 * An e-reader that follows an OPDS acquisition link sends its app password only once challenged
 * (Thorium does; KOReader sends it at once). The feed's links carry `auth=basic` (opds/links.ts):
 * there a caller signed in by nothing gets 401 with an HTTP Basic challenge. Everywhere else the
 * contract holds: 403 for every caller without the Pro features, anonymous callers included.
 */
const challengesForBasic = (request: Request) => new URL(request.url).searchParams.get('auth') === 'basic';

function basicChallenge(): CredentialRefused {
  const body = { error: 'unauthorized', message: 'Sign in with your username and an app password (Account → App passwords)' };
  return new CredentialRefused(new Response(JSON.stringify(body), {
    status: 401,
    headers: { 'www-authenticate': BASIC_CHALLENGE, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  }));
}

/**
 * GET /api/export/{slug}: the book (or chapters from..to) as an EPUB 2 download, for readers with
 * the Pro features under the owner's policy (403 for everyone else: the Pro gate, billing/gate.ts;
 * with `auth=basic`, the OPDS feed's link, a caller signed in by nothing is challenged for an app password first). The body is a
 * stream: a stored copy, or the book as it is being built. HEAD answers the same headers without
 * building anything (KOReader's OPDS browser reads the file name from it).
 */
export function exportRoutes(platform: BootedPlatform, auth: AuthPlugin) {
  const policy = policyOf(platform);
  /** Checked before the parameters are: a reader without Pro learns nothing about them. */
  const proGate: AccessRule = async (caller, { request }) => {
    if (!caller.user && challengesForBasic(request)) throw basicChallenge();
    requireExport(await policy.current(), caller.user);
  };
  const deps = { db: platform.db, objects: platform.objects, clock: platform.clock, log: platform.log, coverLimits: coverLimits(platform.config.content.coverMaxDimension) };
  const headersOf = (fileName: string, size: number | null): Record<string, string> => ({
    'content-type': MEDIA_TYPE,
    'content-disposition': contentDisposition(fileName),
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
    ...(size !== null ? { 'content-length': String(size) } : {}),
  });
  return new Elysia({ name: 'export' })
    .use(auth)
    .get(
      '/api/export/:slug',
      async ({ params, query, request }) => {
        if (request.method === 'HEAD') {
          // Elysia answers a HEAD with this GET handler's response, its Content-Length set to the
          // length of the body returned here, which it reads and drops: the stored copy, when there
          // is one, else nothing (nothing is built for a HEAD, and the length is then 0).
          const file = await describeEpub(deps, params.slug, query);
          return new Response(file.stored, { status: 200, headers: headersOf(file.fileName, file.stored ? file.size : null) });
        }
        const epub = await exportEpub(deps, params.slug, query);
        return new Response(epub.body, { status: 200, headers: headersOf(epub.fileName, epub.size) });
      },
      {
        auth: proGate,
        params: ExportParams,
        query: ExportQuery,
        response: { 200: binaryBody(MEDIA_TYPE, 'The EPUB 2 file, as a download') },
        detail: {
          tags: ['reading'],
          // Beside the session, an e-reader's app password (app.ts withAppPasswordDownloads).
          security: [{ bearerAuth: [] }, { sessionCookie: [] }, { appPassword: [] }],
          summary: 'The book, or chapters from..to (inclusive), as an EPUB 2 file (Pro and admin only; HTTP Basic with an app password accepted)',
        },
      },
    );
}
