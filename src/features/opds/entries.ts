import type { Book } from '../catalogue/model.ts';
import { UPGRADE_PATH, hasPro } from '../billing/gate.ts';
import type { Role } from '../../platform/db/schema.ts';
import { REL, type AtomEntry, type AtomLink } from './atom.ts';
import { absolute, bookPagePath, epubPath, imageType } from './links.ts';

export const EPUB_TYPE = 'application/epub+zip';
export const UPGRADE_TITLE = 'Chapterhouse Pro: download this book as EPUB';

export const bookUrn = (slug: string) => `urn:chapterhouse:book:${slug}`;

/**
 * One book as an OPDS acquisition entry. The EPUB is Pro's (billing/gate.ts requireExport): a
 * reader with Pro gets the acquisition link, any other reader a link to the upgrade page instead
 * (rel "related": OPDS's acquisition/buy would need a price, and the price is not per book).
 */
export function bookEntry(book: Book, base: string, viewerRole: Role, updated: string): AtomEntry {
  const links: AtomLink[] = [];
  if (book.cover_url) {
    const type = imageType(book.cover_url);
    links.push({ rel: REL.image, href: absolute(base, book.cover_url), type }, { rel: REL.thumbnail, href: absolute(base, book.cover_url), type });
  }
  links.push({ rel: 'alternate', href: absolute(base, bookPagePath(book.slug)), type: 'text/html', title: book.title });
  if (hasPro(viewerRole)) links.push({ rel: REL.acquisition, href: absolute(base, epubPath(book.slug)), type: EPUB_TYPE });
  else links.push({ rel: 'related', href: absolute(base, UPGRADE_PATH), type: 'text/html', title: UPGRADE_TITLE });
  return {
    id: bookUrn(book.slug),
    title: book.title,
    updated,
    authors: [book.author.trim() || 'Unknown'],
    summary: book.description.trim() || undefined,
    categories: book.genres.map((name) => ({ term: name, label: name })),
    links,
  };
}
