import type { Book } from '../catalogue/model.ts';
import { UPGRADE_PATH } from '../billing/gate.ts';
import { REL, type AtomEntry, type AtomLink } from './atom.ts';
import { absolute, bookPagePath, epubPath, imageType } from './links.ts';
import { drawnCoverPath } from '../covers/drawn/paths.ts';

export const EPUB_TYPE = 'application/epub+zip';
export const UPGRADE_TITLE = 'Chapterhouse Pro: download this book as EPUB';
export const READ_ONLINE_TITLE = 'Read it on Chapterhouse';

export const bookUrn = (slug: string) => `urn:chapterhouse:book:${slug}`;

/** The author an entry names (KOReader's OPDS browser names its download after it: kosync/koreader-names.ts). */
export const entryAuthor = (author: string) => author.trim() || 'Unknown';

/** What the reader of a feed may do with the EPUB: download it, or be shown where Pro is sold. */
export interface EpubAccess {
  canExport: boolean;
  proForSale: boolean;
}

/**
 * One book as an OPDS acquisition entry, which OPDS 1.2 (§5.2) gives at least one acquisition
 * link. The EPUB is Pro's (billing/gate.ts requireExport): a reader with the Pro features gets
 * the EPUB's acquisition link; any other reader, where this server sells Pro, acquisition/buy
 * pointing to the upgrade page (the price is not per book, so none is given; the related link
 * stays for readers that show only those), and where it does not, acquisition/open-access to the
 * book's page, where it is read for free.
 */
export function bookEntry(book: Book, base: string, viewer: EpubAccess, updated: string, language = 'en'): AtomEntry {
  const links: AtomLink[] = [];
  // A book without a cover gets the drawn one, as PNG: many e-readers show no SVG.
  const cover = book.cover_url ?? drawnCoverPath(book, 'png');
  const type = imageType(cover);
  links.push({ rel: REL.image, href: absolute(base, cover), type }, { rel: REL.thumbnail, href: absolute(base, cover), type });
  const page = absolute(base, bookPagePath(book.slug));
  links.push({ rel: 'alternate', href: page, type: 'text/html', title: book.title });
  if (viewer.canExport) links.push({ rel: REL.acquisition, href: absolute(base, epubPath(book.slug)), type: EPUB_TYPE });
  else if (viewer.proForSale) {
    const upgrade = absolute(base, UPGRADE_PATH);
    links.push({ rel: REL.buy, href: upgrade, type: 'text/html', title: UPGRADE_TITLE }, { rel: 'related', href: upgrade, type: 'text/html', title: UPGRADE_TITLE });
  } else links.push({ rel: REL.openAccess, href: page, type: 'text/html', title: READ_ONLINE_TITLE });
  return {
    id: bookUrn(book.slug),
    title: book.title,
    updated,
    authors: [entryAuthor(book.author)],
    language,
    summary: book.description.trim() || undefined,
    categories: book.genres.map((name) => ({ term: name, label: name })),
    links,
  };
}
