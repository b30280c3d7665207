import { renderChapter } from '../../../platform/markup/chapter-html.ts';
import type { CoverImage } from '../../export/epub/build.ts';
import { CONTAINER, chapterHref, type EpubBook } from '../../export/epub/documents.ts';
import { htmlToXhtml } from '../../export/epub/xml.ts';
import { ZipWriter } from '../../export/epub/zip.ts';
import { NARRATED_STYLESHEET, audioHref, chapterBody, chapterPage, chapterSection, coverPage, nav, ncx, opf, overlayHref, titlePage, type NarratedSpineChapter } from './documents.ts';
import { sentencePars, type TimedSentence } from './pars.ts';
import { wrapSentences } from './sentence-spans.ts';
import { chapterSmil, overlayClips, overlayMilliseconds } from './smil.ts';

export interface NarratedChapter {
  number: number;
  title: string;
  /** Markdown, rendered with the reader's sanitiser. */
  text: string;
  audio: {
    /** The chapter's MP3, read only when the chapter's turn comes. */
    bytes: () => Promise<Uint8Array>;
    durationSeconds: number;
  };
  /** What the narration spoke (`${title}\n\n${text}`), sentence by sentence, in order. */
  sentences: readonly TimedSentence[];
}

export interface NarratedEpubSource {
  book: EpubBook;
  cover: CoverImage | null;
  /** In chapter order; read lazily, one chapter at a time. */
  chapters: AsyncIterable<NarratedChapter>;
  /** `dcterms:modified` and the ZIP entries' modification time. */
  modified: Date;
}

/** Local headers and offsets are 32-bit without Zip64 (which zip.ts does not write). */
const MAX_ZIP_BYTES = 0xffff_ffff - 64 * 1024 * 1024;
/** Span ids: `s{index of the sentence}`. */
const SENTENCE_ID_PREFIX = 's';

/**
 * The narrated EPUB 3 as a sequence of byte chunks, produced as the chapters arrive: `mimetype`
 * first and stored, the container, stylesheet, cover and title page, then for each chapter its
 * XHTML (every sentence found in a span), its SMIL overlay and its MP3 (stored: it is compressed
 * already); nav, NCX and OPF come last, once every chapter has been seen. Only each chapter's
 * number, title and overlay length stay in memory. A chapter none of whose sentences could be
 * found in its page is written without overlay or audio, as plain text.
 */
export async function* buildNarratedEpub(source: NarratedEpubSource): AsyncGenerator<Uint8Array> {
  const { book, cover } = source;
  const zip = new ZipWriter(source.modified);
  let written = 0;
  const entry = (name: string, data: Uint8Array | string, store = false): Uint8Array => {
    const bytes = zip.entry({ name, data, store });
    written += bytes.length;
    if (written > MAX_ZIP_BYTES) throw new Error('the narrated EPUB would pass 4 GiB, the most a ZIP file without Zip64 can hold: export fewer chapters');
    return bytes;
  };
  yield entry('mimetype', 'application/epub+zip', true);
  yield entry('META-INF/container.xml', CONTAINER);
  yield entry('OEBPS/style.css', NARRATED_STYLESHEET);
  const coverRef = cover ? { href: `images/cover.${cover.extension}`, mediaType: cover.mediaType } : null;
  if (cover && coverRef) {
    yield entry(`OEBPS/${coverRef.href}`, cover.bytes, cover.extension !== 'svg');
    yield entry('OEBPS/cover.xhtml', coverPage(book, coverRef));
  }
  yield entry('OEBPS/title.xhtml', titlePage(book));
  const spine: NarratedSpineChapter[] = [];
  for await (const chapter of source.chapters) {
    const spoken = chapter.sentences.map((sentence) => sentence.text);
    const body = chapterBody(chapter, htmlToXhtml(renderChapter(chapter.text)));
    const { xhtml, ids } = wrapSentences(body, spoken, SENTENCE_ID_PREFIX);
    const pars = sentencePars(chapter.sentences, ids, chapter.audio.durationSeconds);
    const clips = overlayClips(pars, chapter.audio.durationSeconds);
    const entryOf: NarratedSpineChapter = { number: chapter.number, title: chapter.title, overlayMs: clips.length ? overlayMilliseconds(clips) : null };
    yield entry(`OEBPS/${chapterHref(chapter.number)}`, chapterPage(book, chapter, xhtml));
    if (entryOf.overlayMs !== null) {
      const smil = chapterSmil({ number: chapter.number, textHref: `../${chapterHref(chapter.number)}`, textId: chapterSection(chapter.number), audioHref: `../${audioHref(chapter.number)}`, durationSeconds: chapter.audio.durationSeconds }, pars);
      yield entry(`OEBPS/${overlayHref(chapter.number)}`, smil);
      yield entry(`OEBPS/${audioHref(chapter.number)}`, await chapter.audio.bytes(), true);
    }
    spine.push(entryOf);
  }
  yield entry('OEBPS/nav.xhtml', nav(book, coverRef, spine));
  yield entry('OEBPS/toc.ncx', ncx(book, spine));
  yield entry('OEBPS/content.opf', opf(book, coverRef, spine, source.modified));
  yield zip.finish();
}
