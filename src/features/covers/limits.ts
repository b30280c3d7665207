import sharp from 'sharp';
import { tooLarge } from '../../platform/http/errors.ts';

/** What a stored cover may be: its bytes as sent, and its pixels as its header declares them. */
export interface CoverLimits {
  maxBytes: number;
  /** Widest and tallest, in pixels (COVER_MAX_DIMENSION): 4096 keeps a decoded cover under 64 MB. */
  maxDimension: number;
}

export const COVER_MAX_BYTES = 10 * 1024 * 1024;
export const DEFAULT_COVER_MAX_DIMENSION = 4096;

export const coverLimits = (maxDimension = DEFAULT_COVER_MAX_DIMENSION): CoverLimits => ({ maxBytes: COVER_MAX_BYTES, maxDimension });

export interface PictureHeader {
  /** sharp's name for the format: png, jpeg, webp, gif, svg, heif, tiff… */
  format: string;
  width: number;
  height: number;
}

/**
 * The picture's format and pixel size, read from its header (PNG IHDR, JPEG SOF, the WebP and GIF
 * headers, the SVG root's size): sharp's metadata() decodes no pixel data. Null when it is no picture.
 * No pixel limit here: a 30000×30000 header must be read to be refused as too large, not unreadable.
 */
export async function pictureHeader(bytes: Uint8Array): Promise<PictureHeader | null> {
  const meta = await sharp(bytes, { limitInputPixels: false }).metadata().catch(() => null);
  if (!meta?.format || !meta.width || !meta.height) return null;
  return { format: meta.format, width: meta.width, height: meta.height };
}

/** 413 for a cover past the byte limit or the pixel limit; call before anything decodes it. */
export function assertCoverFits(bytes: Uint8Array, header: PictureHeader | null, limits: CoverLimits): void {
  if (bytes.length > limits.maxBytes) throw tooLarge(`The picture is larger than the ${Math.round(limits.maxBytes / 1024 / 1024)} MB limit`);
  if (header && (header.width > limits.maxDimension || header.height > limits.maxDimension)) {
    throw tooLarge(`The picture is ${header.width}×${header.height} pixels; a cover may be at most ${limits.maxDimension}×${limits.maxDimension}`);
  }
}

/** The pixel budget to hand sharp when it does decode a cover that passed assertCoverFits. */
export const pixelBudget = (limits: CoverLimits) => limits.maxDimension * limits.maxDimension;
