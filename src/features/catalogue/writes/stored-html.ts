import { createHash } from 'node:crypto';
import type { Db } from '../../../platform/db/index.ts';
import { deflatePiece, keptPiece, type DeflatedPiece } from '../../../platform/http/gzip-parts.ts';
import { RENDER_VERSION, renderChapter } from '../../../platform/markup/chapter-html.ts';
import { chapterRenderingFor, staleChaptersAfter, staleChaptersAmong, storeChapterRendering, storeChapterRenderings, type CompressedForms, type StoredRendering } from './queries.ts';

/**
 * Chapter renderings stored in their row (migrations 20261128000100, 20261129000100), as HTML and
 * compressed (a chapter page is sent without compressing its text per request). Writers store one with the
 * text (service.ts), readers store the ones they had to make (a chapter written before, or
 * by a writer that does not render), and `npm run render-chapters` makes all the missing ones after
 * an upgrade of the renderer. Whoever reads checks `html_source` against the text it has now, so a
 * stored rendering is never shown for other text or by another renderer.
 */

/** What a rendering of `text` by this renderer is stored under; PostgreSQL's md5(text) is the same hash. */
export function renderingSource(text: string): string {
  return `${RENDER_VERSION}:${md5Hex(text)}`;
}

function md5Hex(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

/** The SQL prefix a reader compares `html_source` with: `${RENDER_VERSION}:` then md5 of the text. */
export const RENDERING_PREFIX = `${RENDER_VERSION}:`;

/** The rendering of `text` and what it is stored under, for a writer that stores both with the text. */
export function renderingOf(text: string): StoredRendering {
  const html = renderChapter(text);
  return { html, html_source: renderingSource(text), ...compressedForms(text, html) };
}

/** `"text":…,"html":…` exactly as JSON.stringify writes them in the chapter's JSON (reader/model.ts). */
export function jsonMembers(text: string, html: string): string {
  return `"text":${JSON.stringify(text)},"html":${JSON.stringify(html)}`;
}

export function compressedForms(text: string, html: string, htmlPiece: DeflatedPiece = deflatePiece(html)): CompressedForms {
  const json = deflatePiece(jsonMembers(text, html));
  return {
    html_deflated: htmlPiece.deflated, html_crc: htmlPiece.crc | 0, html_bytes: htmlPiece.length,
    json_deflated: json.deflated, json_crc: json.crc | 0, json_bytes: json.length,
  };
}

/** A stored compressed form as a piece for a gzip body (gzip-parts.ts), or null when not stored. */
export function storedPiece(deflated: Uint8Array | null, crc: number | null, bytes: number | null): DeflatedPiece | null {
  if (!deflated || crc === null || bytes === null) return null;
  return keptPiece(deflated, crc, bytes);
}

/**
 * Stores a rendering made while reading, with its compressed forms, only if the row still holds
 * the text it was made from (`textHash`, the md5 the read returned): a chapter edited meanwhile
 * keeps its own.
 */
export async function storeRendering(db: Db, slug: string, n: number, textHash: string, text: string, html: string, htmlPiece?: DeflatedPiece): Promise<void> {
  await storeChapterRendering(db, { slug, n, textHash, html, html_source: RENDERING_PREFIX + textHash, ...compressedForms(text, html, htmlPiece) });
}

/** The stored rendering of the text that hashes to `textHash`, or null when none is stored for it. */
export function storedRendering(db: Db, slug: string, n: number, textHash: string): Promise<string | null> {
  return chapterRenderingFor(db, slug, n, RENDERING_PREFIX + textHash);
}

export interface RenderMissingResult {
  rendered: number;
}

/**
 * Renders and stores every chapter without a current rendering, `batch` rows a statement, in
 * (book, number) order so a second run after an interruption picks up where it stopped. `only`
 * limits it to some chapters (the reading benchmark's paths).
 */
export async function renderMissingChapters(
  db: Db,
  options: { batch?: number; only?: readonly { slug: string; n: number }[]; onProgress?: (rendered: number) => void } = {},
): Promise<RenderMissingResult> {
  const batch = options.batch ?? 200;
  let rendered = 0;
  const store = async (rows: readonly { book_slug: string; number: number; text: string }[]) => {
    const renderings = rows.map((row) => {
      const { html_deflated, json_deflated, ...rendering } = renderingOf(row.text);
      const base64 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
      return { slug: row.book_slug, n: row.number, ...rendering, html_z: base64(html_deflated), json_z: base64(json_deflated), hash: md5Hex(row.text) };
    });
    if (renderings.length === 0) return;
    await storeChapterRenderings(db, renderings);
    rendered += renderings.length;
    options.onProgress?.(rendered);
  };
  if (options.only) {
    for (let i = 0; i < options.only.length; i += batch) {
      await store(await staleChaptersAmong(db, options.only.slice(i, i + batch), RENDERING_PREFIX));
    }
    return { rendered };
  }
  let after = { slug: '', n: -1 };
  for (;;) {
    const rows = await staleChaptersAfter(db, after, batch, RENDERING_PREFIX);
    if (rows.length === 0) return { rendered };
    const last = rows[rows.length - 1]!;
    after = { slug: last.book_slug, n: last.number };
    await store(rows);
  }
}
