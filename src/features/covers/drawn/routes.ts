import { Elysia, t } from 'elysia';
import type { Db } from '../../../platform/db/index.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { DRAWN_COVERS, type DrawnFormat } from './paths.ts';
import { drawnCover } from './service.ts';

// A book slug (lower-case words joined by hyphens) and the format: nothing else can name a file here.
const FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.(svg|png)$/;

/**
 * GET /covers/_drawn/<slug>.svg|.png: the cover drawn for a book that has none. It changes when the
 * title or author does, so it is cached for a day and revalidated by ETag (pages link it with a
 * version, paths.ts). Sandboxed like stored covers.
 */
export function drawnCoverRoutes(db: Db) {
  return new Elysia({ name: 'covers-drawn' }).get(
    `${DRAWN_COVERS}/:file`,
    async ({ params, request }) => {
      const match = FILE.exec(params.file);
      if (!match || match[1]!.length > 200) throw notFound('Cover not found');
      const cover = await drawnCover(db, match[1]!, match[2] as DrawnFormat);
      const headers = {
        etag: cover.etag,
        'cache-control': 'public, max-age=86400, must-revalidate',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        'x-content-type-options': 'nosniff',
      };
      if (matchesEtag(request.headers.get('if-none-match'), cover.etag)) return new Response(null, { status: 304, headers });
      return new Response(await cover.draw(), { headers: { ...headers, 'content-type': cover.contentType } });
    },
    {
      params: t.Object({ file: t.String() }),
      detail: { tags: ['catalogue'], summary: 'A drawn cover (title and author) for a book without one, as SVG or PNG' },
    },
  );
}

/** If-None-Match may list several tags, and a proxy may have weakened ours (W/"…"). */
function matchesEtag(header: string | null, etag: string): boolean {
  return !!header && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
}
