import { describe, expect, test } from 'bun:test';
import type { ParsedBook } from '../../src/features/imports/parse/index.ts';
import { applyEdits, checkedBookEdits, detectedSplit, EditsRefused, editedChapters, merged, retitled, splitAt, splitPlaces } from '../../src/features/imports/edits/index.ts';
import { cutsOf } from '../../src/features/imports/edits/cuts.ts';
import type { ChapterBoundary } from '../../src/features/imports/model.ts';

/** The import review's edit plan: titles, merges, splits over a parsed book, applied the same way every time. */
const book: ParsedBook = {
  format: 'epub',
  title: 'The Tide Clock',
  author: 'Ines Marr',
  description: 'A clock that keeps the sea.',
  language: 'en',
  cover: null,
  rule: 'toc',
  warnings: [],
  chapters: [
    { title: 'Prologue', markdown: 'The clock had no hands.\n\nIt had water instead.' },
    { title: 'Part One', markdown: 'A short opening.\n\n## The Harbour\n\nBoats in a row.\n\n## The Keeper\n\nAn old man with salt in his beard.' },
    { title: 'Chapter Two', markdown: '# Chapter Two\n\nThe first paragraph.\n\nThe second paragraph.\n\nThe third paragraph.' },
    { title: 'Epilogue', markdown: 'The sea went out.' },
  ],
};

function refusal(run: () => unknown): { status: number; keys: string[]; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof EditsRefused) return { status: error.status, keys: error.problems.map((p) => p.key), message: error.message };
    throw error;
  }
  throw new Error('not refused');
}

describe('cut places', () => {
  test('a chapter with headings is cut before each heading; the first block never is', () => {
    expect(cutsOf(book.chapters[1]!.markdown).map((c) => [c.label, c.heading])).toEqual([
      ['The Harbour', true],
      ['The Keeper', true],
    ]);
    expect(cutsOf('One paragraph only.')).toEqual([]);
  });

  test('a chapter without headings is cut before each paragraph, labelled by its first words', () => {
    const cuts = cutsOf(book.chapters[0]!.markdown);
    expect(cuts).toEqual([{ offset: 25, label: 'It had water instead.', heading: false }]);
    expect(book.chapters[0]!.markdown.slice(cuts[0]!.offset)).toBe('It had water instead.');
    expect(cutsOf(`One.\n\n${'word '.repeat(40)}`)[0]!.label).toMatch(/^(word ){13}word…$/);
  });

  test('a chapter whose only heading opens it falls back to its paragraphs', () => {
    expect(cutsOf(book.chapters[2]!.markdown).map((c) => c.label)).toEqual(['The first paragraph.', 'The second paragraph.', 'The third paragraph.']);
  });
});

describe('applying the plan', () => {
  test('no edits: the parsed book as it is, no genres', () => {
    const { book: out, genres } = applyEdits(book, undefined);
    expect(out.chapters).toEqual(book.chapters);
    expect(out.title).toBe('The Tide Clock');
    expect(genres).toEqual([]);
  });

  test('the detected split gives the parsed chapters back', () => {
    expect(editedChapters(book, detectedSplit(book))).toEqual(book.chapters);
  });

  test('titles: a new title is kept, one equal to the default is stored as none', () => {
    const plan = retitled(book, detectedSplit(book), new Map([[2, '  Part   One: Arrival '], [4, 'Epilogue']]));
    expect(plan[1]).toEqual({ chapter: 1, at: 0, title: 'Part One: Arrival' });
    expect(plan[3]).toEqual({ chapter: 3, at: 0 });
    expect(editedChapters(book, plan).map((c) => c.title)).toEqual(['Prologue', 'Part One: Arrival', 'Chapter Two', 'Epilogue']);
  });

  test('titles: blank, too long or of a chapter that does not exist are refused', () => {
    expect(refusal(() => retitled(book, detectedSplit(book), new Map([[1, '   ']]))).keys).toEqual(['chapterTitleBlank']);
    expect(refusal(() => retitled(book, detectedSplit(book), new Map([[2, 'x'.repeat(501)]]))).keys).toEqual(['chapterTitleLong']);
    const missing = refusal(() => retitled(book, detectedSplit(book), new Map([[5, 'Five']])));
    expect(missing).toMatchObject({ status: 400, keys: ['noChapter'], message: 'There is no chapter 5.' });
  });

  test('merge: the text is appended to the chapter before, whose title stays; numbering closes up', () => {
    const plan = merged(detectedSplit(book), 2);
    const chapters = editedChapters(book, plan);
    expect(chapters.map((c) => c.title)).toEqual(['Prologue', 'Chapter Two', 'Epilogue']);
    expect(chapters[0]!.markdown).toBe(`${book.chapters[0]!.markdown}\n\n${book.chapters[1]!.markdown}`);
  });

  test('merge: the first chapter, or one past the end, is refused', () => {
    expect(refusal(() => merged(detectedSplit(book), 1))).toMatchObject({ status: 400, keys: ['mergeFirst'] });
    expect(refusal(() => merged(detectedSplit(book), 5)).keys).toEqual(['noChapter']);
    expect(refusal(() => merged(detectedSplit(book), 0)).keys).toEqual(['noChapter']);
  });

  test('split at a heading: the second part begins with the heading and is titled by it', () => {
    const plan = splitAt(book, detectedSplit(book), 2, { chapter: 1, at: 2 });
    const chapters = editedChapters(book, plan);
    expect(chapters.map((c) => c.title)).toEqual(['Prologue', 'Part One', 'The Keeper', 'Chapter Two', 'Epilogue']);
    expect(chapters[1]!.markdown).toBe('A short opening.\n\n## The Harbour\n\nBoats in a row.');
    expect(chapters[2]!.markdown).toBe('## The Keeper\n\nAn old man with salt in his beard.');
  });

  test('split places of a merged chapter include the merged chapter starts, in order', () => {
    const plan = merged(merged(detectedSplit(book), 3), 2);
    expect(plan).toEqual([{ chapter: 0, at: 0 }, { chapter: 3, at: 0 }]);
    expect(splitPlaces(book, plan, 1).map((p) => `${p.chapter}.${p.at} ${p.label}`)).toEqual([
      '0.1 It had water instead.',
      '1.0 Part One',
      '1.1 The Harbour',
      '1.2 The Keeper',
      '2.0 Chapter Two',
      '2.1 The first paragraph.',
      '2.2 The second paragraph.',
      '2.3 The third paragraph.',
    ]);
    expect(splitPlaces(book, plan, 2)).toEqual([]);
  });

  test('combined: merge, split inside the merged text, retitle; every chapter numbered 1…N with all the text once', () => {
    let plan = merged(detectedSplit(book), 3);
    plan = splitAt(book, plan, 2, { chapter: 2, at: 2 });
    plan = retitled(book, plan, new Map([[3, 'The Second Paragraph']]));
    const chapters = editedChapters(book, plan);
    expect(chapters.map((c) => c.title)).toEqual(['Prologue', 'Part One', 'The Second Paragraph', 'Epilogue']);
    expect(chapters[1]!.markdown).toBe(`${book.chapters[1]!.markdown}\n\n# Chapter Two\n\nThe first paragraph.`);
    expect(chapters[2]!.markdown).toBe('The second paragraph.\n\nThe third paragraph.');
    const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
    expect(chapters.reduce((n, c) => n + words(c.markdown), 0)).toBe(book.chapters.reduce((n, c) => n + words(c.markdown), 0));
    // The merged-then-split chapter can be split back at its old start.
    const undone = splitAt(book, merged(plan, 3), 2, { chapter: 2, at: 0 });
    expect(editedChapters(book, undone).map((c) => c.title)).toEqual(['Prologue', 'Part One', 'Chapter Two', 'Epilogue']);
  });

  test('split outside the chapter, at its own start or at a place that does not exist is refused', () => {
    const plan = detectedSplit(book);
    expect(refusal(() => splitAt(book, plan, 2, { chapter: 2, at: 1 })).keys).toEqual(['splitOutside']);
    expect(refusal(() => splitAt(book, plan, 2, { chapter: 1, at: 0 })).keys).toEqual(['splitOutside']);
    expect(refusal(() => splitAt(book, plan, 2, { chapter: 1, at: 3 })).keys).toEqual(['splitOutside']);
    expect(refusal(() => splitAt(book, plan, 9, { chapter: 1, at: 1 })).keys).toEqual(['noChapter']);
  });

  test('a stored list that does not fit the book is refused with 400: out of range, out of order, not from the start', () => {
    const check = (chapters: ChapterBoundary[]) => refusal(() => editedChapters(book, chapters));
    expect(check([{ chapter: 0, at: 0 }, { chapter: 4, at: 0 }])).toMatchObject({ status: 400, keys: ['placeMissing'], message: 'Chapter 2 begins at a place the book does not have.' });
    expect(check([{ chapter: 0, at: 0 }, { chapter: 1, at: 3 }]).keys).toEqual(['placeMissing']);
    expect(check([{ chapter: 0, at: 0 }, { chapter: -1, at: 0 }]).keys).toEqual(['placeMissing']);
    expect(check([{ chapter: 0, at: 0 }, { chapter: 2, at: 0 }, { chapter: 1, at: 0 }]).keys).toEqual(['orderWrong']);
    expect(check([{ chapter: 0, at: 0 }, { chapter: 0, at: 0 }]).keys).toEqual(['orderWrong']);
    expect(check([{ chapter: 1, at: 0 }]).keys).toEqual(['firstNotStart']);
    expect(check([]).keys).toEqual(['firstNotStart']);
    expect(check([{ chapter: 0, at: 0, title: ' ' }]).keys).toEqual(['chapterTitleBlank']);
  });
});

describe('book fields', () => {
  const fields = { title: ' The  Tide Clock ', author: 'Ines Marr', description: 'New words.\r\nTwo lines.', genres: ['fantasy', 'Slice of Life', 'fantasy'], language: 'pt_BR' };

  test('tidied, genres named as the catalogue names them, applied with the chapters', () => {
    const checked = checkedBookEdits(fields);
    expect(checked).toEqual({ title: 'The Tide Clock', author: 'Ines Marr', description: 'New words.\nTwo lines.', genres: ['Fantasy', 'Slice of Life'], language: 'pt-BR' });
    const { book: out, genres } = applyEdits(book, { revision: 1, book: checked, chapters: merged(detectedSplit(book), 4) });
    expect(out).toMatchObject({ title: 'The Tide Clock', description: 'New words.\nTwo lines.', language: 'pt-BR' });
    expect(out.chapters.map((c) => c.title)).toEqual(['Prologue', 'Part One', 'Chapter Two']);
    expect(genres).toEqual(['Fantasy', 'Slice of Life']);
  });

  test('every wrong field is named at once', () => {
    const wrong = refusal(() => checkedBookEdits({ title: '  ', author: 'a'.repeat(301), description: '', genres: ['Fantasy', 'Space Opera Noir'], language: 'not a tag' }));
    expect(wrong.keys).toEqual(['titleBlank', 'authorLong', 'genreUnknown', 'languageBad']);
    expect(wrong.message).toContain('“Space Opera Noir” is not one of the catalogue’s genres.');
  });

  test('an empty language means none; a missing one keeps the file’s', () => {
    expect(checkedBookEdits({ ...fields, language: '' }).language).toBeNull();
    const { language: _, ...withoutLanguage } = fields;
    expect(applyEdits(book, { revision: 1, book: checkedBookEdits(withoutLanguage) }).book.language).toBe('en');
  });
});
