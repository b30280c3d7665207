import { describe, expect, test } from 'bun:test';
import { parseRange } from '../../src/platform/objects/routes.ts';

// RFC 9110 §14.1.2 (byte ranges) and §15.5.17 (416): what the signed object links and the stored
// audio answer to a Range header of a 1,000-byte object.
const SIZE = 1000;

describe('parseRange: satisfiable ranges', () => {
  test.each([
    ['bytes=0-0', 0, 0],
    ['bytes=0-99', 0, 99],
    ['bytes=100-', 100, 999],
    ['bytes=999-', 999, 999],
    ['bytes=999-999', 999, 999],
    ['bytes=10-5000', 10, 999],
    ['bytes=-1', 999, 999],
    ['bytes=-50', 950, 999],
    ['bytes=-1000', 0, 999],
    ['bytes=-5000', 0, 999],
    ['  bytes=2-5  ', 2, 5],
    ['Bytes=2-5', 2, 5],
  ])('%s → %d-%d', (header, start, end) => {
    expect(parseRange(header, SIZE)).toEqual({ start, end });
  });
});

describe('parseRange: unsatisfiable (416)', () => {
  test.each([
    // A first byte at or past the end, with or without a last byte.
    ['bytes=1000-'],
    ['bytes=1001-'],
    ['bytes=1000-1000'],
    ['bytes=1000-2000'],
    ['bytes=99999999999999999999-'],
    // A suffix of zero bytes selects nothing.
    ['bytes=-0'],
    ['bytes=-000'],
  ])('%s', (header) => {
    expect(parseRange(header, SIZE)).toBe('unsatisfiable');
  });

  test('an empty representation satisfies no range', () => {
    for (const header of ['bytes=0-', 'bytes=0-0', 'bytes=-1', 'bytes=-0', 'bytes=5-9']) expect(parseRange(header, 0)).toBe('unsatisfiable');
  });
});

describe('parseRange: ignored (200 with the whole object)', () => {
  test.each([
    ['bytes=-'],
    ['bytes='],
    ['bytes=5-2'], // last before first: not a valid byte-range-spec
    ['bytes=2000-1500'], // invalid even though both are past the end
    ['bytes=0-1,4-5'], // several ranges: the whole object is a valid answer
    ['bytes=a-b'],
    ['bytes=1.5-2'],
    ['items=0-1'],
    ['bytes 0-1'],
    [''],
  ])('%s', (header) => {
    expect(parseRange(header, SIZE)).toBeNull();
  });
});
