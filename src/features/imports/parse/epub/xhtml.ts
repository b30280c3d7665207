import { load, type CheerioAPI } from 'cheerio';

/**
 * XHTML parsed as HTML (HTML's parser knows every named entity and forgives what books get wrong),
 * after writing out XML's self-closed elements: to an HTML parser `<title/>` or `<a id="x"/>`
 * opens an element that swallows the rest of the document.
 */
const VOID = /^(area|base|br|col|embed|hr|img|input|link|meta|param|source|track|wbr)$/i;

export function loadXhtml(text: string): CheerioAPI {
  const opened = text.replace(/<([a-zA-Z][\w:.-]*)(\s[^<>]*?)?\s*\/>/g, (whole, tag: string, attrs = '') => (VOID.test(tag) ? whole : `<${tag}${attrs}></${tag}>`));
  return load(opened);
}

export const squash = (text: string): string => text.replace(/[\s\u00a0]+/g, ' ').trim();
