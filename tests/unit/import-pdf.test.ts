import { beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { parseBook, type ParsedBook } from '../../src/features/imports/parse/index.ts';
import { FIXTURES, NOVEL_TITLES, PARTS_TITLES, wordsOf } from '../fixtures/imports/expected.ts';

/**
 * PDFs typeset by weasyprint from novel.md and parts.md (make.sh): with and without bookmarks,
 * running headers and footers, page numbers, justified and ragged text, spaced and indented
 * paragraphs, words hyphenated at line ends. The same books as EPUBs (pandoc) are the reference:
 * every word must come through, in order, and nothing else.
 */
const fixture = (name: string) => join(FIXTURES, name);
const paragraphs = (markdown: string) => markdown.split('\n\n');
const books: Record<string, ParsedBook> = {};

beforeAll(async () => {
  for (const name of ['novel-outline.pdf', 'novel-no-outline.pdf', 'novel-parts.pdf', 'novel-parts-outline.pdf', 'novel-epub3.epub', 'novel-parts.epub']) {
    books[name] = await parseBook(fixture(name), name.endsWith('.pdf') ? 'pdf' : 'epub');
  }
});

describe.each([
  ['novel-outline.pdf', 'outline', 'novel-epub3.epub', NOVEL_TITLES],
  ['novel-no-outline.pdf', 'headings', 'novel-epub3.epub', NOVEL_TITLES],
  ['novel-parts-outline.pdf', 'outline', 'novel-parts.epub', PARTS_TITLES],
  ['novel-parts.pdf', 'headings', 'novel-parts.epub', PARTS_TITLES],
] as const)('%s', (name, rule, reference, titles) => {
  test(`chapters by the ${rule}, titled as the book titles them`, () => {
    expect(books[name]!.rule).toBe(rule);
    expect(books[name]!.chapters.map((c) => c.title)).toEqual(titles);
    expect(books[name]!.warnings).toEqual([]);
  });

  test('every word of each chapter, in order, and nothing else: no running header or footer, no page number, no broken word', () => {
    const pdf = books[name]!.chapters.map((c) => wordsOf(c.markdown));
    const epub = books[reference]!.chapters.map((c) => wordsOf(c.markdown));
    expect(pdf).toEqual(epub);
  });

  test('paragraphs as the book has them', () => {
    const pdf = books[name]!.chapters.map((c) => paragraphs(c.markdown).length);
    const epub = books[reference]!.chapters.map((c) => paragraphs(c.markdown).length);
    expect(pdf).toEqual(epub);
  });
});

describe('the novel as a PDF', () => {
  test('sentences broken over lines and hyphenated come out whole; a compound keeps its hyphen', () => {
    const [prologue, one, two, three] = books['novel-outline.pdf']!.chapters.map((c) => c.markdown);
    // Typeset as "any‐/one", "be‐/fore", "griev‐/ance", "sol‐/stice", "af‐/ter", "win‐/dow", "well-/known".
    expect(prologue).toStartWith('The ledger had been in the lighthouse longer than anyone could remember. Its pages were soft as cloth,');
    expect(one).toStartWith('The stair creaked in a voice Ada had never heard before, a long complaining note like a gull with a grievance.');
    expect(two).toContain('Without her the harbour runs dark by the solstice.”');
    expect(three).toContain('like an old friend after a long evening, and she was as well known in the town as the tide tables were, the town’s most well-known face at every wedding.');
    expect(three).toContain('It had burned in her window until dawn');
  });

  test('markdown: the scene break, the numbered list; plain text escaped, emphasis lost with the fonts', () => {
    const [, one, two, , four] = books['novel-outline.pdf']!.chapters.map((c) => c.markdown);
    expect(paragraphs(two!).slice(2).map((p) => p.slice(0, 20))).toEqual(['Ada turned the pages', '* * *', 'That night she walke']);
    expect(four).toContain('to read them:\n\n1. Light cannot be bought.\n2. Light cannot be stolen, or rather it can, but the stealing is written down and comes due with interest.\n3. Light borrowed in fog must be returned in fog.\n\nThat last rule');
    expect(paragraphs(one!)[1]).toBe('Keep it balanced, said the note pinned to the cover, in her grandmother’s careful hand. Light given must be light returned.');
  });

  test('both PDFs of the novel give the same chapters', () => {
    expect(books['novel-no-outline.pdf']!.chapters).toEqual(books['novel-outline.pdf']!.chapters);
  });

  test('metadata from the info dictionary; a PDF has no cover image here', () => {
    const book = books['novel-outline.pdf']!;
    expect([book.format, book.title, book.author, book.description, book.language, book.cover]).toEqual(['pdf', 'The Lantern Keeper’s Ledger', 'Wren Halloway', 'A harbour town, a ledger of borrowed light, and the girl who has to balance it before winter.', 'en-GB', null]);
  });
});

test('a PDF without an info dictionary: the first page’s largest words are the title, its "by" line the author', async () => {
  const book = await parseBook(fixture('untitled.pdf'), 'pdf');
  expect([book.title, book.author, book.description, book.language]).toEqual(['The Unnamed Road', 'Jo Marsh', '', 'en']);
  expect(book.chapters.map((c) => c.title)).toEqual(['Chapter 1', 'Chapter 2']);
  expect(book.warnings).toEqual(['The 6 words before the first chapter (a title page, most likely) were left out.']);
});

describe('the second book: ragged right, indented paragraphs, headings no larger than the text', () => {
  test('a paragraph runs on over a page break ("…in two places:" / "DO NOT ANSWER…")', () => {
    const [one] = books['novel-parts.pdf']!.chapters.map((c) => c.markdown);
    expect(paragraphs(one!)[2]).toBe('The previous signalman had left a logbook on the desk. Every entry was neat and dull, trains up and trains down, until the last page, where he had written in capitals, pressing so hard that the nib had torn the paper in two places: DO NOT ANSWER THE BELL AFTER MIDNIGHT.');
  });

  test('the footer (the author and the page number) and the header on left-hand pages are gone', () => {
    const text = books['novel-parts.pdf']!.chapters.map((c) => c.markdown).join('\n');
    expect(text).not.toContain('Tomas Reyne');
    expect(text).not.toContain('Salt and Signal');
    expect(text).not.toMatch(/(^|\n)\d+(\n|$)/);
  });
});

describe('other rules', () => {
  test('pages: groups of N pages, headings kept as markdown inside them', async () => {
    const book = await parseBook(fixture('novel-no-outline.pdf'), 'pdf', { rule: 'pages', pagesPerChapter: 3 });
    expect(book.rule).toBe('pages');
    expect(book.chapters.map((c) => c.title)).toEqual(['Pages 1–3', 'Pages 4–6', 'Page 7']);
    expect(book.chapters[0]!.markdown).toStartWith('## Prologue\n\nThe ledger had been');
    expect(book.chapters[0]!.markdown).toContain('\n\n## Chapter 2: Debts of Light\n\n');
    expect(wordsOf(book.chapters.map((c) => c.markdown).join(' '))).toBe(wordsOf(books['novel-epub3.epub']!.chapters.map((c, i) => `${NOVEL_TITLES[i]} ${c.markdown}`).join(' ')));
    const byTen = await parseBook(fixture('novel-no-outline.pdf'), 'pdf', { rule: 'pages' });
    expect(byTen.chapters.map((c) => c.title)).toEqual(['Pages 1–7']);
  });

  test('headings asked of a PDF with an outline: the text is searched all the same', async () => {
    const book = await parseBook(fixture('novel-outline.pdf'), 'pdf', { rule: 'headings' });
    expect(book.rule).toBe('headings');
    expect(book.chapters).toEqual(books['novel-outline.pdf']!.chapters);
  });

  test('an outline asked of a PDF without one: headings instead, and the admin is told', async () => {
    const book = await parseBook(fixture('novel-no-outline.pdf'), 'pdf', { rule: 'outline' });
    expect(book.rule).toBe('headings');
    expect(book.warnings).toEqual(['This PDF has no usable outline (bookmarks); it was split by the chapter headings in its text.']);
  });

  test('an EPUB rule asked of a PDF: the best PDF rule, with a warning', async () => {
    const book = await parseBook(fixture('novel-outline.pdf'), 'pdf', { rule: 'spine' });
    expect(book.rule).toBe('outline');
    expect(book.warnings).toEqual(['The rule "spine" is for EPUBs; this PDF was split by the best rule it supports.']);
  });
});

describe('progress and cancelling', () => {
  test('progress rises with every page and ends at 1', async () => {
    const seen: number[] = [];
    await parseBook(fixture('novel-parts.pdf'), 'pdf', { onProgress: (f) => seen.push(f) });
    expect(seen).toHaveLength(10); // nine pages, then done
    expect(seen.every((f, i) => f > 0 && (i === 0 || f > seen[i - 1]!))).toBe(true);
    expect(seen.at(-1)).toBe(1);
  });

  test('a cancel between pages stops the reading', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const result = parseBook(fixture('novel-parts.pdf'), 'pdf', {
      signal: controller.signal,
      onProgress: (f) => {
        seen.push(f);
        if (seen.length === 2) controller.abort(new Error('cancelled by an admin'));
      },
    });
    await expect(result).rejects.toThrow('cancelled by an admin');
    expect(seen).toHaveLength(2);
  });
});
