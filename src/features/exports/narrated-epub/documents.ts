import { STYLESHEET, chapterHeading, chapterHref, chapterId, ncx as epub2Ncx, type EpubBook, type EpubCover, type SpineChapter } from '../../export/epub/documents.ts';
import { escapeXml as x } from '../../export/epub/xml.ts';
import { smilDuration } from './smil.ts';

/** The files of an EPUB 3 book with Media Overlays (OPF 3.0, nav, XHTML5), as strings. */

/** What the package needs to know of a chapter once its files are written. */
export interface NarratedSpineChapter extends SpineChapter {
  /** How long its overlay plays, in milliseconds; null when it has none. */
  overlayMs: number | null;
}

export const ACTIVE_CLASS = '-epub-media-overlay-active';
export const overlayHref = (n: number) => `overlays/c${n}.smil`;
export const overlayId = (n: number) => `smil-${chapterId(n)}`;
export const audioHref = (n: number) => `audio/c${n}.mp3`;
const audioId = (n: number) => `audio-${chapterId(n)}`;

export const NARRATED_STYLESHEET = `${STYLESHEET}.${ACTIVE_CLASS} { background-color: #fde68a; color: #000; border-radius: 0.15em; }
`;

function page(title: string, language: string, stylesheet: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="${x(language)}" xml:lang="${x(language)}">
<head>
<meta charset="UTF-8"/>
<title>${x(title)}</title>
<link rel="stylesheet" type="text/css" href="${stylesheet}"/>
</head>
<body>
${body}
</body>
</html>
`;
}

export function coverPage(book: EpubBook, cover: EpubCover): string {
  return page(book.title, book.language, 'style.css', `<section class="cover" epub:type="cover"><img src="${x(cover.href)}" alt="${x(book.title)}"/></section>`);
}

export function titlePage(book: EpubBook): string {
  return page(book.title, book.language, 'style.css', `<section class="title-page" epub:type="titlepage">
<h1>${x(book.title)}</h1>
<p class="author">${x(book.author)}</p>
<p>${x(book.rangeLabel)}</p>
</section>`);
}

/** The body of a chapter page before its sentences are wrapped: the title, then the text as XHTML. */
export const chapterBody = (chapter: SpineChapter, textXhtml: string) => `<h1>${x(chapterHeading(chapter))}</h1>\n${textXhtml}`;

/**
 * `bodyXhtml` is chapterBody's result, its sentences wrapped (sentence-spans.ts). The section's id
 * is what the overlay's `epub:textref` points at (epubcheck wants a fragment there).
 */
export function chapterPage(book: EpubBook, chapter: SpineChapter, bodyXhtml: string): string {
  return page(chapterHeading(chapter), book.language, '../style.css', `<section id="${chapterSection(chapter.number)}" epub:type="chapter">
${bodyXhtml}
</section>`);
}

export const chapterSection = (n: number) => `chapter-${n}`;

/** The EPUB 2 table of contents, for reading systems that predate nav.xhtml; EPUB 3 forbids its DOCTYPE's external identifier. */
export const ncx = (book: EpubBook, chapters: readonly SpineChapter[]) => epub2Ncx(book, chapters).replace(/<!DOCTYPE[^>]*>\n/, '');

export function nav(book: EpubBook, cover: EpubCover | null, chapters: readonly SpineChapter[]): string {
  const entries = chapters.map((c) => `<li><a href="${chapterHref(c.number)}">${x(chapterHeading(c))}</a></li>`).join('\n');
  const first = chapters[0];
  return page(book.title, book.language, 'style.css', `<nav epub:type="toc" id="toc">
<h1>${x(book.title)}</h1>
<ol>
<li><a href="title.xhtml">${x(book.title)}</a></li>
${entries}
</ol>
</nav>
<nav epub:type="landmarks" id="landmarks" hidden="hidden">
<ol>${cover ? '\n<li><a epub:type="cover" href="cover.xhtml">' + x(book.title) + '</a></li>' : ''}
<li><a epub:type="titlepage" href="title.xhtml">${x(book.title)}</a></li>${first ? `\n<li><a epub:type="bodymatter" href="${chapterHref(first.number)}">${x(chapterHeading(first))}</a></li>` : ''}
</ol>
</nav>`);
}

/** `modified` becomes `dcterms:modified` (whole seconds, UTC, as EPUB 3 requires). */
export function opf(book: EpubBook, cover: EpubCover | null, chapters: readonly NarratedSpineChapter[], modified: Date): string {
  const narrated = chapters.filter((c) => c.overlayMs !== null);
  const totalMs = narrated.reduce((sum, c) => sum + (c.overlayMs ?? 0), 0);
  const meta: string[] = [`<meta property="dcterms:modified">${modified.toISOString().replace(/\.\d{3}Z$/, 'Z')}</meta>`];
  if (narrated.length) {
    meta.push(`<meta property="media:active-class">${ACTIVE_CLASS}</meta>`, `<meta property="media:duration">${smilDuration(totalMs / 1000)}</meta>`);
    for (const c of narrated) meta.push(`<meta property="media:duration" refines="#${overlayId(c.number)}">${smilDuration((c.overlayMs ?? 0) / 1000)}</meta>`);
  }
  if (cover) meta.push('<meta name="cover" content="cover-image"/>');
  const description = book.description.trim() ? `\n    <dc:description>${x(book.description.trim())}</dc:description>` : '';
  const items = [
    '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
    '<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>',
    '<item id="style" href="style.css" media-type="text/css"/>',
    ...(cover
      ? [`<item id="cover-image" href="${x(cover.href)}" media-type="${x(cover.mediaType)}" properties="cover-image"/>`, '<item id="cover" href="cover.xhtml" media-type="application/xhtml+xml"/>']
      : []),
    '<item id="title" href="title.xhtml" media-type="application/xhtml+xml"/>',
    ...chapters.flatMap((c) => [
      `<item id="${chapterId(c.number)}" href="${chapterHref(c.number)}" media-type="application/xhtml+xml"${c.overlayMs !== null ? ` media-overlay="${overlayId(c.number)}"` : ''}/>`,
      ...(c.overlayMs !== null
        ? [`<item id="${overlayId(c.number)}" href="${overlayHref(c.number)}" media-type="application/smil+xml"/>`, `<item id="${audioId(c.number)}" href="${audioHref(c.number)}" media-type="audio/mpeg"/>`]
        : []),
    ]),
  ];
  const spine = [...(cover ? ['cover'] : []), 'title', ...chapters.map((c) => chapterId(c.number))];
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="bookid" xml:lang="${x(book.language)}">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="bookid">${x(book.identifier)}</dc:identifier>
    <dc:title>${x(book.title)}</dc:title>
    <dc:creator id="author">${x(book.author)}</dc:creator>
    <meta refines="#author" property="role" scheme="marc:relators">aut</meta>
    <dc:language>${x(book.language)}</dc:language>
    <dc:date>${x(book.date)}</dc:date>${description}
    ${meta.join('\n    ')}
  </metadata>
  <manifest>
    ${items.join('\n    ')}
  </manifest>
  <spine toc="ncx">
    ${spine.map((id) => `<itemref idref="${id}"/>`).join('\n    ')}
  </spine>
</package>
`;
}
