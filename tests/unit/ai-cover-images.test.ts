import { describe, expect, test } from 'bun:test';
import sharp from 'sharp';
import { decodeBase64Image, MAX_IMAGE_BYTES, referenceType } from '../../src/features/ai/covers/images.ts';
import { coverPrompt } from '../../src/features/ai/covers/service.ts';
import { AppError } from '../../src/platform/http/errors.ts';

const png = () => sharp({ create: { width: 4, height: 6, channels: 3, background: '#336699' } }).png().toBuffer();

const failure = async (run: () => unknown) => {
  try {
    await run();
  } catch (error) {
    return error instanceof AppError ? [error.status, error.code] : ['not an AppError', String(error)];
  }
  return null;
};

describe('cover images', () => {
  test('a reference is typed by its bytes', async () => {
    expect(await referenceType(new Uint8Array(await png()))).toBe('image/png');
    expect(await referenceType(new Uint8Array(await sharp(await png()).jpeg().toBuffer()))).toBe('image/jpeg');
    expect(await referenceType(new Uint8Array(await sharp(await png()).webp().toBuffer()))).toBe('image/webp');
    expect(await failure(async () => referenceType(new Uint8Array(await sharp(await png()).gif().toBuffer())))).toEqual([400, 'invalid_request']);
    expect(await failure(() => referenceType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')))).toEqual([400, 'invalid_request']);
    expect(await failure(() => referenceType(new Uint8Array(MAX_IMAGE_BYTES + 1)))).toEqual([413, 'too_large']);
  });

  test('base64 with or without a data: prefix; junk refused', async () => {
    const bytes = await png();
    expect(Buffer.from(decodeBase64Image(bytes.toString('base64'))).equals(bytes)).toBe(true);
    expect(Buffer.from(decodeBase64Image(`data:image/png;base64,${bytes.toString('base64')}`)).equals(bytes)).toBe(true);
    expect(Buffer.from(decodeBase64Image(` ${bytes.toString('base64').replace(/(.{20})/g, '$1\n')} `)).equals(bytes)).toBe(true);
    expect(await failure(() => decodeBase64Image(''))).toEqual([400, 'invalid_request']);
    expect(await failure(() => decodeBase64Image('not base64 at all!'))).toEqual([400, 'invalid_request']);
    expect(await failure(() => decodeBase64Image('A'.repeat(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 100)))).toEqual([413, 'too_large']);
  });

  test('the proposed prompt names the book and asks for no lettering', () => {
    const prompt = coverPrompt({ title: 'Morning Bread', description: 'A baker\n\n and   her town. '.repeat(100) });
    expect(prompt).toStartWith('A book cover illustration for the novel "Morning Bread": A baker and her town.');
    expect(prompt).toEndWith('no text or lettering.');
    expect(prompt.length).toBeLessThan(800);
    expect(coverPrompt({ title: 'Bare', description: '' })).toBe('A book cover illustration for the novel "Bare". Portrait format, rich detail, no text or lettering.');
  });
});
