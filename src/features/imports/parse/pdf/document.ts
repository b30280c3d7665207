import { readFile } from 'node:fs/promises';
import { getDocumentProxy } from 'unpdf';
import { ImportError } from '../types.ts';
import { linesOf, type Line, type TextItem } from './lines.ts';
import type { ParseGuard } from '../guard.ts';

/**
 * The PDF opened with errors an admin understands, and its text read one page at a time: a page's
 * text items become lines at once and the page is released before the next is read, so a long
 * book never sits in memory as pdf.js objects.
 */
export type Pdf = Awaited<ReturnType<typeof getDocumentProxy>>;

export const PASSWORD_MESSAGE = 'This PDF is password-protected. Remove the password (print it to a new PDF) and upload it again.';
// pdf.js keeps every parsed font and page dictionary for the document's life; a book whose pages
// each embed their own font subsets would grow without bound. Dropping them now and then costs a
// little time and garbage (measured: bench/import-pdf.ts).
const CLEANUP_EVERY = 50;

export async function openPdf(filePath: string): Promise<Pdf> {
  const data = new Uint8Array(await readFile(filePath));
  try {
    return await getDocumentProxy(data, { verbosity: 0, isEvalSupported: false, disableFontFace: true, useSystemFonts: false });
  } catch (error) {
    const name = (error as { name?: string }).name ?? '';
    if (name === 'PasswordException') throw new ImportError('encrypted', PASSWORD_MESSAGE);
    throw new ImportError('corrupt', 'This PDF is damaged and cannot be read. Export it again and upload the new file.');
  }
}

export interface PageText {
  number: number;
  lines: Line[];
  /** pdf.js could not read this page. */
  failed: boolean;
}

/**
 * Pages in order. A page tree that leads to one page twice (a Pages node listing it, or a node
 * holding it, over and over) is refused at the first repeat: pdf.js walks the tree from its root for
 * every page, so a 60 KB file naming one page 10,000 times costs a hundred million steps.
 */
export async function* readPages(pdf: Pdf, guard: ParseGuard): AsyncGenerator<PageText> {
  if (pdf.numPages > guard.limits.pages) {
    throw new ImportError('too_large', `This PDF has ${pdf.numPages.toLocaleString('en')} pages; an import takes at most ${guard.limits.pages.toLocaleString('en')}.`);
  }
  const seen = new Map<string, number>();
  for (let number = 1; number <= pdf.numPages; number++) {
    await guard.step();
    let lines: Line[] = [];
    let failed = false;
    try {
      const page = await pdf.getPage(number);
      const ref = page.ref ? `${page.ref.num} ${page.ref.gen}` : null;
      const first = ref ? seen.get(ref) : undefined;
      if (first !== undefined) throw revisited(first, number);
      if (ref) seen.set(ref, number);
      const content = await page.getTextContent();
      lines = linesOf(content.items as TextItem[]);
      page.cleanup();
    } catch (error) {
      if (error instanceof ImportError) throw error;
      if ((error as { name?: string }).name === 'PasswordException') throw new ImportError('encrypted', PASSWORD_MESSAGE);
      // One broken page is a gap in the book, not a reason to refuse the other 999.
      failed = true;
    }
    if (number % CLEANUP_EVERY === 0) await pdf.cleanup().catch(() => {});
    yield { number, lines, failed };
  }
}

const revisited = (first: number, again: number) =>
  new ImportError('corrupt', `This PDF is damaged: its list of pages leads to the same page more than once (pages ${first} and ${again}). Export it again and upload the new file.`);

export interface PdfInfo {
  title: string;
  author: string;
  subject: string;
  language: string | null;
}

/** Makers fill the title with a file name or "untitled" often enough to check. */
const PLACEHOLDER = /^(untitled|microsoft word\b.*|.*\.(docx?|odt|rtf|txt|pdf|indd|tex))$/i;

export async function readInfo(pdf: Pdf): Promise<PdfInfo> {
  const info = ((await pdf.getMetadata().catch(() => null))?.info ?? {}) as Record<string, unknown>;
  const field = (name: string) => (typeof info[name] === 'string' ? (info[name] as string).replace(/\s+/g, ' ').trim() : '');
  return {
    title: PLACEHOLDER.test(field('Title')) ? '' : field('Title'),
    author: field('Author'),
    subject: field('Subject'),
    language: field('Language') || null,
  };
}
