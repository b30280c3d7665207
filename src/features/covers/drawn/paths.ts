import { createHash } from 'node:crypto';
import { GENERATOR_VERSION, type CoverText } from './svg.ts';

export type DrawnFormat = 'svg' | 'png';

/**
 * Where drawn covers are served. `_` never appears in a book slug, nor in a stored cover's key
 * (covers/<slug>/…, covers/generated/… of the AI tools, covers/import-…), so no stored cover is
 * ever shadowed by this route, nor this route by GET /covers/*.
 */
export const DRAWN_COVERS = '/covers/_drawn';

/** What the drawing depends on: changes with the title, the author or the drawing itself. */
export function drawnCoverFingerprint(book: CoverText): string {
  return createHash('sha256').update([GENERATOR_VERSION, book.slug, book.title, book.author].join('\u0000')).digest('hex').slice(0, 20);
}

/**
 * The drawn cover's address. `v` changes with what is drawn, so a page never shows the cover of a
 * book's old title from the browser's cache; the route does not need it.
 */
export function drawnCoverPath(book: CoverText, format: DrawnFormat = 'svg'): string {
  return `${DRAWN_COVERS}/${encodeURIComponent(book.slug)}.${format}?v=${drawnCoverFingerprint(book).slice(0, 10)}`;
}
