/** The little XML the sitemaps need (sitemaps.org protocol 0.9); every text is escaped. */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** An absolute URL on this site: BASE_URL plus path segments, each percent-encoded. */
export function siteUrl(baseUrl: string, ...segments: Array<string | number>): string {
  const base = baseUrl.replace(/\/+$/, '');
  return segments.length === 0 ? `${base}/` : `${base}/${segments.map((s) => encodeURIComponent(String(s))).join('/')}`;
}

export interface SitemapEntry {
  loc: string;
  lastmod?: Date | string | null;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function lastmodOf(value: Date | string | null | undefined): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : `<lastmod>${escapeXml(date.toISOString())}</lastmod>`;
}

function entries(tag: 'url' | 'sitemap', items: Iterable<SitemapEntry>): string {
  const parts: string[] = [];
  for (const item of items) parts.push(`<${tag}><loc>${escapeXml(item.loc)}</loc>${lastmodOf(item.lastmod)}</${tag}>\n`);
  return parts.join('');
}

export function urlset(items: Iterable<SitemapEntry>): string {
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${entries('url', items)}</urlset>\n`;
}

export function sitemapIndex(items: Iterable<SitemapEntry>): string {
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${entries('sitemap', items)}</sitemapindex>\n`;
}
