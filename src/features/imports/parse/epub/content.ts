import type { CheerioAPI } from 'cheerio';
import { resolveHref } from './archive.ts';
import { toMarkdown } from './markdown.ts';
import { loadXhtml, squash } from './xhtml.ts';

/**
 * One XHTML document of the spine → markdown, cut at the anchors the table of contents points to
 * (several chapters in one file), with what front-matter detection needs: the semantic type the
 * book gives the page, its plain text, and whether it is mostly links to other documents.
 */
export interface Part {
  /** The anchor this part starts at; null for the part before the first anchor. */
  anchor: string | null;
  markdown: string;
}

export interface EpubDocument {
  path: string;
  /** epub:type, role and class words of the body and its first wrapper (titlepage, cover, toc…). */
  kind: string;
  text: string;
  /** The share of the text that is links into other spine documents: a contents page. */
  linkShare: number;
  parts: Part[];
}

const WRAPPERS = new Set(['body', 'section', 'div', 'article', 'main']);
const MARK = (n: number) => `\uE000${n}\uE000`;

export function readDocument(path: string, source: string, anchors: readonly string[], spine: ReadonlySet<string>): EpubDocument {
  const $ = loadXhtml(source);
  const body = $('body');
  body.find('script, style, noscript, template').remove();
  const first = body.children('section, div, article').first();
  const kind = [body, first].map((el) => [el.attr('epub:type'), el.attr('role'), el.attr('class')].filter(Boolean).join(' ')).join(' ').toLowerCase();
  const text = squash(body.text());
  let linked = 0;
  body.find('a[href]').each((_, a) => {
    const target = resolveHref(path, $(a).attr('href')!);
    if (target && target !== path && spine.has(target)) linked += squash($(a).text()).length;
  });
  const found = markAnchors($, anchors);
  const pieces = toMarkdown(body.html() ?? '').split(/\n*\uE000(\d+)\uE000\n*/);
  const parts: Part[] = [{ anchor: null, markdown: pieces[0]!.trim() }];
  for (let i = 1; i < pieces.length; i += 2) parts.push({ anchor: found[Number(pieces[i])]!, markdown: pieces[i + 1]!.trim() });
  return { path, kind, text, linkShare: text.length ? linked / text.length : 0, parts };
}

/**
 * A marker paragraph before the block that holds each anchor: an anchor inside a paragraph or a
 * heading moves up to that block, so a chapter never starts in the middle of one.
 */
function markAnchors($: CheerioAPI, anchors: readonly string[]): string[] {
  const wanted = new Set(anchors);
  const found: string[] = [];
  $('[id], a[name]').each((_, node) => {
    const el = $(node);
    const id = el.attr('id') ?? el.attr('name')!;
    if (!wanted.delete(id)) return;
    let block = el;
    while (block.parent().length && !WRAPPERS.has(tagOf(block.parent()))) block = block.parent();
    if (tagOf(block) === 'body' || tagOf(block) === 'html') return;
    block.before(`<p>${MARK(found.length)}</p>`);
    found.push(id);
  });
  return found;
}

const tagOf = (el: ReturnType<CheerioAPI>): string => ((el.get(0) as { tagName?: string } | undefined)?.tagName ?? '').toLowerCase();
