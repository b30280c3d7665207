/**
 * Book import parsing: a PDF or an EPUB file → title, author, cover and chapters as markdown.
 *   sniff.ts    the format, by content
 *   epub/       zip (guarded) → container → OPF → spine, nav or NCX, metadata, cover; XHTML → markdown
 *   pdf/        text page by page, running lines dropped, paragraphs rebuilt; outline, headings, page groups
 *   guard.ts    what a parse may spend: time, heap, text (limits.ts), checked between pages and documents
 * Nothing here touches the database or the object store.
 */
import { open } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import { parseEpub } from './epub/index.ts';
import { parsePdf } from './pdf/index.ts';
import { sniffFormat } from './sniff.ts';
import { ParseGuard } from './guard.ts';
import { ImportError, type ImportFormat, type ParseOptions, type ParsedBook } from './types.ts';

export { sniffFormat } from './sniff.ts';
export { ImportError, type ImportFailure, type ImportFormat, type ParseOptions, type ParsedBook, type ParsedChapter, type SplitRule } from './types.ts';

const HEAD_BYTES = 4096;
const NAMES: Record<ImportFormat, string> = { epub: 'an EPUB', pdf: 'a PDF' };

/** The book, or an ImportError; within `options.limits` (what the file may cost to read) whatever the file says. */
export async function parseBook(filePath: string, format: ImportFormat, options: ParseOptions = {}): Promise<ParsedBook> {
  await expectFormat(filePath, format);
  const guard = new ParseGuard(options);
  const book = await (format === 'epub' ? parseEpub(filePath, options, guard) : parsePdf(filePath, options, guard));
  for (const [index, chapter] of book.chapters.entries()) guard.checkChapter(`Chapter ${index + 1} (“${chapter.title.slice(0, 80)}”)`, chapter.markdown.length);
  return book;
}

/** The caller's word for the format is checked against the bytes: a renamed file gets a plain answer. */
async function expectFormat(filePath: string, format: ImportFormat): Promise<void> {
  const file = await open(filePath, 'r');
  const head = new Uint8Array(HEAD_BYTES);
  let length: number;
  try {
    ({ bytesRead: length } = await file.read(head, 0, HEAD_BYTES, 0));
  } finally {
    await file.close();
  }
  const bytes = head.subarray(0, length);
  const found = sniffFormat(bytes);
  if (found === format) return;
  if (length === 0) throw new ImportError('empty', 'The file is empty.');
  const actually = found ? NAMES[found] : await describe(bytes);
  throw new ImportError('unsupported', `This file is not ${NAMES[format]}${actually ? `: it looks like ${actually}` : ''}. Upload the book itself as a PDF or an EPUB.`);
}

async function describe(bytes: Uint8Array): Promise<string | null> {
  const type = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (!type) return /^[\t\n\r\x20-\x7e]*$/.test(new TextDecoder('latin1').decode(bytes.subarray(0, 512))) ? 'plain text' : null;
  const name = type.ext.toUpperCase();
  // "an EPUB", "an MP3", "a PNG": the article follows how the letters are read.
  return `${/^[AEFHILMNORSX]/.test(name) ? 'an' : 'a'} ${name} ${type.mime.startsWith('image/') ? 'image' : 'file'}`;
}
