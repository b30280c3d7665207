import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { Elysia } from 'elysia';
import { pickEncoding } from './compress.ts';

const ROOT = resolve(import.meta.dir, '../../..');
const PUBLIC_DIR = join(ROOT, 'public');
/** Files served from packages rather than copied into public/ (no CDN). */
const VENDOR: Record<string, string> = {
  'vendor/htmx.min.js': join(ROOT, 'node_modules/htmx.org/dist/htmx.min.js'),
  // The book font (SIL Open Font License): Latin and Latin Extended cover the five locales.
  ...Object.fromEntries(
    ['latin', 'latin-ext'].flatMap((subset) =>
      ['normal', 'italic'].map((style) => {
        const file = `literata-${subset}-wght-${style}.woff2`;
        return [`vendor/fonts/${file}`, join(ROOT, `node_modules/@fontsource-variable/literata/files/${file}`)];
      }),
    ),
  ),
};

/** `url(/assets/<path>)` in a stylesheet: rewritten to the file's fingerprinted address. */
const ASSET_URL = /url\((['"]?)\/assets\/([^'")?#]+)\1\)/g;

const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

interface Asset {
  type: string;
  body: Uint8Array;
  br?: Uint8Array;
  gzip?: Uint8Array;
  etag: string;
}

export interface AssetTable {
  /** 'css/app.css' → '/assets/css/app.1a2b3c4d.css'; unknown paths are returned unhashed. */
  url(path: string): string;
  get(fingerprintedPath: string): Asset | undefined;
  /** Every fingerprinted address with its size: what the service worker keeps for offline pages. */
  list(): { url: string; bytes: number }[];
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** Reads public/ and the vendor files once at start; each name gets its content hash. */
export function loadAssets(): AssetTable {
  const urls = new Map<string, string>();
  const byUrl = new Map<string, Asset>();
  const files: [string, string][] = [
    ...walk(PUBLIC_DIR).map((full): [string, string] => [relative(PUBLIC_DIR, full).split('\\').join('/'), full]),
    ...Object.entries(VENDOR),
  ];
  // Stylesheets last: the files they name (fonts) need their fingerprints first.
  files.sort(([a], [b]) => Number(a.endsWith('.css')) - Number(b.endsWith('.css')));
  for (const [path, full] of files) {
    let body = new Uint8Array(readFileSync(full));
    if (path.endsWith('.css')) {
      const css = new TextDecoder().decode(body).replace(ASSET_URL, (whole, quote: string, named: string) => {
        const url = urls.get(named);
        return url ? `url(${quote}${url}${quote})` : whole;
      });
      body = new TextEncoder().encode(css);
    }
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 10);
    const ext = extname(path);
    const url = `/assets/${path.slice(0, path.length - ext.length)}.${hash}${ext}`;
    const type = TYPES[ext] ?? 'application/octet-stream';
    const textual = /^(text\/|image\/svg|application\/(json|manifest))/.test(type);
    const asset: Asset = { type, body, etag: `"${hash}"` };
    if (textual && body.byteLength > 512) {
      asset.br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      asset.gzip = gzipSync(body, { level: 9 });
    }
    urls.set(path, url);
    byUrl.set(url, asset);
  }
  return {
    url: (path) => urls.get(path) ?? `/assets/${path}`,
    get: (url) => byUrl.get(url),
    list: () => [...byUrl].map(([url, asset]) => ({ url, bytes: asset.body.byteLength })),
  };
}

/** Fingerprinted files never change: cache them for a year. */
export function assetRoutes(assets: AssetTable) {
  return new Elysia({ name: 'assets' }).get('/assets/*', ({ request }) => {
    const path = new URL(request.url).pathname;
    const asset = assets.get(path);
    if (!asset) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
    const headers: Record<string, string> = {
      'content-type': asset.type,
      'cache-control': 'public, max-age=31536000, immutable',
      etag: asset.etag,
      vary: 'Accept-Encoding',
    };
    if (request.headers.get('if-none-match') === asset.etag) return new Response(null, { status: 304, headers });
    const encoding = pickEncoding(request.headers.get('accept-encoding'));
    const encoded = encoding ? asset[encoding] : undefined;
    if (encoding && encoded) headers['content-encoding'] = encoding;
    return new Response((encoded ?? asset.body) as BodyInit, { headers });
  }, { detail: { hide: true } });
}
