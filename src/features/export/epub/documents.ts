import { escapeXml as x } from './xml.ts';

/** The files of an EPUB 2 book (OPF 2.0, NCX, XHTML 1.1), as strings. */

export interface EpubBook {
  title: string;
  author: string;
  description: string;
  language: string;
  /** `urn:uuid:…` */
  identifier: string;
  /** YYYY-MM-DD */
  date: string;
  /** What the title page says under the author ("Chapters 1–50"). */
  rangeLabel: string;
}

export interface EpubCover {
  /** File name inside OEBPS/, e.g. images/cover.png */
  href: string;
  mediaType: string;
}

export interface SpineChapter {
  number: number;
  title: string;
}

export const chapterHref = (n: number) => `chapters/c${n}.xhtml`;
export const chapterId = (n: number) => `c${n}`;
export const chapterHeading = (c: SpineChapter) => c.title.trim() || `Chapter ${c.number}`;

export const CONTAINER = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
`;

export const STYLESHEET = `body { margin: 0 5%; line-height: 1.5; font-family: serif; }
h1 { font-size: 1.5em; margin: 1.5em 0 1em; text-align: center; }
h2, h3, h4 { margin: 1.2em 0 0.6em; }
p { margin: 0 0 0.8em; text-indent: 0; }
hr { border: none; border-top: 1px solid #888; margin: 1.5em 25%; }
blockquote { margin: 1em 2em; font-style: italic; }
.title-page { text-align: center; margin-top: 20%; }
.title-page .author { font-size: 1.2em; margin-top: 1em; }
.cover { text-align: center; margin: 0; padding: 0; }
.cover img { max-width: 100%; max-height: 100%; }
`;

function page(title: string, language: string, prefix: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="${x(language)}">
<head>
<title>${x(title)}</title>
<link rel="stylesheet" type="text/css" href="${prefix}style.css"/>
</head>
<body>
${body}
</body>
</html>
`;
}

export function coverPage(book: EpubBook, cover: EpubCover): string {
  return page(book.title, book.language, '', `<div class="cover"><img src="${x(cover.href)}" alt="${x(book.title)}"/></div>`);
}

export function titlePage(book: EpubBook): string {
  return page(book.title, book.language, '', `<div class="title-page">
<h1>${x(book.title)}</h1>
<p class="author">${x(book.author)}</p>
<p>${x(book.rangeLabel)}</p>
</div>`);
}

/** `bodyXhtml` is already XHTML (htmlToXhtml of the reader's sanitised rendering). */
export function chapterPage(book: EpubBook, chapter: SpineChapter, bodyXhtml: string): string {
  return page(chapterHeading(chapter), book.language, '../', `<h1>${x(chapterHeading(chapter))}</h1>\n${bodyXhtml}`);
}

export function opf(book: EpubBook, cover: EpubCover | null, chapters: readonly SpineChapter[]): string {
  const description = book.description.trim() ? `\n    <dc:description>${x(book.description.trim())}</dc:description>` : '';
  const coverMeta = cover ? '\n    <meta name="cover" content="cover-image"/>' : '';
  const coverItems = cover
    ? `\n    <item id="cover-image" href="${x(cover.href)}" media-type="${x(cover.mediaType)}"/>\n    <item id="cover" href="cover.xhtml" media-type="application/xhtml+xml"/>`
    : '';
  const items = chapters.map((c) => `    <item id="${chapterId(c.number)}" href="${chapterHref(c.number)}" media-type="application/xhtml+xml"/>`).join('\n');
  const refs = chapters.map((c) => `    <itemref idref="${chapterId(c.number)}"/>`).join('\n');
  const first = chapters[0];
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="bookid">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
    <dc:title>${x(book.title)}</dc:title>
    <dc:creator opf:role="aut">${x(book.author)}</dc:creator>
    <dc:language>${x(book.language)}</dc:language>
    <dc:identifier id="bookid" opf:scheme="UUID">${x(book.identifier)}</dc:identifier>
    <dc:date>${x(book.date)}</dc:date>${description}${coverMeta}
  </metadata>
  <manifest>
    <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
    <item id="style" href="style.css" media-type="text/css"/>${coverItems}
    <item id="title" href="title.xhtml" media-type="application/xhtml+xml"/>
${items}
  </manifest>
  <spine toc="ncx">${cover ? '\n    <itemref idref="cover" linear="no"/>' : ''}
    <itemref idref="title"/>
${refs}
  </spine>
  <guide>${cover ? '\n    <reference type="cover" title="Cover" href="cover.xhtml"/>' : ''}
    <reference type="title-page" title="Title page" href="title.xhtml"/>${first ? `\n    <reference type="text" title="${x(chapterHeading(first))}" href="${chapterHref(first.number)}"/>` : ''}
  </guide>
</package>
`;
}

export function ncx(book: EpubBook, chapters: readonly SpineChapter[]): string {
  const points = chapters
    .map((c, i) => `    <navPoint id="nav-${chapterId(c.number)}" playOrder="${i + 2}">
      <navLabel><text>${x(chapterHeading(c))}</text></navLabel>
      <content src="${chapterHref(c.number)}"/>
    </navPoint>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE ncx PUBLIC "-//NISO//DTD ncx 2005-1//EN" "http://www.daisy.org/z3986/2005/ncx-2005-1.dtd">
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1" xml:lang="${x(book.language)}">
  <head>
    <meta name="dtb:uid" content="${x(book.identifier)}"/>
    <meta name="dtb:depth" content="1"/>
    <meta name="dtb:totalPageCount" content="0"/>
    <meta name="dtb:maxPageNumber" content="0"/>
  </head>
  <docTitle><text>${x(book.title)}</text></docTitle>
  <docAuthor><text>${x(book.author)}</text></docAuthor>
  <navMap>
    <navPoint id="nav-title" playOrder="1">
      <navLabel><text>${x(book.title)}</text></navLabel>
      <content src="title.xhtml"/>
    </navPoint>
${points}
  </navMap>
</ncx>
`;
}
