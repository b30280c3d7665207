import { Readable } from 'node:stream';
import FeedParser from 'feedparser';
import { XMLParser } from 'fast-xml-parser';

/** Reading OPDS feeds as a client does: a feed reader for the Atom meaning, an XML parser for the links. */
export interface Link {
  rel?: string;
  href: string;
  type?: string;
  title?: string;
}

export interface ParsedEntry {
  id: string;
  title: string;
  updated: string;
  author: string;
  summary: string | null;
  categories: string[];
  links: Link[];
}

export interface ParsedFeed {
  title: string;
  updated: string;
  links: Link[];
  entries: ParsedEntry[];
}

/** The Atom meaning, as a feed reader sees it (feedparser, the npm package). */
export async function readAtom(xml: string): Promise<{ meta: FeedParser.Meta; items: FeedParser.Item[] }> {
  const parser = new FeedParser({ addmeta: false });
  const items: FeedParser.Item[] = [];
  const done = new Promise<void>((resolve, reject) => {
    parser.on('error', reject);
    parser.on('readable', function (this: FeedParser) {
      let item: FeedParser.Item | null;
      while ((item = this.read())) items.push(item);
    });
    parser.on('end', () => resolve());
  });
  Readable.from([xml]).pipe(parser);
  await done;
  return { meta: parser.meta, items };
}

const xmlParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', removeNSPrefix: false, isArray: (name) => ['entry', 'link', 'category', 'author'].includes(name) });

const linksOf = (node: { link?: Link[] }): Link[] => (node.link ?? []).map((l) => ({ rel: l.rel, href: l.href, type: l.type, title: l.title }));
const text = (value: unknown): string => (typeof value === 'object' && value !== null ? String((value as { '#text'?: unknown })['#text'] ?? '') : String(value ?? ''));

/** The feed's links and entries (structure), after checking feedparser reads it as the same Atom feed. */
export async function parseFeed(xml: string): Promise<ParsedFeed> {
  const { meta, items } = await readAtom(xml);
  if (meta['#type'] !== 'atom') throw new Error(`not read as Atom: ${meta['#type']}`);
  const doc = xmlParser.parse(xml) as { feed: { title: unknown; updated: unknown; link?: Link[]; entry?: Array<Record<string, any>> } };
  const entries = (doc.feed.entry ?? []).map((e): ParsedEntry => ({
    id: text(e.id),
    title: text(e.title),
    updated: text(e.updated),
    author: text(e.author?.[0]?.name),
    summary: e.summary === undefined ? null : text(e.summary),
    categories: (e.category ?? []).map((c: { term: string }) => c.term),
    links: linksOf(e),
  }));
  if (items.length !== entries.length) throw new Error(`feedparser read ${items.length} entries, the XML has ${entries.length}`);
  items.forEach((item, i) => {
    if (item.guid !== entries[i]!.id || item.title !== entries[i]!.title) throw new Error(`entry ${i} reads differently: ${item.guid} ${item.title}`);
  });
  return { title: text(doc.feed.title), updated: text(doc.feed.updated), links: linksOf(doc.feed), entries };
}

export const linkOf = (links: Link[], rel: string): Link | undefined => links.find((l) => l.rel === rel);
