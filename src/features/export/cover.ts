import type { Logger } from '../../platform/log.ts';
import type { ObjectStore } from '../../platform/objects/port.ts';
import { assertCoverFits, pictureHeader, pixelBudget, type CoverLimits } from '../covers/limits.ts';
import { svgToPng } from '../covers/storable.ts';
import type { CoverImage } from './epub/build.ts';

/** EPUB 2 core image types, copied as they are. */
const AS_IS: Record<string, Omit<CoverImage, 'bytes'>> = {
  jpeg: { extension: 'jpg', mediaType: 'image/jpeg' },
  png: { extension: 'png', mediaType: 'image/png' },
  gif: { extension: 'gif', mediaType: 'image/gif' },
};

/**
 * The book's cover as an EPUB 2 core image type, typed by its content. An SVG (a demo cover, or
 * one stored before covers were checked) is drawn to PNG: an SVG inside the book could run script
 * in a reading app. WebP and AVIF (saved covers are WebP) are re-encoded to JPEG. A cover that
 * cannot be read, or is past the size limits, leaves the book without one.
 */
export async function exportCover(deps: { objects: ObjectStore; log: Logger; coverLimits: CoverLimits }, coverKey: string | null): Promise<CoverImage | null> {
  if (!coverKey) return null;
  const limits = deps.coverLimits;
  try {
    const object = await deps.objects.get(coverKey);
    if (!object) return null;
    if (object.size > limits.maxBytes) {
      await object.body.cancel();
      return null;
    }
    const bytes = new Uint8Array(await new Response(object.body).arrayBuffer());
    const header = await pictureHeader(bytes);
    if (!header) return null;
    assertCoverFits(bytes, header, limits);
    const type = AS_IS[header.format];
    if (type) return { ...type, bytes };
    if (header.format === 'svg') return { ...AS_IS.png!, bytes: await svgToPng(bytes, header, limits) };
    const { default: sharp } = await import('sharp');
    return { ...AS_IS.jpeg!, bytes: new Uint8Array(await sharp(bytes, { limitInputPixels: pixelBudget(limits) }).flatten({ background: '#ffffff' }).jpeg({ quality: 88 }).toBuffer()) };
  } catch (error) {
    deps.log.warn('EPUB export without its cover', { error: error as Error });
    return null;
  }
}
