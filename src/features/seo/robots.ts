import { siteUrl } from './xml.ts';

/** Everything a reader owns or that only scripts call; the catalogue and reading pages stay open. */
const PRIVATE = ['/api/', '/account', '/login', '/logout', '/library', '/settings', '/admin', '/objects/', '/auth/', '/prefs', '/join/', '/set-password/', '/signup'];

export function robotsTxt(baseUrl: string): string {
  return ['User-agent: *', 'Allow: /', ...PRIVATE.map((path) => `Disallow: ${path}`), '', `Sitemap: ${siteUrl(baseUrl, 'sitemap.xml')}`, ''].join('\n');
}
