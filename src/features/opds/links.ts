/** Absolute addresses of the catalogue's feeds and of the pages and files its entries point at. */
export const OPDS_ROOT = '/opds';

export function absolute(base: string, path: string, query: Record<string, string | number | undefined> = {}): string {
  const params = Object.entries(query).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  const search = params.length ? `?${new URLSearchParams(params.map(([k, v]) => [k, String(v)])).toString()}` : '';
  return `${base}${path}${search}`;
}

export const bookPagePath = (slug: string) => `/book/${encodeURIComponent(slug)}`;
/** The EPUB export (features/export/routes.ts): the whole book. */
/** `auth=basic`: an e-reader that sends its app password only when challenged gets the challenge (export/routes.ts). */
export const epubPath = (slug: string) => `/api/export/${encodeURIComponent(slug)}?auth=basic`;
export const genreFeedPath = (slug: string) => `${OPDS_ROOT}/genres/${encodeURIComponent(slug)}`;
export const shelfFeedPath = (shelf: string) => `${OPDS_ROOT}/shelves/${encodeURIComponent(shelf)}`;
export const SEARCH_PATH = `${OPDS_ROOT}/search`;
export const OPENSEARCH_PATH = `${OPDS_ROOT}/opensearch.xml`;

const IMAGE_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', avif: 'image/avif', svg: 'image/svg+xml' };

/** The cover's media type from its file name (a query after it aside), when it says; readers pick images by type. */
export function imageType(path: string): string | undefined {
  return IMAGE_TYPES[/\.([a-z0-9]+)(?:\?[^/]*)?$/i.exec(path)?.[1]?.toLowerCase() ?? ''];
}
