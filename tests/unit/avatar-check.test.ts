import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AVATAR_MAX_BYTES, checkAvatarObject } from '../../src/features/accounts/avatars/image-check.ts';
import { AppError } from '../../src/platform/http/errors.ts';
import { createFsObjectStore } from '../../src/platform/objects/fs.ts';
import type { ObjectStore } from '../../src/platform/objects/port.ts';

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));
const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

/** A PNG chunk: length, type, data, CRC-32 of type and data. */
function chunk(type: string, data: number[]): number[] {
  const body = [...bytes(type), ...data];
  return [...u32(data.length), ...body, ...u32(Bun.hash.crc32(new Uint8Array(body)))];
}

// 1×1 RGBA PNG: signature, IHDR, an empty-ish IDAT, IEND.
const PNG = bytes(
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  chunk('IHDR', [...u32(1), ...u32(1), 8, 6, 0, 0, 0]),
  chunk('IDAT', [0x78, 0x9c, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01]),
  chunk('IEND', []),
);
// JPEG: SOI, an APP0/JFIF segment, EOI.
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0, 1, 1, 0, 0, 1, 0, 1, 0, 0], [0xff, 0xd9]);
// WebP: a RIFF container with a lossless (VP8L) 1×1 bitstream.
const VP8L = [0x2f, 0x00, 0x00, 0x00, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0x00];
const WEBP = bytes('RIFF', [...u32(4 + 8 + VP8L.length)].reverse(), 'WEBP', 'VP8L', [VP8L.length, 0, 0, 0], VP8L);
const GIF = bytes('GIF89a', [1, 0, 1, 0, 0, 0, 0], [0x3b]);
const SVG = bytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');
const HTML = bytes('<!doctype html><html><body><script>alert(1)</script></body></html>');

let root: string;
let objects: ObjectStore;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'avatar-check-'));
  objects = createFsObjectStore({ root, baseUrl: 'http://localhost', secret: 'test-secret' });
});
afterAll(async () => {
  await objects.close();
  await rm(root, { recursive: true, force: true });
});

async function rejection(key: string): Promise<AppError> {
  const error = await checkAvatarObject(objects, key).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('checkAvatarObject', () => {
  const accepted: Array<[string, Uint8Array, string]> = [
    ['png', PNG, 'image/png'],
    ['jpeg', JPEG, 'image/jpeg'],
    ['webp', WEBP, 'image/webp'],
  ];
  for (const [name, body, type] of accepted) {
    test(`accepts a ${name} by its bytes, whatever it was uploaded as`, async () => {
      await objects.put(`avatars/u1/${name}`, body, { contentType: 'application/octet-stream' });
      expect(await checkAvatarObject(objects, `avatars/u1/${name}`)).toEqual({ contentType: type as never, size: body.length });
    });
  }

  const refused: Array<[string, Uint8Array]> = [
    ['an SVG renamed .png', SVG],
    ['an HTML page sent as image/png', HTML],
    ['a text file', bytes('just some words\n')],
    ['a GIF (an image, but not one we take)', GIF],
    ['an empty object', new Uint8Array()],
  ];
  for (const [name, body] of refused) {
    test(`refuses ${name}`, async () => {
      const key = `avatars/u2/${name.replace(/\W+/g, '-')}.png`;
      await objects.put(key, body, { contentType: 'image/png' });
      const error = await rejection(key);
      expect([error.status, error.code, error.message]).toEqual([400, 'invalid_request', 'Use a PNG, JPEG or WebP image']);
    });
  }

  test('refuses an object over 2 MB before reading it', async () => {
    const big = new Uint8Array(AVATAR_MAX_BYTES + 1);
    big.set(PNG);
    await objects.put('avatars/u3/big.png', big, { contentType: 'image/png' });
    const error = await rejection('avatars/u3/big.png');
    expect([error.status, error.code, error.message]).toEqual([413, 'too_large', 'Images must be 2 MB or smaller']);
    const unread: ObjectStore = Object.assign(Object.create(objects), { get: () => Promise.reject(new Error('read')) });
    await expect(checkAvatarObject(unread, 'avatars/u3/big.png')).rejects.toMatchObject({ status: 413 });
  });

  test('accepts exactly 2 MB', async () => {
    const edge = new Uint8Array(AVATAR_MAX_BYTES);
    edge.set(JPEG);
    await objects.put('avatars/u3/edge.jpg', edge);
    expect(await checkAvatarObject(objects, 'avatars/u3/edge.jpg')).toEqual({ contentType: 'image/jpeg', size: AVATAR_MAX_BYTES });
  });

  test('a key with nothing uploaded asks for the upload first', async () => {
    const error = await rejection('avatars/u4/never-uploaded.png');
    expect([error.status, error.code, error.message]).toEqual([400, 'invalid_request', 'Upload the image first']);
  });
});
