import { describe, expect, test } from 'bun:test';
import sharp from 'sharp';
import { coverLimits, pictureHeader } from '../../src/features/covers/limits.ts';
import { storableCover } from '../../src/features/covers/storable.ts';
import { AppError } from '../../src/platform/http/errors.ts';
import { blankPng } from '../support/png.ts';

const small = (format: 'jpeg' | 'gif' | 'webp') => sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } })[format]().toBuffer().then((b) => new Uint8Array(b));

/** The same small picture with a header that says 10000×10000: what a decoder would be asked to allocate. */
async function claimingHuge(format: 'jpeg' | 'gif' | 'webp'): Promise<Uint8Array> {
  const bytes = await small(format);
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (format === 'jpeg') {
    const sof = view.findIndex((b, i) => b === 0xff && view[i + 1]! >= 0xc0 && view[i + 1]! <= 0xc2);
    view.writeUInt16BE(10_000, sof + 5); // height
    view.writeUInt16BE(10_000, sof + 7); // width
  } else if (format === 'gif') {
    view.writeUInt16LE(10_000, 6); // logical screen
    view.writeUInt16LE(10_000, 8);
    const frame = view.indexOf(0x2c, 13); // image descriptor
    view.writeUInt16LE(10_000, frame + 5);
    view.writeUInt16LE(10_000, frame + 7);
  } else {
    expect(view.toString('latin1', 12, 16)).toBe('VP8 ');
    view.writeUInt16LE(10_000, 26); // VP8 key frame: 14-bit width, then height
    view.writeUInt16LE(10_000, 28);
  }
  return bytes;
}

const refusal = async (run: () => Promise<unknown>) => {
  try {
    await run();
    return 'stored';
  } catch (error) {
    return error instanceof AppError ? `${error.status} ${error.code}: ${error.message}` : String(error);
  }
};

describe('a cover is measured by its header', () => {
  test.each(['jpeg', 'gif', 'webp'] as const)('a %s whose header says 10000×10000 is refused with 413, its pixels never decoded', async (format) => {
    const bytes = await claimingHuge(format);
    expect(await pictureHeader(bytes)).toEqual({ format, width: 10_000, height: 10_000 });
    expect(await refusal(() => storableCover(bytes, coverLimits()))).toBe('413 too_large: The picture is 10000×10000 pixels; a cover may be at most 4096×4096');
  });

  test('a PNG is measured from IHDR; the limit is a setting', async () => {
    const png = blankPng(5000, 300);
    expect(await refusal(() => storableCover(png, coverLimits()))).toBe('413 too_large: The picture is 5000×300 pixels; a cover may be at most 4096×4096');
    expect(await storableCover(png, coverLimits(8192))).toEqual({ bytes: png, mime: 'image/png', extension: 'png' });
  });

  test('pictures of an ordinary size are kept as they came; an SVG is drawn to PNG; anything else is refused', async () => {
    for (const format of ['jpeg', 'gif', 'webp'] as const) {
      const bytes = await small(format);
      expect((await storableCover(bytes, coverLimits())).bytes).toBe(bytes);
    }
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="30" height="45"><script>alert(1)</script><rect width="30" height="45" fill="red"/></svg>');
    const drawn = await storableCover(svg, coverLimits());
    expect(drawn.mime).toBe('image/png');
    expect(await pictureHeader(drawn.bytes)).toEqual({ format: 'png', width: 30, height: 45 });
    expect(await refusal(() => storableCover(new TextEncoder().encode('<html><script>alert(1)</script></html>'), coverLimits()))).toBe('400 invalid_request: A cover must be a PNG, JPEG, WebP, GIF or SVG picture');
    const hugeSvg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"/>');
    expect(await refusal(() => storableCover(hugeSvg, coverLimits()))).toBe('413 too_large: The picture is 100000×100000 pixels; a cover may be at most 4096×4096');
  });
});
