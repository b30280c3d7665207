import { describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { PartialMd5, SAMPLE_OFFSETS, fileNameMd5, partialMd5 } from '../../src/features/kosync/partial-md5.ts';

const bytes = (length: number, byte: (i: number) => number) => Uint8Array.from({ length }, (_, i) => byte(i));

describe('partialMD5 as KOReader computes it (frontend/util.lua)', () => {
  test('samples at 0, 1 KiB, 4 KiB, 16 KiB … 1 GiB (lshift(1024, -2) wraps to 0 in LuaJIT)', () => {
    expect(SAMPLE_OFFSETS).toEqual([0, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864, 268435456, 1073741824]);
  });

  // Worked by hand from the Lua loop: seek 0 → 1024 bytes, seek 1024 → 1024 bytes, seek 4096 →
  // the 904 left, seek 16384 → nil, stop. md5 of bytes[0:2048] ++ bytes[4096:5000], computed apart.
  test('a 5000-byte file: two full samples and a short third', () => {
    expect(partialMd5(bytes(5000, (i) => i % 251))).toBe('e77dcca7f22a949ae8492c260ca19f32');
  });

  test('a 20000-byte file: four samples, the bytes between them ignored', () => {
    const file = bytes(20000, (i) => (i * 7 + 3) % 256);
    expect(partialMd5(file)).toBe('d105289f5617c241f52a191c6b2fc809');
    file[3000] = file[3000]! ^ 0xff; // between samples: same id
    expect(partialMd5(file)).toBe('d105289f5617c241f52a191c6b2fc809');
    file[16500] = file[16500]! ^ 0xff; // inside the fourth sample
    expect(partialMd5(file)).not.toBe('d105289f5617c241f52a191c6b2fc809');
  });

  test('a file of exactly 4096 bytes stops before the third sample; an empty one is md5 of nothing', () => {
    const file = bytes(4096, (i) => i & 0xff);
    expect(partialMd5(file)).toBe(createHash('md5').update(file.subarray(0, 2048)).digest('hex'));
    expect(partialMd5(new Uint8Array(0))).toBe('d41d8cd98f00b204e9800998ecf8427e');
  });

  test('fed in uneven chunks it gives the same id as over the whole file', () => {
    const file = bytes(70000, (i) => (i * 31) % 253);
    const hash = new PartialMd5();
    for (let at = 0, step = 1; at < file.length; at += step, step = (step * 3 + 7) % 5000 || 1) hash.update(file.subarray(at, at + step));
    expect(hash.digest()).toBe(partialMd5(file));
  });

  test('the filename id is md5 of the UTF-8 name', () => {
    expect(fileNameMd5('Book - chapters 1-2.epub')).toBe(createHash('md5').update('Book - chapters 1-2.epub').digest('hex'));
  });
});
