import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import type { ObjectStore } from '../../../platform/objects/port.ts';
import { badRequest, tooLarge } from '../../../platform/http/errors.ts';
import { assertCoverFits, pictureHeader, pixelBudget, type CoverLimits } from '../../covers/limits.ts';

/** A reference upload or an image to save: 10 MB at most (interface.md leaves it to us). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Stored covers: at most this size, kept in the 2:3 shape of a book. */
const COVER = { width: 600, height: 900 };
const THUMB = { width: 160, height: 240 };

const REFERENCE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);
const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

export const imageTooLarge = () => tooLarge(`The image is larger than the ${MAX_IMAGE_BYTES / 1024 / 1024} MB limit`);
export const notAnImage = () => badRequest('The image must be a PNG, JPEG or WebP picture (checked by its content, not its name)');

const hash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

/** A reference image's type, decided by its first bytes; anything but PNG, JPEG or WebP is 400. */
export async function referenceType(bytes: Uint8Array): Promise<string> {
  if (bytes.length > MAX_IMAGE_BYTES) throw imageTooLarge();
  const found = await fileTypeFromBuffer(bytes);
  if (!found || !REFERENCE_TYPES.has(found.mime)) throw notAnImage();
  return found.mime;
}

/** The bytes of a base64 image, with or without a `data:image/…;base64,` prefix. */
export function decodeBase64Image(text: string): Uint8Array {
  const payload = text.trim().replace(/^data:[\w.+/-]*(;[\w=-]+)*;base64,/i, '').replace(/\s+/g, '');
  if (!payload || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(payload)) throw notAnImage();
  if ((payload.length * 3) / 4 > MAX_IMAGE_BYTES + 4) throw imageTooLarge();
  return new Uint8Array(Buffer.from(payload, 'base64'));
}

/** A generated picture, kept as it came under `covers/generated/<hash>.<ext>` (the path a client may show). */
export async function storeGenerated(objects: ObjectStore, image: { bytes: Uint8Array; mime: string }, limits: CoverLimits): Promise<string> {
  const type = (await fileTypeFromBuffer(image.bytes))?.mime ?? image.mime;
  const ext = EXTENSIONS[type];
  if (!ext) throw notAnImage();
  assertCoverFits(image.bytes, await pictureHeader(image.bytes), limits);
  const key = `covers/generated/${hash(image.bytes)}.${ext}`;
  if (!(await objects.head(key))) await objects.put(key, image.bytes, { contentType: type });
  return key;
}

export interface StoredCover {
  key: string;
  thumbKey: string;
}

/**
 * Decodes any picture sharp reads (so a file that only claims to be one is refused), re-encodes it
 * to WebP at cover size plus a thumbnail, and stores both under `covers/<slug>/<hash>.webp`.
 * Its pixel size is read from its header first: past the limit it is refused before any decoding.
 */
export async function storeCover(objects: ObjectStore, slug: string, bytes: Uint8Array, limits: CoverLimits): Promise<StoredCover> {
  if (bytes.length > MAX_IMAGE_BYTES) throw imageTooLarge();
  const header = await pictureHeader(bytes);
  if (!header) throw notAnImage();
  assertCoverFits(bytes, header, limits);
  let cover: Buffer;
  let thumb: Buffer;
  try {
    const source = sharp(bytes, { limitInputPixels: pixelBudget(limits) }).rotate();
    cover = await source.clone().resize({ ...COVER, fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
    thumb = await source.clone().resize({ ...THUMB, fit: 'cover' }).webp({ quality: 75 }).toBuffer();
  } catch {
    throw notAnImage();
  }
  const name = hash(cover);
  const key = `covers/${slug}/${name}.webp`;
  const thumbKey = `covers/${slug}/${name}-thumb.webp`;
  await objects.put(key, cover, { contentType: 'image/webp' });
  await objects.put(thumbKey, thumb, { contentType: 'image/webp' });
  return { key, thumbKey };
}
