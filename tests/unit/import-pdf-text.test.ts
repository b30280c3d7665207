import { describe, expect, test } from 'bun:test';
import type { Pdf } from '../../src/features/imports/parse/pdf/document.ts';
import { headingMarks, headingTitle, isChapterHeading } from '../../src/features/imports/parse/pdf/headings.ts';
import { joinLines, Vocabulary } from '../../src/features/imports/parse/pdf/hyphens.ts';
import { measure } from '../../src/features/imports/parse/pdf/layout.ts';
import { outlineMarks } from '../../src/features/imports/parse/pdf/outline.ts';
import { linesOf, type Line } from '../../src/features/imports/parse/pdf/lines.ts';
import { buildParagraphs } from '../../src/features/imports/parse/pdf/paragraphs.ts';
import type { Paragraph } from '../../src/features/imports/parse/pdf/paragraph.ts';
import { dropRunning, runningShapes } from '../../src/features/imports/parse/pdf/running.ts';
import { byMarks } from '../../src/features/imports/parse/pdf/split.ts';

/** The pieces that turn a PDF's positioned text into prose, on lines written out by hand. */

describe('chapter headings', () => {
  test.each(['Chapter 12', 'Chapter 12: The Return', 'CHAPTER XII', 'Chapter Twenty-One', 'Chapter 3 — Fog', 'Chapter 4. The Lamp', 'Chapter 7 The Last Train', 'Part One', 'PART TWO: THE LINE', 'Book III', 'Prologue', 'EPILOGUE', 'Interlude', 'Preface', 'Capítulo 5', 'Chapitre 2 : La Nuit', 'Bab 9', 'Prólogo'])('%s is one', (text) => {
    expect(isChapterHeading(text)).toBe(true);
  });

  test.each(['Chapter one of her life had ended.', 'Chapters', 'Chapter 1: The Third Stair ........ 3', 'Chapter 1 Chapter 2', 'Part of the reason was the fog.', 'The prologue was long', 'Prologue to a storm, she thought', 'Chapter 5 was, she said,', 'Chapter mist', 'Partly cloudy'])('%s is not', (text) => {
    expect(isChapterHeading(text)).toBe(false);
  });

  test('a label over a title on the next line reads as one title', () => {
    const heading = (lines: string[]) => ({ text: lines.join(' '), lines }) as Paragraph;
    expect(headingTitle(heading(['Chapter 3', 'The Return']))).toBe('Chapter 3: The Return');
    expect(headingTitle(heading(['Chapter 5: The Ship That Never', 'Came Home']))).toBe('Chapter 5: The Ship That Never Came Home');
  });
});

describe('words broken at line ends', () => {
  const vocabulary = new Vocabulary();
  for (const line of ['a known example of it', 'as well as ever', 'a well-known face, so to speak', 'she was conscious of it']) vocabulary.learn(line);

  test.each([
    ['an exam-', 'ple of it', 'an example of it', 'the book uses "example"'],
    ['the exam\u2010', 'ple', 'the example', 'a typesetter’s hyphen (U+2010)'],
    ['a well-', 'known face', 'a well-known face', 'the book uses "well-known"'],
    ['a bet-', 'ter day', 'a better day', 'unknown either way: typesetters break words far more often'],
    ['as well-', 'ever', 'as well-ever', 'both parts are words of the book'],
    ['soft\u00ad', 'ware', 'software', 'a soft hyphen always goes'],
    ['non-', 'European', 'non-European', 'a capital after the break'],
    ['mother-in-', 'law', 'mother-in-law', 'the stem was hyphenated already'],
    ['self-con-', 'scious', 'self-conscious', 'but the book knows "conscious"'],
    ['DO NOT AN-', 'SWER', 'DO NOT ANSWER', 'capitals break like any word'],
    ['the end', 'of it', 'the end of it', 'no hyphen: a space'],
    ['pages 10-', '12', 'pages 10- 12', 'a number is no word'],
  ])('%s / %s → %s (%s)', (before, after, joined) => {
    expect(joinLines(before, after, vocabulary)).toBe(joined);
  });

  test('the last word of a line is not learnt when it is broken', () => {
    const v = new Vocabulary();
    v.learn('the tide came in and the harbour- ');
    v.learn('the tide came in and the harbour-');
    expect([...v.words].sort()).toEqual(['and', 'came', 'in', 'the', 'tide']);
  });
});

describe('text items into lines', () => {
  const item = (str: string, x: number, y: number, width: number, size = 10) => ({ str, transform: [size, 0, 0, size, x, y], width, height: size });

  test('items on one baseline join left to right, gaps become spaces, lines run top to bottom', () => {
    const lines = linesOf([item('second', 60, 700, 30), item('line', 100, 700.4, 20), item('First', 50, 720, 25), item('words', 80, 720, 30), item(' ', 110, 720, 3), item('here', 115, 720, 20), item('', 0, 0, 0)]);
    expect(lines.map((l) => [l.text, l.x, l.right])).toEqual([
      ['First words here', 50, 135],
      ['second line', 60, 120],
    ]);
  });

  test('a word split into pieces at one position is not split by a space', () => {
    expect(linesOf([item('Lan', 50, 700, 15), item('tern', 65.2, 700, 20)]).map((l) => l.text)).toEqual(['Lantern']);
  });
});

/** A page of lines; `x` indents, `right` shortens, `size` enlarges. */
function page(rows: (string | { text: string; x?: number; right?: number; size?: number; gap?: number })[], top = 560): Line[] {
  let y = top;
  return rows.map((row) => {
    const r = typeof row === 'string' ? { text: row } : row;
    y -= r.gap ?? 14;
    return { text: r.text, x: r.x ?? 50, right: r.right ?? 350, y, size: r.size ?? 10 };
  });
}

describe('running heads and page numbers', () => {
  const words = ['tide', 'fog', 'lamp', 'gull', 'salt', 'rope'];
  const pages = Array.from({ length: 6 }, (_, i) => [
    { text: i % 2 ? 'The Long Ledger' : 'Chapter Two', x: 150, right: 230, y: 580, size: 8 },
    { text: `The ${words[i]} came in at the top of the page.`, x: 50, right: 350, y: 540, size: 10 },
    { text: 'A line the text repeats.', x: 50, right: 200, y: 526, size: 10 },
    { text: `And the ${words[i]} went out at the bottom.`, x: 50, right: 350, y: 512, size: 10 },
    { text: String(i + 1), x: 195, right: 200, y: 30, size: 8 },
  ]);

  test('a header on half the pages, a smaller chapter header on three, page numbers: gone; the text stays', () => {
    const running = runningShapes(pages, 10);
    const kept = pages.map((lines) => dropRunning(lines, running, 10).map((l) => l.text));
    expect(kept[0]).toEqual(['The tide came in at the top of the page.', 'A line the text repeats.', 'And the tide went out at the bottom.']);
    expect(kept.map((k) => k.length)).toEqual([3, 3, 3, 3, 3, 3]);
  });

  test('a page number larger than the text is a heading, not a page number', () => {
    const lines = [{ text: '12', x: 190, right: 210, y: 540, size: 20 }, ...pages[0]!.slice(1)];
    expect(dropRunning(lines, runningShapes(pages, 10), 10).map((l) => l.text)[0]).toBe('12');
  });

  test('a line at the top that repeats only twice stays', () => {
    const two = pages.slice(0, 4).map((lines, i) => (i < 2 ? lines : [{ ...lines[0]!, text: `Other header ${'x'.repeat(i)}` }, ...lines.slice(1)]));
    const running = runningShapes(two, 10);
    expect(dropRunning(two[0]!, running, 10)[0]!.text).toBe('Chapter Two');
  });
});

describe('paragraphs', () => {
  const build = (pages: Line[][]) => {
    const vocabulary = new Vocabulary();
    for (const lines of pages) for (const line of lines) vocabulary.learn(line.text);
    return buildParagraphs(pages.map((lines, i) => ({ number: i + 1, lines })), measure(pages), vocabulary).map((p) => (p.sceneBreak ? '* * *' : p.heading ? `# ${p.text}` : p.text));
  };
  const full = (n: number) => Array.from({ length: n }, (_, i) => `a full line of justified words number ${i} and so on`);

  test('a short last line ends a paragraph; a heading stands alone; justified lines run on, across pages', () => {
    const pages = [
      page([{ text: 'Chapter 1: The', size: 16 }, { text: 'Long Night', size: 16, gap: 18 }, { text: 'It began to rain as the exam-', gap: 30 }, 'ple of the town and then', ...full(5), { text: 'the end of it.', right: 120 }, ...full(2)]),
      page(['continued here on the next page.', ...full(2), { text: 'Done.', right: 80 }]),
    ];
    expect(build(pages)).toEqual([
      '# Chapter 1: The Long Night',
      `It began to rain as the example of the town and then ${full(5).join(' ')} the end of it.`,
      `${full(2).join(' ')} continued here on the next page. ${full(2).join(' ')} Done.`,
    ]);
  });

  test('an indented first line starts a paragraph; a wider gap, a paragraph; a much wider one, a scene break', () => {
    const lines = page([...full(3), { text: 'Indented, a new one begins', x: 64 }, ...full(3), { text: 'Spaced, another', gap: 20 }, ...full(3), { text: 'After the break.', gap: 40 }, ...full(3)]);
    expect(build([lines, page(full(8)), page(full(8))])).toEqual([
      full(3).join(' '),
      `Indented, a new one begins ${full(3).join(' ')}`,
      `Spaced, another ${full(3).join(' ')}`,
      '* * *',
      `After the break. ${[...full(3), ...full(8), ...full(8)].join(' ')}`,
    ]);
  });

  test('justified text: a sentence that stops a little short of the margin ends its paragraph, even at a page’s foot', () => {
    const pages = [page([...full(8), { text: 'it stops at nine tenths.', right: 320 }]), page(['A new paragraph at the top.', ...full(7), { text: 'The end.', right: 90 }])];
    expect(build(pages)).toEqual([`${full(8).join(' ')} it stops at nine tenths.`, `A new paragraph at the top. ${full(7).join(' ')} The end.`]);
  });

  test('a line that reads as a chapter heading in text-sized type is a paragraph of its own', () => {
    const lines = page([...full(3), { text: 'CHAPTER XII', right: 120, x: 50 }, ...full(3)]);
    expect(build([lines, page(full(6))])).toEqual([full(3).join(' '), 'CHAPTER XII', [...full(3), ...full(6)].join(' ')]);
  });
});

describe('chapters from marks', () => {
  const para = (text: string, page: number, y: number, heading = false) => ({ text, lines: [text], page, y, size: heading ? 16 : 10, heading, sceneBreak: false, pageTop: false, gapAbove: 1 }) as Paragraph;
  const paragraphs = [para('The Long Ledger', 1, 500, true), para('by Ann Author', 1, 460), para('Chapter 1', 2, 540, true), para('One.', 2, 500), para('The end of one.', 3, 540), para('Chapter 2: Fog', 3, 480, true), para('Two.', 3, 440)];

  test('a bookmark to a page with no height starts its chapter at its heading, not at the page’s first line; the title page is left out', () => {
    const warnings: string[] = [];
    const chapters = byMarks(paragraphs, [{ title: 'Chapter 1', page: 2, y: 560 }, { title: 'Chapter 2: Fog', page: 3, y: null }], warnings);
    expect(chapters).toEqual([
      { title: 'Chapter 1', markdown: 'One.\n\nThe end of one.' },
      { title: 'Chapter 2: Fog', markdown: 'Two.' },
    ]);
    expect(warnings).toEqual(['The 6 words before the first chapter (a title page, most likely) were left out.']);
  });

  test('a bookmark titled shorter than its heading still takes the heading out', () => {
    const chapters = byMarks(paragraphs, [{ title: 'Chapter 1', page: 2, y: 560 }, { title: 'Chapter 2', page: 3, y: 500 }], []);
    expect(chapters[1]).toEqual({ title: 'Chapter 2', markdown: 'Two.' });
  });
});

describe('marks from headings and bookmarks', () => {
  const para = (text: string, page: number, extra: Partial<Paragraph> = {}) => ({ text, lines: [text], page, y: 500, size: 10, heading: false, sceneBreak: false, pageTop: false, gapAbove: 1, ...extra }) as Paragraph;

  test('headings where headings stand; a chapter title repeated at the next page tops is one chapter', () => {
    const marks = headingMarks([
      para('Chapter 1', 1, { heading: true, size: 16 }),
      para('Chapter 2 was where it all went wrong, she said.', 1),
      para('Chapter 2', 2, { pageTop: true }),
      para('Some text.', 2),
      para('Chapter 2', 3, { pageTop: true }),
      para('Prologue', 3, { gapAbove: 1 }),
      para('Epilogue', 4, { gapAbove: 3 }),
    ]);
    expect(marks.map((m) => [m.title, m.page])).toEqual([
      ['Chapter 1', 1],
      ['Chapter 2', 2],
      ['Epilogue', 4],
    ]);
  });

  /** Just enough of a pdf.js document for the outline: page objects are `{ n }`. */
  const pdf = (outline: unknown[], named: Record<string, unknown[]> = {}) =>
    ({
      getOutline: async () => outline,
      getDestination: async (name: string) => named[name] ?? null,
      getPageIndex: async (ref: { n: number }) => ref.n - 1,
    }) as unknown as Pdf;
  const node = (title: string, dest: unknown, items: unknown[] = []) => ({ title, dest, items });
  const at = (page: number, top: number) => [{ n: page }, { name: 'XYZ' }, 0, top, 0];

  test('the book’s lone root is looked through; parts give their chapters; sections stay inside; front matter is no chapter', async () => {
    const marks = await outlineMarks(
      pdf([
        node('The Long Ledger', at(1, 800), [
          node('Cover', at(1, 800)),
          node('Contents', at(2, 800)),
          node('Part One', at(3, 800), [node('Chapter 1', 'named-1'), node('Chapter 2', [{ n: 6 }, { name: 'FitH' }, 420])]),
          node('Chapter 3', at(9, 700), [node('A Section', at(10, 300))]),
          node('Lost', [{ n: 99 }, { name: 'Fit' }]),
        ]),
      ], { 'named-1': at(4, 650) }),
    );
    expect(marks).toEqual([
      { title: 'Part One', page: 3, y: 800 },
      { title: 'Chapter 1', page: 4, y: 650 },
      { title: 'Chapter 2', page: 6, y: 420 },
      { title: 'Chapter 3', page: 9, y: 700 },
      { title: 'Lost', page: 99, y: null },
    ]);
  });
});
