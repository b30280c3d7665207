import { describe, expect, test } from 'bun:test';
import { koreaderFileNames, safeFileNames } from '../../src/features/kosync/koreader-names.ts';

/** The names KOReader's OPDS browser and util.lua give a download (plugins/opds.koplugin, frontend/util.lua). */
describe("KOReader's download names", () => {
  test('without an OPDS entry, only the name the download offers', () => {
    expect(koreaderFileNames({ exact: 'Fluß - chapters 1-3.epub', ascii: 'Fluss - chapters 1-3.epub' })).toEqual(['Fluß - chapters 1-3.epub']);
  });

  test('through the OPDS browser: "Author - Title" with forbidden characters as _, the server name, the link\'s last segment', () => {
    const names = koreaderFileNames({
      exact: 'Who_ What - chapters 1-9.epub',
      ascii: 'Who_ What - chapters 1-9.epub',
      opds: { title: 'Who? What: "Why" <now>|/\\*...', author: 'A. Writer', slug: 'who-what' },
    });
    expect(names).toEqual(['Who_ What - chapters 1-9.epub', 'A. Writer - Who_ What_ _Why_ _now_____.epub', 'who-what.epub']);
  });

  test('trailing dots and spaces of "Author - Title" go before the suffix is added', () => {
    expect(koreaderFileNames({ exact: 'x.epub', ascii: 'x.epub', opds: { title: 'To be continued... ', author: 'Ann', slug: 's' } })).toContain('Ann - To be continued.epub');
  });

  test('a percent sequence in the server name is decoded, as its urlDecode does', () => {
    expect(koreaderFileNames({ exact: '100%25 - chapter 1.epub', ascii: '100%25 - chapter 1.epub', opds: { title: 't', author: 'a', slug: 's' } })).toContain('100% - chapter 1.epub');
  });

  test('getSafeFilename: the name before the suffix cut to 240 bytes at a whole character, both replacement rules', () => {
    const long = `${'é'.repeat(130)}.epub`;
    expect(safeFileNames(long)).toEqual([`${'é'.repeat(120)}.epub`]);
    expect(safeFileNames(`${'a'.repeat(239)} b.epub`)).toEqual([`${'a'.repeat(239)}.epub`, `${'a'.repeat(239)} .epub`]);
    expect(safeFileNames('new\nline\ttab.epub')).toEqual(['new line tab.epub']);
  });
});
