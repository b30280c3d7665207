import { fileTypeFromBuffer } from 'file-type';
import { badRequest, tooLarge } from '../../../platform/http/errors.ts';
import type { ObjectStore } from '../../../platform/objects/port.ts';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type AvatarType = (typeof AVATAR_TYPES)[number];

/** Enough for file-type to recognise any of the accepted formats. */
const SNIFF_BYTES = 4100;

const missing = () => badRequest('Upload the image first');
const wrongType = () => badRequest('Use a PNG, JPEG or WebP image');

async function readAll(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array> {
  const out = new Uint8Array(limit);
  let length = 0;
  const reader = stream.getReader();
  try {
    while (length < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      const take = Math.min(value.length, limit - length);
      out.set(value.subarray(0, take), length);
      length += take;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return out.subarray(0, length);
}

/** The type of an avatar's bytes (a form upload, held whole): 413 past 2 MB, 400 unless PNG, JPEG or WebP. */
export async function avatarTypeOf(bytes: Uint8Array): Promise<AvatarType> {
  if (bytes.byteLength > AVATAR_MAX_BYTES) throw tooLarge('Images must be 2 MB or smaller');
  if (bytes.byteLength === 0) throw missing();
  const detected = await fileTypeFromBuffer(bytes.subarray(0, SNIFF_BYTES));
  const contentType = AVATAR_TYPES.find((type) => type === detected?.mime);
  if (!contentType) throw wrongType();
  return contentType;
}

/**
 * Checks an uploaded avatar by its bytes, not by its name or the Content-Type the browser sent: a
 * presigned PUT lets the client store anything, so an SVG or an HTML page renamed .png must fail here.
 */
export async function checkAvatarObject(
  objects: ObjectStore,
  key: string,
): Promise<{ contentType: AvatarType; size: number }> {
  const info = await objects.head(key);
  if (!info) throw missing();
  if (info.size > AVATAR_MAX_BYTES) throw tooLarge('Images must be 2 MB or smaller');
  if (info.size === 0) throw wrongType();

  const object = await objects.get(key, { start: 0, end: SNIFF_BYTES - 1 });
  if (!object) throw missing(); // deleted between the two calls
  const head = await readAll(object.body, SNIFF_BYTES);
  const detected = await fileTypeFromBuffer(head);
  const contentType = AVATAR_TYPES.find((type) => type === detected?.mime);
  if (!contentType) throw wrongType();
  return { contentType, size: info.size };
}
