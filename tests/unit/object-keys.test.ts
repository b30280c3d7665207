import { describe, expect, test } from 'bun:test';
import { AppError } from '../../src/platform/http/errors.ts';
import { encodeKey, validateKey, validatePrefix } from '../../src/platform/objects/keys.ts';

function expect400(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(400);
    expect((err as AppError).message).toBe('Invalid object key');
    return;
  }
  throw new Error('expected a 400 AppError');
}

const bad = [
  '',
  'x'.repeat(513),
  '/abs',
  '../x',
  'a/../b',
  'a..b',
  '..',
  'a\\b',
  'a\0b',
  'a\nb',
  'a\tb',
  'a\x7fb',
  'a//b',
  './a',
  'a/./b',
  'a/.',
  '.',
  'a/',
  'a b',
  'a?b',
  'a#b',
  'a%2e',
  'caf\u00e9',
];

describe('validateKey', () => {
  test.each(bad.map((k) => [JSON.stringify(k), k]))('rejects %s', (_, key) => expect400(() => validateKey(key)));

  test.each(['a', 'covers/42.webp', 'audio/book-1/ch_02.mp3', 'x'.repeat(512), '.hidden', 'a/.b', 'v1.2/a~b@c=d,e+f'])(
    'accepts %s unchanged',
    (key) => expect(validateKey(key)).toBe(key),
  );

  test('rejects non-strings', () => expect400(() => validateKey(42 as unknown as string)));
});

describe('validatePrefix', () => {
  test('allows the empty prefix and a trailing slash', () => {
    expect(validatePrefix('')).toBe('');
    expect(validatePrefix('covers/')).toBe('covers/');
    expect(validatePrefix('covers/4')).toBe('covers/4');
  });

  test.each(['/', '/a', '../', 'a//', 'a\\', 'a/./', 'a/../'])('rejects %s', (p) => expect400(() => validatePrefix(p)));
});

test('encodeKey keeps separators and escapes the rest', () => {
  expect(encodeKey('a/b@c=d,e+f.txt')).toBe('a/b%40c%3Dd%2Ce%2Bf.txt');
});
