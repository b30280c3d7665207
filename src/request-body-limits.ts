import type { Config } from './config.ts';
import { createBodyLimits, type BodyLimits } from './platform/http/body-limits.ts';
import { AVATAR_MAX_BYTES } from './features/accounts/avatars/image-check.ts';
import { MAX_IMAGE_BYTES } from './features/ai/covers/images.ts';

const MB = 1024 * 1024;

/** Presigned uploads to the filesystem store's own /objects route. */
export const MAX_OBJECT_UPLOAD_BYTES = 50 * MB;
// A generated cover arrives as base64 JSON: up to the 10 MB image limit, a third more as text.
const MAX_SAVED_COVER_BODY_BYTES = 16 * MB;
// An upload route checks its file against its own limit and answers with its own message: the
// body may exceed that limit by its multipart framing and a modest overshoot, so the route is the
// one that answers; past that the body is refused unread.
const UPLOAD_SLACK_BYTES = 1 * MB;

/**
 * Every request body's limit, by route (docs/operations.md, "Request body limits"): BODY_MAX_MB
 * for all bodies, and the upload routes' own (imports follow IMPORT_MAX_MB). The largest is the
 * server's ceiling.
 */
export function requestBodyLimits(config: Config): BodyLimits {
  const upload = (bytes: number) => bytes + UPLOAD_SLACK_BYTES;
  const importBytes = upload(config.content.importMaxBytes);
  return createBodyLimits(config.bodyMaxBytes, [
    { method: 'POST', path: '/api/admin/import', bytes: importBytes },
    { method: 'POST', path: '/admin/imports/upload', bytes: importBytes },
    { method: 'POST', path: '/account/avatar/upload', bytes: upload(AVATAR_MAX_BYTES) },
    { method: 'POST', path: '/api/admin/image-gen', bytes: upload(MAX_IMAGE_BYTES) },
    { method: 'POST', path: '/api/admin/image-gen/save-cover', bytes: MAX_SAVED_COVER_BODY_BYTES },
    { method: 'PUT', path: '/objects/*', bytes: MAX_OBJECT_UPLOAD_BYTES },
  ]);
}
