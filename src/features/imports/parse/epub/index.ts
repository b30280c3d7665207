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

/**
 * EPUB 2 and 3 → a book. `auto` splits by the table of contents when it is usable (two entries or
 * more, at least one for every four documents), else one chapter per document.
 */
export async function parseEpub(filePath: string, options: ParseOptions = {}): Promise<ParsedBook> {
  const archive = await openArchive(filePath);
  const pkg = readPackage(archive);
  if (hasDrm(archive, pkg)) throw new ImportError('encrypted', 'This EPUB is protected by DRM (its text is encrypted). Only DRM-free books can be imported.');
  const toc = readToc(archive, pkg);
  const entries = chapterEntries(toc.entries);
  const spine = new Set(pkg.spine.map((i) => i.path));
  const tocTitles = new Map([...toc.entries].reverse().map((e) => [e.path, e.title]));
  const warnings: string[] = [];

  const docs: EpubDocument[] = [];
  for (const [index, item] of pkg.spine.entries()) {
    options.signal?.throwIfAborted();
    if (archive.has(item.path)) {
      const anchors = entries.filter((e) => e.path === item.path && e.fragment).map((e) => e.fragment!);
      const doc = readDocument(item.path, archive.text(item.path), anchors, spine);
      if (!isFrontMatter(doc, { navPath: pkg.nav?.path ?? null, landmarks: toc.landmarks, tocTitles, title: pkg.title, author: pkg.author })) docs.push(doc);
    } else warnings.push(`${item.path} is listed in the book's reading order but missing from the file; it was skipped.`);
    options.onProgress?.((index + 1) / (pkg.spine.length + 1));
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

  const cover = await coverOf(archive, pkg.cover);
  options.onProgress?.(1);
  return { format: 'epub', title: pkg.title || chapters[0]!.title, author: pkg.author, description: pkg.description, language: pkg.language, cover, chapters, rule, warnings };
}

/** The bytes decide the type: manifests name images wrongly often enough. */
async function coverOf(archive: Archive, item: ManifestItem | null): Promise<ParsedBook['cover']> {
  if (!item || !archive.has(item.path)) return null;
  const bytes = archive.bytes(item.path);
  const type = await fileTypeFromBuffer(bytes).catch(() => undefined);
  const contentType = type?.mime ?? item.mediaType;
  return /^image\//.test(contentType) ? { bytes: new Uint8Array(bytes), contentType } : null;
}
