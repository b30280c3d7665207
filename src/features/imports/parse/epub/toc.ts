import type { CheerioAPI } from 'cheerio';
import { fragmentOf, resolveHref, type Archive } from './archive.ts';
import { list, textOf, xml, type Package } from './opf.ts';
import { loadXhtml, squash } from './xhtml.ts';

/**
 * The table of contents in reading order, as a flat list that remembers the tree (EPUB 3's nav
 * document, else EPUB 2's NCX), and the landmarks (cover, title page, contents) from the nav or
 * the guide.
 */
export interface TocEntry {
  title: string;
  path: string;
  fragment: string | null;
  depth: number;
  /** Index of the nearest entry above this one in the tree; -1 at the top. */
  parent: number;
}

export interface Toc {
  entries: TocEntry[];
  /** Path → landmark type (cover, titlepage, toc…). */
  landmarks: Map<string, string>;
}

export function readToc(archive: Archive, pkg: Package): Toc {
  const landmarks = new Map([...pkg.guide].map(([path, type]) => [path, type.replace(/-/g, '')]));
  if (pkg.nav && archive.has(pkg.nav.path)) {
    const $ = loadXhtml(archive.text(pkg.nav.path));
    const navs = $('nav');
    const typed = (word: string) => navs.filter((_, el) => new RegExp(`\\b${word}\\b`).test(`${$(el).attr('epub:type') ?? ''} ${$(el).attr('role') ?? ''}`));
    typed('landmarks').find('a[href]').each((_, a) => {
      const path = resolveHref(pkg.nav!.path, $(a).attr('href')!);
      const type = ($(a).attr('epub:type') ?? '').toLowerCase();
      if (path && type) landmarks.set(path, type.replace(/-/g, ''));
    });
    const toc = typed('(toc|doc-toc)').first();
    const entries: TocEntry[] = [];
    walkNav($, (toc.length ? toc : navs.first()).children('ol').first(), pkg.nav.path, 1, -1, entries);
    if (entries.length) return { entries, landmarks };
  }
  return { entries: pkg.ncx && archive.has(pkg.ncx.path) ? fromNcx(archive.text(pkg.ncx.path), pkg.ncx.path) : [], landmarks };
}

function walkNav($: CheerioAPI, ol: ReturnType<CheerioAPI>, from: string, depth: number, parent: number, out: TocEntry[]): void {
  ol.children('li').each((_, li) => {
    const label = $(li).children('a, span').first();
    const href = label.is('a') ? (label.attr('href') ?? '') : '';
    const path = href ? resolveHref(from, href) : null;
    let self = parent;
    if (path) {
      out.push({ title: squash(label.text()), path, fragment: fragmentOf(href), depth, parent });
      self = out.length - 1;
    }
    walkNav($, $(li).children('ol').first(), from, depth + 1, self, out);
  });
}

type NavPoint = Record<string, unknown>;

function fromNcx(text: string, from: string): TocEntry[] {
  const out: TocEntry[] = [];
  const walk = (points: NavPoint[], depth: number, parent: number) => {
    for (const point of points) {
      const src = String((point.content as NavPoint | undefined)?.['@src'] ?? '');
      const path = src ? resolveHref(from, src) : null;
      let self = parent;
      if (path) {
        out.push({ title: squash(textOf((point.navLabel as NavPoint | undefined)?.text)), path, fragment: fragmentOf(src), depth, parent });
        self = out.length - 1;
      }
      walk(list(point.navPoint), depth + 1, self);
    }
  };
  walk(list(xml.parse(text)?.ncx?.navMap?.navPoint), 1, -1);
  return out;
}
