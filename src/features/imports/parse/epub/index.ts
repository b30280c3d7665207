import { fileTypeFromBuffer } from 'file-type';
import { hasWords } from '../text.ts';
import { ImportError, type ParseOptions, type ParsedBook } from '../types.ts';
import { openArchive, type Archive } from './archive.ts';
import { readDocument, type EpubDocument } from './content.ts';
import { hasDrm } from './drm.ts';
import { isFrontMatter } from './front-matter.ts';
import { readPackage, type ManifestItem } from './opf.ts';
import { byToc, bySpine, chapterEntries } from './split.ts';
import { readToc } from './toc.ts';
import { readingOrder } from './reading-order.ts';
import type { ParseGuard } from '../guard.ts';
import { megabytes } from '../../limits.ts';

// Markup around a chapter's text: an XHTML file may be twice the text a chapter may hold.
const MARKUP_PER_TEXT = 2;

/**
 * EPUB 2 and 3 → a book. `auto` splits by the table of contents when it is usable (two entries or
 * more, at least one for every four documents), else one chapter per document. Every file is read
 * once (archive.ts), each document within the chapter cap, the book within its own (guard.ts).
 */
export async function parseEpub(filePath: string, options: ParseOptions, guard: ParseGuard): Promise<ParsedBook> {
  const archive = await openArchive(filePath, guard.limits.entryBytes);
  const pkg = readPackage(archive);
  if (hasDrm(archive, pkg)) throw new ImportError('encrypted', 'This EPUB is protected by DRM (its text is encrypted). Only DRM-free books can be imported.');
  const toc = readToc(archive, pkg);
  const entries = chapterEntries(toc.entries);
  const spine = new Set(pkg.spine.map((i) => i.path));
  const tocTitles = new Map([...toc.entries].reverse().map((e) => [e.path, e.title]));
  const warnings: string[] = [];
  const order = readingOrder(pkg.spine, warnings);

  const docs: EpubDocument[] = [];
  for (const [index, item] of order.entries()) {
    await guard.step();
    // The contents page (read above) is never a chapter: not reading it again keeps every file read once.
    if (item.path === pkg.nav?.path && archive.has(item.path)) continue;
    if (archive.has(item.path)) {
      const anchors = entries.filter((e) => e.path === item.path && e.fragment).map((e) => e.fragment!);
      const doc = readDocument(item.path, documentSource(archive, item.path, guard), anchors, spine);
      guard.checkChapter(item.path, doc.text.length);
      guard.countText(doc.text.length);
      if (!isFrontMatter(doc, { navPath: pkg.nav?.path ?? null, landmarks: toc.landmarks, tocTitles, title: pkg.title, author: pkg.author })) docs.push(doc);
    } else warnings.push(`${item.path} is listed in the book's reading order but missing from the file; it was skipped.`);
    options.onProgress?.((index + 1) / (order.length + 1));
  }

  const starts = entries.filter((e) => docs.some((d) => d.path === e.path));
  const usable = starts.length >= 2 && starts.length * 4 >= docs.filter((d) => hasWords(d.text)).length;
  const wanted = options.rule ?? 'auto';
  if (!['auto', 'toc', 'spine'].includes(wanted)) warnings.push(`The rule "${wanted}" is for PDFs; this EPUB was split by its ${usable ? 'table of contents' : 'documents'}.`);
  let rule: 'toc' | 'spine' = wanted === 'spine' || !usable ? 'spine' : 'toc';
  if (wanted === 'toc' && starts.length > 0) rule = 'toc';
  if (wanted === 'toc' && rule !== 'toc') warnings.push('The table of contents points to no chapter text; the book was split one chapter per document instead.');
  const chapters = rule === 'toc' ? byToc(docs, starts) : bySpine(docs, toc.entries);
  if (chapters.length === 0) throw new ImportError('empty', 'This EPUB has no readable text: its pages are empty or hold only images.');

  const cover = await coverOf(archive, pkg.cover, spine, warnings);
  options.onProgress?.(1);
  return { format: 'epub', title: pkg.title || chapters[0]!.title, author: pkg.author, description: pkg.description, language: pkg.language, cover, chapters, rule, warnings };
}

/** A document's XHTML, refused before it is parsed when even its markup could not fit a chapter (a parsed page costs some thirty times its size). */
function documentSource(archive: Archive, path: string, guard: ParseGuard): string {
  const source = archive.text(path);
  const most = guard.limits.chapterChars * MARKUP_PER_TEXT;
  if (source.length > most) throw new ImportError('too_large', `${path} is larger than ${megabytes(most)}, the most one document of a book may be; it was refused.`);
  return source;
}

/** The bytes decide the type: manifests name images wrongly often enough. A page of the reading order is no cover. */
async function coverOf(archive: Archive, item: ManifestItem | null, spine: ReadonlySet<string>, warnings: string[]): Promise<ParsedBook['cover']> {
  if (!item || !archive.has(item.path) || spine.has(item.path)) return null;
  let bytes: Uint8Array;
  try {
    bytes = archive.bytes(item.path);
  } catch (error) {
    if (!(error instanceof ImportError) || error.reason !== 'too_large') throw error;
    warnings.push(`The cover image (${item.path}) is too large to import; the book has no cover.`);
    return null;
  }
  const type = await fileTypeFromBuffer(bytes).catch(() => undefined);
  const contentType = type?.mime ?? item.mediaType;
  return /^image\//.test(contentType) ? { bytes: new Uint8Array(bytes), contentType } : null;
}
