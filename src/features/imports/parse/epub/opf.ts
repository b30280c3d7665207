import { XMLParser } from 'fast-xml-parser';
import { ImportError } from '../types.ts';
import { resolveHref, type Archive } from './archive.ts';

/** The package document (EPUB 2 and 3): metadata, manifest, spine, guide, table of contents, cover. */
export interface ManifestItem {
  id: string;
  path: string;
  mediaType: string;
  properties: string[];
}

export interface Package {
  opfPath: string;
  title: string;
  author: string;
  description: string;
  language: string | null;
  /** Linear content documents, in reading order. */
  spine: ManifestItem[];
  /** EPUB 2's guide: path → type (cover, title-page, toc…). */
  guide: Map<string, string>;
  nav: ManifestItem | null;
  ncx: ManifestItem | null;
  cover: ManifestItem | null;
}

type Node = Record<string, unknown>;
export const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', removeNSPrefix: true, textNodeName: '#text', processEntities: true, htmlEntities: true, isArray: (name) => ['item', 'itemref', 'meta', 'creator', 'title', 'description', 'language', 'reference', 'rootfile', 'navPoint', 'EncryptedData'].includes(name) });
export const list = <T = Node>(value: unknown): T[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]) as T[];
export const textOf = (node: unknown): string => String(typeof node === 'object' && node ? ((node as Node)['#text'] ?? '') : (node ?? '')).trim();
const attr = (node: Node, name: string): string => String(node[`@${name}`] ?? '').trim();

export function readPackage(archive: Archive): Package {
  if (!archive.has('META-INF/container.xml')) throw new ImportError('corrupt', 'This is not a valid EPUB: META-INF/container.xml is missing.');
  const rootfiles = list(xml.parse(archive.text('META-INF/container.xml'))?.container?.rootfiles?.rootfile);
  const rootfile = rootfiles.find((r) => attr(r, 'media-type') === 'application/oebps-package+xml') ?? rootfiles[0];
  const opfPath = rootfile ? resolveHref('', attr(rootfile, 'full-path')) : null;
  if (!opfPath || !archive.has(opfPath)) throw new ImportError('corrupt', 'This EPUB is damaged: it does not say where its package document is.');
  const opf = xml.parse(archive.text(opfPath))?.package as Node | undefined;
  if (!opf) throw new ImportError('corrupt', 'This EPUB is damaged: its package document cannot be read.');

  const items = new Map<string, ManifestItem>();
  for (const item of list((opf.manifest as Node)?.item)) {
    const path = resolveHref(opfPath, attr(item, 'href'));
    if (path && attr(item, 'id')) items.set(attr(item, 'id'), { id: attr(item, 'id'), path, mediaType: attr(item, 'media-type'), properties: attr(item, 'properties').split(/\s+/).filter(Boolean) });
  }
  const spineNode = (opf.spine ?? {}) as Node;
  const spine = list(spineNode.itemref).flatMap((ref) => {
    const item = items.get(attr(ref, 'idref'));
    return item && /html/.test(item.mediaType) && attr(ref, 'linear') !== 'no' ? [item] : [];
  });
  const guide = new Map<string, string>();
  for (const ref of list((opf.guide as Node)?.reference)) {
    const path = resolveHref(opfPath, attr(ref, 'href'));
    if (path) guide.set(path, attr(ref, 'type').toLowerCase());
  }
  const all = [...items.values()];
  const metadata = (opf.metadata ?? {}) as Node;
  return {
    opfPath,
    ...describe(metadata),
    spine,
    guide,
    nav: all.find((i) => i.properties.includes('nav')) ?? null,
    ncx: items.get(attr(spineNode, 'toc')) ?? all.find((i) => i.mediaType === 'application/x-dtbncx+xml') ?? null,
    cover: coverOf(metadata, items, all, opfPath),
  };
}

function describe(metadata: Node) {
  const refines = list(metadata.meta).filter((m) => attr(m, 'property') === 'role');
  const roleOf = (creator: unknown) => {
    const id = typeof creator === 'object' && creator ? attr(creator as Node, 'id') : '';
    return (typeof creator === 'object' && creator ? attr(creator as Node, 'role') : '') || textOf(refines.find((m) => attr(m, 'refines') === `#${id}`));
  };
  const creators = list<unknown>(metadata.creator).filter((c) => textOf(c));
  const authors = creators.filter((c) => !roleOf(c) || roleOf(c) === 'aut');
  return {
    title: textOf(list(metadata.title)[0]).replace(/\s+/g, ' '),
    author: (authors.length ? authors : creators).map(textOf).join(', '),
    description: plainDescription(textOf(list(metadata.description)[0])),
    language: textOf(list(metadata.language)[0]) || null,
  };
}

/** Descriptions often carry HTML (escaped inside the XML); an admin wants the words, in paragraphs. */
function plainDescription(text: string): string {
  return text
    .replace(/<\/(p|div|h\d)>|<br\s*\/?>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*(\n\s*)+/g, '\n\n')
    .trim();
}

/** EPUB 3 marks the image; EPUB 2 names it in `<meta name="cover">` (by id, or by href in some makers). */
function coverOf(metadata: Node, items: Map<string, ManifestItem>, all: ManifestItem[], opfPath: string): ManifestItem | null {
  const marked = all.find((i) => i.properties.includes('cover-image'));
  if (marked) return marked;
  const named = attr(list(metadata.meta).find((m) => attr(m, 'name') === 'cover') ?? {}, 'content');
  if (!named) return null;
  const byHref = resolveHref(opfPath, named);
  return items.get(named) ?? all.find((i) => i.path === byHref && /^image\//.test(i.mediaType)) ?? null;
}
