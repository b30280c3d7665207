import { FRONT_MATTER_TITLE, plain } from '../text.ts';
import type { EpubDocument } from './content.ts';

/**
 * Pages that are not the story: the cover, the title page, the contents (the nav document or a
 * page of links), the copyright page. Known by how the book labels them (landmarks, guide,
 * epub:type, class, file name, the contents' words for them) or by how they read (nothing but the
 * title and the author's name). A labelled page with a lot of text is kept all the same: a label
 * is a claim, and losing a chapter is worse than keeping a cover.
 */
const LABELS = /\b(cover|titlepage|title-page|halftitlepage|halftitle|toc|doc-toc|contents|landmarks)\b/;
const FILE_NAMES = /^(cover|title|titlepage|title[_-]page|half[_-]?title|toc|contents|nav)[_-]?\d*\.x?html?$/i;
const SHORT = 2000;

export interface BookFacts {
  navPath: string | null;
  landmarks: Map<string, string>;
  /** Path → the title the table of contents gives it. */
  tocTitles: Map<string, string>;
  title: string;
  author: string;
}

export function isFrontMatter(doc: EpubDocument, book: BookFacts): boolean {
  if (doc.path === book.navPath) return true;
  const short = doc.text.length < SHORT;
  const landmark = book.landmarks.get(doc.path) ?? '';
  if (short && (LABELS.test(landmark) || FRONT_MATTER_TITLE.test(book.tocTitles.get(doc.path) ?? '') || LABELS.test(doc.kind) || FILE_NAMES.test(doc.path.split('/').pop() ?? ''))) return true;
  if (doc.linkShare > 0.6 && short) return true;
  return isTitlePage(doc.text, book);
}

/** Almost every word is the book's title, the author's name or "by". */
function isTitlePage(text: string, book: BookFacts): boolean {
  const words = plain(text).split(' ').filter(Boolean);
  if (words.length === 0 || words.length > 40) return false;
  const known = new Set(plain(`${book.title} ${book.author} by a novel`).split(' '));
  return words.filter((w) => known.has(w)).length / words.length >= 0.8;
}
