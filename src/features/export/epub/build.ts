import { renderChapter } from '../../../platform/markup/chapter-html.ts';
import { CONTAINER, STYLESHEET, chapterHref, chapterPage, coverPage, ncx, opf, titlePage, type EpubBook, type SpineChapter } from './documents.ts';
import { htmlToXhtml } from './xml.ts';
import { ZipWriter } from './zip.ts';

export interface CoverImage {
  bytes: Uint8Array;
  /** File extension inside the book: jpg, png, gif or svg (EPUB 2 core media types). */
  extension: string;
  mediaType: string;
}

export interface SourceChapter extends SpineChapter {
  /** Markdown, rendered with the reader's sanitiser. */
  text: string;
}

export interface EpubSource {
  book: EpubBook;
  cover: CoverImage | null;
  /** In chapter order; read lazily, a batch at a time, by the caller. */
  chapters: AsyncIterable<SourceChapter>;
  /** The ZIP entries' modification time. */
  modified: Date;
}

/**
 * The EPUB as a sequence of byte chunks, produced as the chapters arrive: `mimetype` first and
 * stored, then the container, stylesheet, cover, title page and one XHTML file per chapter; the
 * OPF and NCX come last, once every chapter title has been seen (their place in the archive does
 * not matter to readers or to epubcheck). Only numbers and titles are kept for the table of contents.
 */
export async function* buildEpub(source: EpubSource): AsyncGenerator<Uint8Array> {
  const { book, cover } = source;
  const zip = new ZipWriter(source.modified);
  yield zip.entry({ name: 'mimetype', data: 'application/epub+zip', store: true });
  yield zip.entry({ name: 'META-INF/container.xml', data: CONTAINER });
  yield zip.entry({ name: 'OEBPS/style.css', data: STYLESHEET });
  const coverRef = cover ? { href: `images/cover.${cover.extension}`, mediaType: cover.mediaType } : null;
  if (cover && coverRef) {
    // Images are already compressed (an SVG is not, but it is small): stored either way.
    yield zip.entry({ name: `OEBPS/${coverRef.href}`, data: cover.bytes, store: cover.extension !== 'svg' });
    yield zip.entry({ name: 'OEBPS/cover.xhtml', data: coverPage(book, coverRef) });
  }
  yield zip.entry({ name: 'OEBPS/title.xhtml', data: titlePage(book) });
  const spine: SpineChapter[] = [];
  for await (const chapter of source.chapters) {
    const entry: SpineChapter = { number: chapter.number, title: chapter.title };
    yield zip.entry({ name: `OEBPS/${chapterHref(chapter.number)}`, data: chapterPage(book, entry, htmlToXhtml(renderChapter(chapter.text))) });
    spine.push(entry);
  }
  yield zip.entry({ name: 'OEBPS/toc.ncx', data: ncx(book, spine) });
  yield zip.entry({ name: 'OEBPS/content.opf', data: opf(book, coverRef, spine) });
  yield zip.finish();
}
