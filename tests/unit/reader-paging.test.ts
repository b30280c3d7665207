import { describe, expect, test } from 'bun:test';
import { blockOfPage, chapterRange, jumpTarget, pageCount, pageOfChapter, pageWindow, parseChapterNumber, parseOrder, parsePage } from '../../src/features/reader/paging.ts';
import { chapterInListPath, chapterListPath } from '../../views/pages/reader/links.ts';
import { summarise } from '../../views/pages/reader/meta.ts';

describe('chapter list pages (by chapter number, 50 a page)', () => {
  test('ranges, counts and the page of a chapter agree', () => {
    expect(chapterRange(1)).toEqual({ from: 1, to: 50 });
    expect(chapterRange(100)).toEqual({ from: 4951, to: 5000 });
    expect(pageCount(null)).toBe(1);
    expect(pageCount(50)).toBe(1);
    expect(pageCount(51)).toBe(2);
    expect(pageCount(5000)).toBe(100);
    for (const n of [1, 50, 51, 4999, 5000]) {
      const { from, to } = chapterRange(pageOfChapter(n));
      expect(n >= from && n <= to).toBe(true);
    }
  });

  test('newest first, page 1 holds the highest numbers and every chapter is on exactly one page', () => {
    expect(blockOfPage(1, 'newest', 100)).toBe(100);
    expect(blockOfPage(100, 'newest', 100)).toBe(1);
    expect(blockOfPage(3, 'oldest', 100)).toBe(3);
    // 4,990 chapters: the newest page holds 4,951–4,990, the last one 1–50.
    const pages = pageCount(4990);
    expect(pages).toBe(100);
    expect(chapterRange(blockOfPage(1, 'newest', pages))).toEqual({ from: 4951, to: 5000 });
    for (const n of [1, 50, 51, 2500, 4950, 4951, 4990]) {
      for (const order of ['oldest', 'newest'] as const) {
        const { from, to } = chapterRange(blockOfPage(pageOfChapter(n, order, pages), order, pages));
        expect([order, n, n >= from && n <= to]).toEqual([order, n, true]);
      }
    }
    expect(pageOfChapter(4990, 'newest', pages)).toBe(1);
    expect(pageOfChapter(1, 'newest', pages)).toBe(100);
    expect(pageOfChapter(7, 'newest', 1)).toBe(1);
    expect(parseOrder('newest')).toBe('newest');
    for (const other of [undefined, '', 'oldest', 'NEWEST', 'random']) expect(parseOrder(other)).toBe('oldest');
  });

  test('query values are parsed leniently for pages and strictly for chapter paths', () => {
    expect(parsePage(undefined)).toBe(1);
    expect(parsePage('7')).toBe(7);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage('999999')).toBe(20_000);
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
    expect(chapterListPath('a-book', 1, 'newest')).toBe('/book/a-book?order=newest');
    expect(chapterListPath('a-book', 4, 'newest')).toBe('/book/a-book?chapters_page=4&order=newest');
    expect(chapterInListPath('a-book', 49)).toBe('/book/a-book#chapter-49');
    expect(chapterInListPath('a-book', 101)).toBe('/book/a-book?chapters_page=3#chapter-101');
    expect(chapterInListPath('a-book', 101, 'newest', 10)).toBe('/book/a-book?chapters_page=8&order=newest#chapter-101');
    expect(chapterInListPath('a-book', 480, 'newest', 10)).toBe('/book/a-book?order=newest#chapter-480');
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
