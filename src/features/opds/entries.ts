import type { Book } from '../catalogue/model.ts';
import { UPGRADE_PATH } from '../billing/gate.ts';
import { REL, type AtomEntry, type AtomLink } from './atom.ts';
import { absolute, bookPagePath, epubPath, imageType } from './links.ts';

export const EPUB_TYPE = 'application/epub+zip';
export const UPGRADE_TITLE = 'Chapterhouse Pro: download this book as EPUB';

export const bookUrn = (slug: string) => `urn:chapterhouse:book:${slug}`;

/** What the reader of a feed may do with the EPUB: download it, or be shown where Pro is sold. */
export interface EpubAccess {
  canExport: boolean;
  proForSale: boolean;
}

/**
 * One book as an OPDS acquisition entry. The EPUB is Pro's (billing/gate.ts requireExport): a
 * reader with the Pro features gets the acquisition link; any other reader a link to the upgrade
 * page instead when this server sells Pro, else nothing (rel "related": OPDS's acquisition/buy
 * would need a price, and the price is not per book).
 */
export function bookEntry(book: Book, base: string, viewer: EpubAccess, updated: string): AtomEntry {
  const links: AtomLink[] = [];
  if (book.cover_url) {
    const type = imageType(book.cover_url);
    links.push({ rel: REL.image, href: absolute(base, book.cover_url), type }, { rel: REL.thumbnail, href: absolute(base, book.cover_url), type });
  }
  links.push({ rel: 'alternate', href: absolute(base, bookPagePath(book.slug)), type: 'text/html', title: book.title });
  if (viewer.canExport) links.push({ rel: REL.acquisition, href: absolute(base, epubPath(book.slug)), type: EPUB_TYPE });
  else if (viewer.proForSale) links.push({ rel: 'related', href: absolute(base, UPGRADE_PATH), type: 'text/html', title: UPGRADE_TITLE });
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
