/**
 * Text and markup made fit for XML. An EPUB 2 content document is XHTML 1.1 read by an XML
 * parser: every entity must be one of XML's own or numeric, void elements must be closed, and
 * characters XML 1.0 forbids (control characters that scraped text does contain) must go.
 */

// XML 1.0 Char: tab, newline, carriage return, U+0020-U+D7FF, U+E000-U+FFFD, and paired surrogates.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\ud800-\udbff\udc00-\udfff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function xmlText(value: string): string {
  return value.replace(NOT_XML_CHAR, '');
}

/** Escapes text for an XML element or a double-quoted attribute. */
export function escapeXml(value: string): string {
  return xmlText(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const XML_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);
const NAMED: Record<string, number> = { nbsp: 160, shy: 173, mdash: 8212, ndash: 8211, hellip: 8230, lsquo: 8216, rsquo: 8217, ldquo: 8220, rdquo: 8221, copy: 169 };
const VOID = /<(br|hr|img|wbr)((?:\s[^<>]*?)?)\s*\/?>/gi;

/**
 * The reader's sanitised HTML (platform/markup/chapter-html.ts) as XHTML 1.1 body content. The
 * sanitiser leaves a small, known vocabulary with quoted attributes; what differs from XHTML is
 * handled here: named entities become numeric, void elements are closed, and `ol start` (not in
 * XHTML 1.1) is dropped.
 */
export function htmlToXhtml(html: string): string {
  return xmlText(html)
    .replace(/&([a-zA-Z][a-zA-Z0-9]*);/g, (whole, name: string) => (XML_ENTITIES.has(name) ? whole : NAMED[name] ? `&#${NAMED[name]};` : `&amp;${name};`))
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]*|#\d+|#x[0-9a-fA-F]+);)/g, '&amp;')
    .replace(VOID, (_whole, tag: string, attrs: string) => `<${tag.toLowerCase()}${attrs.replace(/\s+$/, '')}/>`)
    .replace(/<ol\s+start="[^"]*">/g, '<ol>');
}
