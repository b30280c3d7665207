import sharp from 'sharp';
import type { Db } from '../../../platform/db/index.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { Lru } from './lru.ts';
import { drawnCoverFingerprint, type DrawnFormat } from './paths.ts';
import { findCoverText } from './queries.ts';
import { COVER_HEIGHT, COVER_WIDTH, coverSvg, type CoverText } from './svg.ts';

export { coverSvg, GENERATOR_VERSION, type CoverText } from './svg.ts';
export { drawnCoverPath, type DrawnFormat } from './paths.ts';

/** The PNG size e-readers and OPDS apps get: sharp enough for a cover screen, about 40 kB. */
export const PNG_WIDTH = 400;
export const PNG_HEIGHT = 600;

/**
 * Drawing a PNG takes librsvg some tens of milliseconds; a list of cover-less books in an OPDS app
 * asks for dozens at once. Recent ones are kept (a few MB), and a drawing under way is shared.
 */
const pngs = new Lru<string, Promise<Uint8Array<ArrayBuffer>>>(128);

/** The cover drawn as PNG, `width` pixels wide (2:3). librsvg draws it off the main thread. */
export function coverPng(book: CoverText, width = PNG_WIDTH): Promise<Uint8Array<ArrayBuffer>> {
  const key = `${drawnCoverFingerprint(book)}:${width}`;
  const cached = pngs.get(key);
  if (cached) return cached;
  const height = Math.round((width * COVER_HEIGHT) / COVER_WIDTH);
  const drawing = sharp(Buffer.from(coverSvg(book)), { density: (72 * width) / COVER_WIDTH })
    .resize(width, height)
    .png({ compressionLevel: 9, palette: false })
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer));
  pngs.set(key, drawing);
  // A failed drawing is not kept: the next request tries again.
  drawing.catch(() => pngs.delete(key));
  return drawing;
}

export interface DrawnCover {
  etag: string;
  contentType: string;
  /** Drawn only when sent: a request answered 304 draws nothing. */
  draw(): Promise<string | Uint8Array<ArrayBuffer>>;
}

/** A book's drawn cover in one format; 404 for a book that does not exist. */
export async function drawnCover(db: Db, slug: string, format: DrawnFormat): Promise<DrawnCover> {
  const book = await findCoverText(db, slug);
  if (!book) throw notFound('Cover not found');
  const etag = `"${drawnCoverFingerprint(book)}-${format}"`;
  if (format === 'svg') return { etag, contentType: 'image/svg+xml; charset=utf-8', draw: async () => coverSvg(book) };
  return { etag, contentType: 'image/png', draw: () => coverPng(book) };
}
