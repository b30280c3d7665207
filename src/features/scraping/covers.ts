import { createHash } from 'node:crypto';
import type { SourceBook, SourceClient } from '../../integrations/sources/index.ts';
import type { ObjectStore } from '../../platform/objects/port.ts';
import type { CoverLimits } from '../covers/limits.ts';
import { storableCover } from '../covers/storable.ts';

/**
 * The source's cover, fetched like any page (guard, pacing, size cap), checked like every stored
 * cover (type by content, pixel size from its header, SVG drawn to PNG: features/covers) and
 * stored under `covers/<slug>/<hash>.<ext>` (served for a year at /covers/: the hash changes with
 * the image). A cover that fails the checks throws: the scrape goes on without it.
 */
export async function storeSourceCover(objects: ObjectStore, client: SourceClient, book: SourceBook, slug: string, signal: AbortSignal, limits: CoverLimits): Promise<string | null> {
  if (!book.coverUrl) return null;
  const image = await client.image(book.coverUrl, signal);
  if (image.bytes.length === 0) return null;
  const cover = await storableCover(image.bytes, limits);
  const key = `covers/${slug}/${createHash('sha256').update(cover.bytes).digest('hex').slice(0, 12)}.${cover.extension}`;
  if (!(await objects.head(key))) await objects.put(key, cover.bytes, { contentType: cover.mime });
  return key;
}
