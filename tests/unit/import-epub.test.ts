import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseBook, type ParsedBook } from '../../src/features/imports/parse/index.ts';
import { FIXTURES, NOVEL_TITLES, PARTS_TITLES } from '../fixtures/imports/expected.ts';

/** EPUBs made by pandoc from tests/fixtures/imports/novel.md and parts.md (make.sh). */
const fixture = (name: string) => join(FIXTURES, name);
const paragraphs = (markdown: string) => markdown.split('\n\n');

describe.each(['novel-epub2.epub', 'novel-epub3.epub'])('%s (pandoc)', (name) => {
  let book: ParsedBook;
  test('split by the table of contents: seven chapters, no cover, title page or contents page among them', async () => {
    book = await parseBook(fixture(name), 'epub');
    expect(book.rule).toBe('toc');
    expect(book.chapters.map((c) => c.title)).toEqual(NOVEL_TITLES);
    expect(book.warnings).toEqual([]);
  });

  test('metadata', () => {
    expect(book.format).toBe('epub');
    expect(book.title).toBe('The Lantern Keeper’s Ledger');
    expect(book.author).toBe('Wren Halloway');
    expect(book.description).toBe('A harbour town, a ledger of borrowed light, and the girl who has to balance it before winter.');
    expect(book.language).toBe('en-GB');
  });

  test('each chapter is its text in markdown, without its own heading', () => {
    const [prologue, one, two, three, four, five, epilogue] = book.chapters.map((c) => c.markdown);
    expect(paragraphs(prologue!)).toEqual([
      'The ledger had been in the lighthouse longer than anyone could remember. Its pages were soft as cloth, and every line held a debt of light: a lamp lent to a fishing boat, a candle given to a widow, a beacon burned for a ship that never came home.',
      'Ada Pell found it on the morning her grandmother left for the mainland, wrapped in oilcloth under the third stair.',
    ]);
    expect(paragraphs(one!)).toHaveLength(4);
    expect(paragraphs(one!)[1]).toBe('*Keep it balanced,* said the note pinned to the cover, in her grandmother’s careful hand. *Light given must be light returned.*');
    // The scene break, between the third paragraph and the last.
    expect(paragraphs(two!).slice(2).map((p) => p.slice(0, 20))).toEqual(['Ada turned the pages', '* * *', 'That night she walke']);
    expect(three).toContain('the town’s most well-known face at every wedding.');
    expect(four).toMatch(/:\n\n1\.\s+Light cannot be bought\.\n2\.\s+Light cannot be stolen, or rather it can, but the stealing is written down and comes due with interest\.\n3\.\s+Light borrowed in fog/);
    expect(five).toContain('a beacon burned for the *Marigold*, a schooner');
    expect(five).toContain('\n\n> Still owed. She will come home when the harbour remembers her name.\n\n');
    expect(epilogue).toEndWith('*Keep it balanced,* she wrote. *And when you cannot, write it down.*');
    for (const chapter of book.chapters) {
      expect(chapter.markdown).not.toStartWith('#');
      expect(chapter.markdown).not.toContain(chapter.title);
      expect(chapter.markdown).not.toContain('Wren Halloway');
    }
  });

  test('the spine rule gives one chapter per document, the same here', async () => {
    const bySpine = await parseBook(fixture(name), 'epub', { rule: 'spine' });
    expect(bySpine.rule).toBe('spine');
    expect(bySpine.chapters).toEqual(book.chapters);
  });
});

describe('covers', () => {
  test('EPUB 3: the cover-image item, its bytes and type', async () => {
    const book = await parseBook(fixture('novel-epub3.epub'), 'epub');
    expect(book.cover?.contentType).toBe('image/png');
    expect(Buffer.from(book.cover!.bytes).equals(readFileSync(fixture('cover.png')))).toBe(true);
  });

  test('a book without one has none', async () => {
    expect((await parseBook(fixture('novel-epub2.epub'), 'epub')).cover).toBeNull();
  });
});

test('a table of contents with parts over chapters: the chapters, without empty part pages', async () => {
  const book = await parseBook(fixture('novel-parts.epub'), 'epub');
  expect(book.rule).toBe('toc');
  expect(book.chapters.map((c) => c.title)).toEqual(PARTS_TITLES);
  expect(book.chapters[0]!.markdown).toStartWith('Nobody applied for the post at Saltmere Junction');
  expect(book.chapters[1]!.markdown).toContain('meant *is the line clear for a passenger train*.');
  expect(book.chapters.map((c) => c.markdown).join('\n')).not.toContain('Part One');
});

test('a rule for PDFs is answered with the best EPUB rule and a warning', async () => {
  const book = await parseBook(fixture('novel-epub3.epub'), 'epub', { rule: 'pages', pagesPerChapter: 2 });
  expect(book.rule).toBe('toc');
  expect(book.chapters).toHaveLength(7);
  expect(book.warnings).toEqual(['The rule "pages" is for PDFs; this EPUB was split by its table of contents.']);
});

describe('progress and cancelling', () => {
  test('progress rises to 1, once per document and at the end', async () => {
    const seen: number[] = [];
    await parseBook(fixture('novel-epub3.epub'), 'epub', { onProgress: (f) => seen.push(f) });
    // Nine spine documents (cover, title page, seven chapters), then done.
    expect(seen).toHaveLength(10);
    expect(seen.every((f, i) => f > 0 && (i === 0 || f > seen[i - 1]!))).toBe(true);
    expect(seen.at(-1)).toBe(1);
  });

  test('a cancel between documents stops the work', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const result = parseBook(fixture('novel-epub3.epub'), 'epub', {
      signal: controller.signal,
      onProgress: (f) => {
        seen.push(f);
        if (seen.length === 3) controller.abort(new Error('cancelled by an admin'));
      },
    });
    await expect(result).rejects.toThrow('cancelled by an admin');
    expect(seen).toHaveLength(3);
  });
});
