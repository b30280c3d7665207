import { createHash } from 'node:crypto';
import type { SourceBook, SourceClient } from '../../integrations/sources/index.ts';
import type { ObjectStore } from '../../platform/objects/port.ts';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif', 'image/svg+xml': 'svg' };

/**
 * The source's cover, fetched like any page (guard, pacing, size cap) and stored under
 * `covers/<slug>/<hash>.<ext>` (served for a year at /covers/: the hash changes with the image).
 * Only image types a browser shows safely; an SVG cover is served sandboxed.
 */
export async function storeSourceCover(objects: ObjectStore, client: SourceClient, book: SourceBook, slug: string, signal: AbortSignal): Promise<string | null> {
  if (!book.coverUrl) return null;
  const image = await client.image(book.coverUrl, signal);
  const ext = EXTENSIONS[image.contentType.toLowerCase()];
  if (!ext || image.bytes.length === 0) return null;
  const key = `covers/${slug}/${createHash('sha256').update(image.bytes).digest('hex').slice(0, 12)}.${ext}`;
  if (!(await objects.head(key))) await objects.put(key, image.bytes, { contentType: image.contentType });
  return key;
}
