import { XML_DECLARATION, element } from './xml.ts';

/** OPDS 1.2 media types (opds-1.2 §2, §4.2). */
export const NAVIGATION_TYPE = 'application/atom+xml;profile=opds-catalog;kind=navigation';
export const ACQUISITION_TYPE = 'application/atom+xml;profile=opds-catalog;kind=acquisition';
export const ENTRY_TYPE = 'application/atom+xml;type=entry;profile=opds-catalog';
export const OPENSEARCH_TYPE = 'application/opensearchdescription+xml';

export const REL = {
  acquisition: 'http://opds-spec.org/acquisition',
  buy: 'http://opds-spec.org/acquisition/buy',
  openAccess: 'http://opds-spec.org/acquisition/open-access',
  image: 'http://opds-spec.org/image',
  thumbnail: 'http://opds-spec.org/image/thumbnail',
  sortNew: 'http://opds-spec.org/sort/new',
  sortPopular: 'http://opds-spec.org/sort/popular',
} as const;

export interface AtomLink {
  rel?: string;
  href: string;
  type?: string;
  title?: string;
}

export interface AtomEntry {
  id: string;
  title: string;
  updated: string;
  authors: string[];
  /** dc:language, a BCP 47 tag (book entries). */
  language?: string;
  summary?: string;
  /** Navigation entries describe their target in a text content. */
  content?: string;
  categories: Array<{ term: string; label: string }>;
  links: AtomLink[];
}

export interface AtomFeed {
  id: string;
  title: string;
  updated: string;
  links: AtomLink[];
  entries: AtomEntry[];
}

const link = (l: AtomLink) => element('link', { rel: l.rel, href: l.href, type: l.type, title: l.title });
const person = (name: string) => element('author', {}, [element('name', {}, { text: name })]);

function entryXml(entry: AtomEntry): string {
  return element('entry', {}, [
    element('id', {}, { text: entry.id }),
    element('title', {}, { text: entry.title }),
    element('updated', {}, { text: entry.updated }),
    ...entry.authors.map(person),
    ...(entry.language ? [element('dc:language', {}, { text: entry.language })] : []),
    ...entry.categories.map((c) => element('category', { term: c.term, label: c.label })),
    ...(entry.summary ? [element('summary', { type: 'text' }, { text: entry.summary })] : []),
    ...(entry.content ? [element('content', { type: 'text' }, { text: entry.content })] : []),
    ...entry.links.map(link),
  ]);
}

/** An Atom feed document; the feed is its own author (Atom requires one on feed or entries). */
export function renderFeed(feed: AtomFeed, siteName: string, siteUrl: string): string {
  const root = element(
    'feed',
    { xmlns: 'http://www.w3.org/2005/Atom', 'xmlns:opds': 'http://opds-spec.org/2010/catalog', 'xmlns:dc': 'http://purl.org/dc/terms/' },
    [
      element('id', {}, { text: feed.id }),
      element('title', {}, { text: feed.title }),
      element('updated', {}, { text: feed.updated }),
      element('author', {}, [element('name', {}, { text: siteName }), element('uri', {}, { text: siteUrl })]),
      ...feed.links.map(link),
      ...feed.entries.map(entryXml),
    ],
  );
  return XML_DECLARATION + root;
}
