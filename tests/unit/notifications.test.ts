import { describe, expect, test } from 'bun:test';
import { cleanNotification, clip, siteLink } from '../../src/features/notifications/text.ts';
import { parseId } from '../../src/features/notifications/service.ts';

describe('siteLink', () => {
  test('keeps site paths, normalised', () => {
    expect(siteLink('/book/morning-bread/3#comment-12')).toBe('/book/morning-bread/3#comment-12');
    expect(siteLink('/library?shelf=reading')).toBe('/library?shelf=reading');
    expect(siteLink(' /a/../b ')).toBe('/b');
    expect(siteLink('/é')).toBe('/%C3%A9');
  });

  test('drops everything that could leave the site or is not a path', () => {
    for (const link of ['https://evil.example', 'http:/evil.example', '//evil.example', '///evil.example', '/\\evil.example', '\\\\evil', 'javascript:alert(1)', 'data:text/html,x', 'relative/path', '?q=1', '#top', '/\nevil', '/\u0000', '', '   ', `/${'x'.repeat(2000)}`]) {
      expect(siteLink(link)).toBeNull();
    }
    for (const value of [null, undefined, 42, {}, ['/a']]) expect(siteLink(value)).toBeNull();
  });
});

describe('clip and cleanNotification', () => {
  test('clip counts characters, not UTF-16 units, and marks the cut', () => {
    expect(clip('abc', 3)).toBe('abc');
    expect(clip('abcd', 3)).toBe('ab…');
    expect(clip('😀😀😀😀', 3)).toBe('😀😀…');
    expect(clip('ab   cd', 5)).toBe('ab…');
  });

  test('one-line trimmed title, trimmed body with its line breaks, sanitised link', () => {
    expect(cleanNotification({ title: '\t Hello\r\nworld  ', body: ' a\r\nb\u0007 ', link: 'https://x.example' })).toEqual({ title: 'Hello world', body: 'a\nb', link: null });
    expect(cleanNotification({ title: 'x' })).toEqual({ title: 'x', body: '', link: null });
    expect(() => cleanNotification({ title: ' \n\t ' })).toThrow('title is required');
  });
});

describe('parseId', () => {
  test('positive whole ids only', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId('9007199254740991')).toBe(9007199254740991);
    for (const bad of ['0', '-1', '01', '1.0', '1e3', 'abc', '', ' 1', '9007199254740993', '12345678901234567']) {
      expect(() => parseId(bad)).toThrow('id must be a notification id');
    }
  });
});
