import { Readable } from 'node:stream';
import JSZip from 'jszip';

/**
 * Hostile PDFs and EPUBs, built in memory: the EPUBs with jszip (as the project's own export does),
 * the PDFs written out as text with their cross-reference table.
 */
const MB = 1 << 20;
const CONTAINER = '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>';
const page = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>x</title></head><body>${body}</body></html>`;

interface EpubParts {
  /** File name in OEBPS/ → its bytes or text (a whole document). */
  files: Record<string, string | Uint8Array | Readable>;
  /** Manifest ids in reading order (an id may repeat). */
  spine: string[];
  /** A cover picture (`properties="cover-image"` in the manifest). */
  cover?: { name: string; bytes: Uint8Array | string; mediaType: string };
}

async function epub({ files, spine, cover }: EpubParts): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('mimetype', 'application/epub+zip', { compression: 'STORE' });
  zip.file('META-INF/container.xml', CONTAINER);
  const items = Object.keys(files).map((name) => `<item id="${name.replace(/\W/g, '_')}" href="${name}" media-type="application/xhtml+xml"/>`);
  if (cover) {
    items.push(`<item id="cover" href="${cover.name}" media-type="${cover.mediaType}" properties="cover-image"/>`);
    zip.file(`OEBPS/${cover.name}`, cover.bytes, { binary: typeof cover.bytes !== 'string' });
  }
  zip.file('OEBPS/content.opf', `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:x</dc:identifier><dc:title>Hostile</dc:title><dc:language>en</dc:language></metadata><manifest>${items.join('')}</manifest><spine>${spine.map((id) => `<itemref idref="${id}"/>`).join('')}</spine></package>`);
  for (const [name, content] of Object.entries(files)) zip.file(`OEBPS/${name}`, content as never, { binary: typeof content !== 'string' });
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** Prose of about `bytes` characters, in paragraphs. */
export function prose(bytes: number): string {
  const paragraph = `<p>${'The lantern keeper counted the ships that never came home. '.repeat(16)}</p>\n`;
  return paragraph.repeat(Math.ceil(bytes / paragraph.length));
}

/** One chapter of `chapterBytes` listed `times` times in the reading order (a few KB once deflated). */
export function repeatedSpineEpub(times: number, chapterBytes = MB): Promise<Uint8Array> {
  return epub({ files: { 'ch1.xhtml': page(`<h1>One</h1>${prose(chapterBytes)}`) }, spine: Array.from({ length: times }, () => 'ch1_xhtml') });
}

/** `count` different chapters of `chapterBytes` each. */
export function chaptersEpub(count: number, chapterBytes: number): Promise<Uint8Array> {
  const files = Object.fromEntries(Array.from({ length: count }, (_, i) => [`ch${i + 1}.xhtml`, page(`<h1>Chapter ${i + 1}</h1>${prose(chapterBytes)}`)]));
  return epub({ files, spine: Object.keys(files).map((name) => name.replace(/\W/g, '_')) });
}

/** A short readable book with the given cover picture. */
export function coveredEpub(cover: NonNullable<EpubParts['cover']>): Promise<Uint8Array> {
  return epub({ files: { 'ch1.xhtml': page(`<h1>One</h1>${prose(4000)}`) }, spine: ['ch1_xhtml'], cover });
}

/** A book whose one chapter holds `textBytes` of text. */
export function bigChapterEpub(textBytes: number): Promise<Uint8Array> {
  return epub({ files: { 'ch1.xhtml': page(`<h1>One</h1>${prose(textBytes)}`) }, spine: ['ch1_xhtml'] });
}

/** A small readable chapter, then an entry of `megabytes` of spaces: about 1 KB per MB once deflated. */
export function zipBombEpub(megabytes: number): Promise<Uint8Array> {
  const chunk = Buffer.alloc(MB, 0x20);
  const spaces = Readable.from((function* () {
    for (let i = 0; i < megabytes; i++) yield chunk;
  })());
  return epub({ files: { 'ch1.xhtml': page(`<h1>One</h1>${prose(4000)}`), 'blank.xhtml': spaces }, spine: ['ch1_xhtml', 'blank_xhtml'] });
}

/** A PDF from object bodies (numbered from 1; object 1 is the catalog), with a correct xref table. */
export function pdfOf(objects: string[]): Uint8Array {
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
const textStream = (lines: string[]) => {
  const body = `BT /F1 11 Tf 14 TL 72 720 Td ${lines.map((l) => `(${l}) '`).join(' ')} ET`;
  return `<< /Length ${body.length} >>\nstream\n${body}\nendstream`;
};
const pageObject = (contents: number) => `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${contents} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`;

/** A page tree whose one Pages node lists the same page `times` times (about 6 bytes a listing). */
export function revisitingPagesPdf(times: number): Uint8Array {
  const kids = Array.from({ length: times }, () => '4 0 R').join(' ');
  return pdfOf(['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count ${times} >>`, FONT, pageObject(5), textStream(['The same page, again and again.'])]);
}

/** A page tree whose Pages node lists the same Pages node (holding one page) `times` times. */
export function revisitingNodesPdf(times: number): Uint8Array {
  const kids = Array.from({ length: times }, () => '4 0 R').join(' ');
  return pdfOf(['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count ${times} >>`, FONT, '<< /Type /Pages /Parent 2 0 R /Kids [5 0 R] /Count 1 >>', pageObject(6), textStream(['A page under a node listed again and again.'])]);
}

/** An honest book of `pages` distinct pages of prose, a chapter heading every ten pages. */
export function longPdf(pages: number): Uint8Array {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '', FONT];
  const kids: string[] = [];
  for (let i = 0; i < pages; i++) {
    const pageNumber = objects.length + 1;
    kids.push(`${pageNumber} 0 R`);
    const heading = i % 10 === 0 ? [`Chapter ${i / 10 + 1}`] : [];
    objects.push(pageObject(pageNumber + 1), textStream([...heading, ...Array.from({ length: 30 }, (_, l) => `Line ${l + 1} of page ${i + 1}: the keeper counted the ships in the fog.`)]));
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`;
  return pdfOf(objects);
}
