/**
 * The few XML pieces the catalogue feeds need. Every text and attribute goes through `escapeXml`;
 * characters XML 1.0 cannot carry at all (most C0 controls, lone surrogates, U+FFFE/FFFF) are
 * dropped, since a stored title or description may hold them and one would make the feed unreadable.
 */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(value: string): string {
  return value.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

export type Attributes = Record<string, string | null | undefined>;

function attributes(attrs: Attributes): string {
  return Object.entries(attrs)
    .filter((entry): entry is [string, string] => entry[1] !== null && entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join('');
}

/** An element: `text` is escaped; `children` are elements already built by `element`. */
export function element(name: string, attrs: Attributes = {}, content: { text: string } | string[] = []): string {
  const inner = Array.isArray(content) ? content.join('') : escapeXml(content.text);
  return inner ? `<${name}${attributes(attrs)}>${inner}</${name}>` : `<${name}${attributes(attrs)}/>`;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
