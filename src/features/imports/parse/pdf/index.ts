import { countWords } from '../text.ts';
import { ImportError, type ParseOptions, type ParsedBook, type ParsedChapter } from '../types.ts';
import { openPdf, readInfo, readPages } from './document.ts';
import { headingMarks, type Mark } from './headings.ts';
import { Vocabulary } from './hyphens.ts';
import { measure } from './layout.ts';
import type { Line } from './lines.ts';
import { outlineMarks } from './outline.ts';
import { buildParagraphs } from './paragraphs.ts';
import { dropRunning, runningShapes } from './running.ts';
import { byMarks, byPages } from './split.ts';
import type { ParseGuard } from '../guard.ts';

/**
 * A PDF → a book. Pages are read one at a time into lines (position, size, text) and released;
 * the lines of the whole book are then measured, cleared of running heads and page numbers, and
 * rebuilt into paragraphs. Chapters come from the outline, else from headings in the text, else
 * from groups of pages; `rule` asks for one of them.
 */
const MIN_WORDS_PER_PAGE = 5;

export async function parsePdf(filePath: string, options: ParseOptions, guard: ParseGuard): Promise<ParsedBook> {
  const pdf = await openPdf(filePath);
  try {
    const pages: Line[][] = [];
    const vocabulary = new Vocabulary();
    const unread: number[] = [];
    let words = 0;
    for await (const page of readPages(pdf, guard)) {
      pages.push(page.lines);
      if (page.failed) unread.push(page.number);
      for (const line of page.lines) {
        vocabulary.learn(line.text);
        words += countWords(line.text);
        guard.countText(line.text.length);
      }
      options.onProgress?.(page.number / (pdf.numPages + 1));
    }
    if (words === 0 || (pages.length >= 5 && words < pages.length * MIN_WORDS_PER_PAGE)) {
      throw new ImportError('empty', 'This PDF has no text layer: its pages are pictures of text, as in a scanned book. Run it through OCR (text recognition) first, then upload the result.');
    }
    const layout = measure(pages);
    const running = runningShapes(pages, layout.bodySize);
    const body = pages.map((lines, i) => ({ number: i + 1, lines: dropRunning(lines, running, layout.bodySize) }));
    const paragraphs = buildParagraphs(body, layout, vocabulary);

    const warnings: string[] = unread.length ? [`${unread.length === 1 ? 'Page' : 'Pages'} ${unread.slice(0, 20).join(', ')}${unread.length > 20 ? '…' : ''} could not be read and ${unread.length === 1 ? 'is' : 'are'} missing from the text.`] : [];
    const wanted = options.rule ?? 'auto';
    if (wanted === 'toc' || wanted === 'spine') warnings.push(`The rule "${wanted}" is for EPUBs; this PDF was split by the best rule it supports.`);
    const outline = wanted === 'headings' || wanted === 'pages' ? [] : await outlineMarks(pdf);
    const headings = wanted === 'pages' ? [] : headingMarks(paragraphs);
    let rule: ParsedBook['rule'] = 'pages';
    let marks: Mark[] = [];
    // An outline whose entries all point at one page (a broken one) splits nothing.
    if (wanted !== 'headings' && wanted !== 'pages' && new Set(outline.map((m) => m.page)).size >= 2) [rule, marks] = ['outline', outline];
    else if (wanted !== 'pages' && headings.length >= 2) [rule, marks] = ['headings', headings];
    if (wanted !== 'auto' && wanted !== rule && (wanted === 'outline' || wanted === 'headings')) {
      warnings.push(wanted === 'outline' ? `This PDF has no usable outline (bookmarks); it was split by ${rule === 'headings' ? 'the chapter headings in its text' : 'pages'}.` : 'No chapter headings were found in the text; the book was split by pages.');
    }
    const chapters: ParsedChapter[] = rule === 'pages' ? byPages(paragraphs, pages.length, Math.max(1, Math.floor(options.pagesPerChapter ?? 10))) : byMarks(paragraphs, marks, warnings);
    if (chapters.length === 0) throw new ImportError('empty', 'This PDF has no readable text.');

    const info = await readInfo(pdf);
    const cover = firstPageWords(pages.find((lines) => lines.length) ?? []);
    options.onProgress?.(1);
    return { format: 'pdf', title: info.title || cover.title || 'Untitled', author: info.author || cover.author, description: info.subject, language: info.language, cover: null, chapters, rule, warnings };
  } finally {
    await pdf.destroy().catch(() => {});
  }
}

/** Without an info dictionary: the largest text of the first page with text is the title, a "by …" line the author. */
function firstPageWords(lines: readonly Line[]): { title: string; author: string } {
  const largest = Math.max(0, ...lines.map((l) => l.size));
  const title = lines.filter((l) => l.size >= largest - 0.5).map((l) => l.text).join(' ').slice(0, 200);
  const author = lines.map((l) => /^by\s+(.{2,80})$/i.exec(l.text)?.[1] ?? '').find(Boolean) ?? '';
  return { title, author };
}
