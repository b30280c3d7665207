import { describe, expect, test } from 'bun:test';
import { chapterRange, jumpTarget, pageCount, pageOfChapter, pageWindow, parseChapterNumber, parsePage } from '../../src/features/reader/paging.ts';
import { chapterInListPath, chapterListPath } from '../../views/pages/reader/links.ts';
import { summarise } from '../../views/pages/reader/meta.ts';

describe('chapter list pages (by chapter number, 100 a page)', () => {
  test('ranges, counts and the page of a chapter agree', () => {
    expect(chapterRange(1)).toEqual({ from: 1, to: 100 });
    expect(chapterRange(50)).toEqual({ from: 4901, to: 5000 });
    expect(pageCount(null)).toBe(1);
    expect(pageCount(100)).toBe(1);
    expect(pageCount(101)).toBe(2);
    expect(pageCount(5000)).toBe(50);
    for (const n of [1, 100, 101, 4999, 5000]) {
      const { from, to } = chapterRange(pageOfChapter(n));
      expect(n >= from && n <= to).toBe(true);
    }
  });

  test('query values are parsed leniently for pages and strictly for chapter paths', () => {
    expect(parsePage(undefined)).toBe(1);
    expect(parsePage('7')).toBe(7);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage('999999')).toBe(10_000);
    expect(parseChapterNumber('12')).toBe(12);
    for (const bad of ['0', '-1', '1.5', 'abc', '', '99999999', undefined]) expect(parseChapterNumber(bad)).toBeNull();
    expect(jumpTarget(' 42 ')).toBe(42);
    expect(jumpTarget('0')).toBe(1);
    expect(jumpTarget('-9')).toBe(1);
    expect(jumpTarget('123456789012')).toBe(1_000_000);
    expect(jumpTarget('twelve')).toBeNull();
    expect(jumpTarget(undefined)).toBeNull();
  });

  test('the pager shows the ends and two pages either side, with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, null, 5]);
    expect(pageWindow(25, 50)).toEqual([1, null, 23, 24, 25, 26, 27, null, 50]);
    expect(pageWindow(50, 50)).toEqual([1, null, 48, 49, 50]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  test('links back to the list land on the right page and entry', () => {
    expect(chapterListPath('a-book', 1)).toBe('/book/a-book');
    expect(chapterListPath('a-book', 3)).toBe('/book/a-book?chapters_page=3');
    expect(chapterInListPath('a-book', 99)).toBe('/book/a-book#chapter-99');
    expect(chapterInListPath('a-book', 201)).toBe('/book/a-book?chapters_page=3#chapter-201');
  });
});

describe('summarise', () => {
  test('one line, cut at a word with an ellipsis', () => {
    expect(summarise('  Short\n\ntext ')).toBe('Short text');
    const long = 'word '.repeat(60);
    const cut = summarise(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut).toEndWith('word…');
  });
});
