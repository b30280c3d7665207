import { transliterate } from '../../platform/text/slug.ts';
import type { ExportRange } from './model.ts';

/**
 * "Title - chapters 1-50.epub" (one chapter: "Title - chapter 7.epub"); other exports name what
 * they are: "Title - chapters 1-50 (narrated).epub", "… (audiobook).mp3".
 */
export function downloadName(title: string, range: ExportRange, kind: { extension: string; note?: string } = { extension: 'epub' }): string {
  const clean = title.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 150) || 'Book';
  const chapters = range.from === range.to ? `chapter ${range.from}` : `chapters ${range.from}-${range.to}`;
  return `${clean} - ${chapters}${kind.note ? ` (${kind.note})` : ''}.${kind.extension}`;
}

/** The quoted `filename` of Content-Disposition: letters transliterated, anything else not printable ASCII as `_`. */
export function asciiFileName(fileName: string): string {
  return transliterate(fileName).replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
}

/**
 * `attachment` with an ASCII file name for old clients and the exact one in RFC 5987/6266 form
 * (`filename*=UTF-8''…`) for everyone else.
 */
export function contentDisposition(fileName: string): string {
  const ascii = asciiFileName(fileName);
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
