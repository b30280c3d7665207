import sharp from 'sharp';
import { badRequest } from '../../platform/http/errors.ts';
import { assertCoverFits, pictureHeader, pixelBudget, type CoverLimits, type PictureHeader } from './limits.ts';

export interface StorableCover {
  bytes: Uint8Array;
  mime: string;
  extension: string;
}

/** Pictures a browser shows without running anything: stored as they came. */
const AS_IS: Record<string, { mime: string; extension: string }> = {
  png: { mime: 'image/png', extension: 'png' },
  jpeg: { mime: 'image/jpeg', extension: 'jpg' },
  webp: { mime: 'image/webp', extension: 'webp' },
  gif: { mime: 'image/gif', extension: 'gif' },
};

export const notACover = () => badRequest('A cover must be a PNG, JPEG, WebP, GIF or SVG picture');

/**
 * A cover as it may be stored, its type decided by its content (never by what the sender said)
 * and its size checked from its header before anything decodes it. An SVG can carry script,
 * event handlers and references to other sites, so it is never stored as SVG: it is drawn to PNG.
 */
export async function storableCover(bytes: Uint8Array, limits: CoverLimits): Promise<StorableCover> {
  const header = await pictureHeader(bytes);
  assertCoverFits(bytes, header, limits);
  if (header?.format === 'svg') return { bytes: await svgToPng(bytes, header, limits), mime: 'image/png', extension: 'png' };
  const type = header ? AS_IS[header.format] : undefined;
  if (!type) throw notACover();
  return { bytes, ...type };
}

/**
 * librsvg draws the picture: it runs no script, and with no base URL it loads nothing from
 * outside (links to other files or sites stay empty), so the PNG holds only what the SVG draws.
 */
export async function svgToPng(bytes: Uint8Array, header: PictureHeader, limits: CoverLimits): Promise<Uint8Array> {
  assertCoverFits(bytes, header, limits);
  return new Uint8Array(await sharp(bytes, { limitInputPixels: pixelBudget(limits) }).png().toBuffer());
}
