import type { Book } from '../catalogue/model.ts';
import { ACQUISITION_TYPE, NAVIGATION_TYPE, OPENSEARCH_TYPE, renderFeed, type AtomEntry, type AtomFeed, type AtomLink } from './atom.ts';
import { bookEntry, type EpubAccess } from './entries.ts';
import { OPDS_ROOT, OPENSEARCH_PATH, absolute } from './links.ts';

export const SITE_NAME = 'Chapterhouse';

/** What every feed of one request shares: the site's address and who asks. */
export interface FeedContext {
  base: string;
  epub: EpubAccess;
}

/** The links every feed carries: itself, the start of the catalogue and the search. */
function commonLinks(ctx: FeedContext, self: string, selfType: string): AtomLink[] {
  return [
    { rel: 'self', href: self, type: selfType },
    { rel: 'start', href: absolute(ctx.base, OPDS_ROOT), type: NAVIGATION_TYPE, title: SITE_NAME },
    { rel: 'search', href: absolute(ctx.base, OPENSEARCH_PATH), type: OPENSEARCH_TYPE, title: `Search ${SITE_NAME}` },
  ];
}

export interface NavigationItem {
  id: string;
  title: string;
  description: string;
  path: string;
  /** The feed the entry leads to: a list of books (acquisition) or of further lists. */
  kind: 'acquisition' | 'navigation';
  rel?: string;
}

/** `updated` is the catalogue's newest change (service.ts): the lists change when a book does. */
export function navigationFeed(ctx: FeedContext, id: string, title: string, path: string, items: NavigationItem[], updated: string): string {
  const entries: AtomEntry[] = items.map((item) => ({
    id: item.id,
    title: item.title,
    updated,
    authors: [],
    content: item.description,
    categories: [],
    links: [{ rel: item.rel ?? 'subsection', href: absolute(ctx.base, item.path), type: item.kind === 'acquisition' ? ACQUISITION_TYPE : NAVIGATION_TYPE, title: item.title }],
  }));
  const self = absolute(ctx.base, path);
  const up: AtomLink[] = path === OPDS_ROOT ? [] : [{ rel: 'up', href: absolute(ctx.base, OPDS_ROOT), type: NAVIGATION_TYPE }];
  const feed: AtomFeed = { id, title, updated, links: [...commonLinks(ctx, self, NAVIGATION_TYPE), ...up], entries };
  return renderFeed(feed, SITE_NAME, absolute(ctx.base, '/'));
}

export interface BookPageOf {
  books: Book[];
  page: number;
  hasMore: boolean;
  /** When each book last changed (ISO), by slug. */
  changes: Map<string, string>;
  /** Each book's language (a BCP 47 tag), by slug. */
  languages: Map<string, string>;
  /** The feed's own time: its newest entry's, or a stable one when it has none. */
  updated: string;
}

/**
 * A page of books. Paging follows OPDS 1.2 §4.2 (RFC 5005 links): first always, previous from
 * page 2, next while another page follows; `query` is kept on every page link (the search terms).
 */
export function acquisitionFeed(ctx: FeedContext, id: string, title: string, path: string, list: BookPageOf, query: Record<string, string> = {}): string {
  const pageUrl = (page: number) => absolute(ctx.base, path, { ...query, page: page === 1 ? undefined : page });
  const links: AtomLink[] = [
    ...commonLinks(ctx, pageUrl(list.page), ACQUISITION_TYPE),
    { rel: 'up', href: absolute(ctx.base, OPDS_ROOT), type: NAVIGATION_TYPE },
    { rel: 'first', href: pageUrl(1), type: ACQUISITION_TYPE },
  ];
  if (list.page > 1) links.push({ rel: 'previous', href: pageUrl(list.page - 1), type: ACQUISITION_TYPE });
  if (list.hasMore) links.push({ rel: 'next', href: pageUrl(list.page + 1), type: ACQUISITION_TYPE });
  const entries = list.books.map((book) => bookEntry(book, ctx.base, ctx.epub, list.changes.get(book.slug) ?? list.updated, list.languages.get(book.slug)));
  return renderFeed({ id, title, updated: list.updated, links, entries }, SITE_NAME, absolute(ctx.base, '/'));
}

/**
 * A refusal in the catalogue's own format (an e-reader shows a feed, not a web page): a feed
 * titled with the message, whose one entry says it again and leads back to the start.
 */
export function errorFeed(ctx: Pick<FeedContext, 'base'>, status: number, message: string, path: string, updated: string): string {
  const start = absolute(ctx.base, OPDS_ROOT);
  const entry: AtomEntry = {
    id: `urn:chapterhouse:opds:error:${status}`,
    title: message,
    updated,
    authors: [],
    content: message,
    categories: [],
    links: [{ rel: 'start', href: start, type: NAVIGATION_TYPE, title: SITE_NAME }],
  };
  const links: AtomLink[] = [
    { rel: 'self', href: absolute(ctx.base, path), type: NAVIGATION_TYPE },
    { rel: 'start', href: start, type: NAVIGATION_TYPE, title: SITE_NAME },
  ];
  return renderFeed({ id: `urn:chapterhouse:opds:error:${status}`, title: message, updated, links, entries: [entry] }, SITE_NAME, absolute(ctx.base, '/'));
}
