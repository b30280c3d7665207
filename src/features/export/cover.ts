import type { Logger } from '../../platform/log.ts';
import type { ObjectStore } from '../../platform/objects/port.ts';
import { assertCoverFits, pictureHeader, pixelBudget, type CoverLimits } from '../covers/limits.ts';
import { svgToPng } from '../covers/storable.ts';
import { coverPng, type CoverText } from '../covers/drawn/service.ts';
import type { CoverImage } from './epub/build.ts';

type CoverDeps = { objects: ObjectStore; log: Logger; coverLimits: CoverLimits };

/** Drawn covers go into a book at 600×900: sharp on an e-reader's screen, about 60 kB. */
const EPUB_COVER_WIDTH = 600;

/** EPUB 2 core image types, copied as they are. */
const AS_IS: Record<string, Omit<CoverImage, 'bytes'>> = {
  jpeg: { extension: 'jpg', mediaType: 'image/jpeg' },
  png: { extension: 'png', mediaType: 'image/png' },
  gif: { extension: 'gif', mediaType: 'image/gif' },
};

/**
 * The book's cover as an EPUB 2 core image type, typed by its content. An SVG (a demo cover, or
 * one stored before covers were checked) is drawn to PNG: an SVG inside the book could run script
 * in a reading app. WebP and AVIF (saved covers are WebP) are re-encoded to JPEG. A book without
 * a cover, or whose cover cannot be read or is past the size limits, gets the drawn one
 * (features/covers/drawn): its title and author, as PNG.
 */
export async function exportCover(deps: CoverDeps, book: CoverText & { cover_key: string | null }): Promise<CoverImage | null> {
  return (book.cover_key && (await storedCover(deps, book.cover_key))) || drawnCoverImage(deps, book);
}

/** The drawn cover at the size of a reader's screen; null only if librsvg fails. */
async function drawnCoverImage(deps: CoverDeps, book: CoverText): Promise<CoverImage | null> {
  try {
    return { ...AS_IS.png!, bytes: await coverPng(book, EPUB_COVER_WIDTH) };
  } catch (error) {
    deps.log.warn('EPUB export without its cover', { error: error as Error });
    return null;
  }
}

async function storedCover(deps: CoverDeps, coverKey: string): Promise<CoverImage | null> {
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
    deps.log.warn('EPUB export with a drawn cover: the stored one cannot be used', { error: error as Error });
    return null;
  }
}
