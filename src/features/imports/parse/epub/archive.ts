import { readFile } from 'node:fs/promises';
import { posix } from 'node:path';
import { ImportError } from '../types.ts';
import { inflateEntry, readDirectory, type ZipEntry } from './zip.ts';

/**
 * The EPUB's files by path. Paths come from the book's own hrefs, resolved inside the archive
 * (an href that climbs out with `../` or names another scheme resolves to nothing), and looked up
 * as written, percent-decoded, or ignoring case (books made on Windows often disagree on case).
 *
 * Each file is inflated at most once, and never past `maxEntryBytes`. Small files (container,
 * package, contents) are kept for a second reader; a larger one asked for twice is refused, since
 * only a book that names one file in two places of its reading order would ask, and reading it
 * again and again is how a 5 KB upload costs a gigabyte.
 */
export interface Archive {
  has(path: string): boolean;
  bytes(path: string): Uint8Array;
  text(path: string): string;
}

const KEPT_BYTES = 64 * 1024;

export async function openArchive(filePath: string, maxEntryBytes: number): Promise<Archive> {
  const bytes = new Uint8Array(await readFile(filePath));
  const entries = readDirectory(bytes);
  const exact = new Map(entries.map((e) => [e.name, e]));
  const folded = new Map(entries.map((e) => [e.name.toLowerCase(), e]));
  const find = (path: string): ZipEntry | undefined => exact.get(path) ?? folded.get(path.toLowerCase());
  const kept = new Map<ZipEntry, Uint8Array>();
  const inflated = new Set<ZipEntry>();
  const bytesOf = (path: string) => {
    const entry = find(path);
    if (!entry) throw new ImportError('corrupt', `This EPUB is damaged: ${path}, which its own index names, is missing.`);
    const known = kept.get(entry);
    if (known) return known;
    if (inflated.has(entry)) throw new ImportError('unsupported', `This EPUB uses ${entry.name} in more than one place of its reading order; it was refused as unsafe.`);
    inflated.add(entry);
    const content = inflateEntry(bytes, entry, maxEntryBytes);
    if (content.length <= KEPT_BYTES) kept.set(entry, content);
    return content;
  };
  return { has: (path) => find(path) !== undefined, bytes: bytesOf, text: (path) => decodeText(bytesOf(path)) };
}

/** XML says its encoding in its first line; UTF-8 when it does not. */
function decodeText(bytes: Uint8Array): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return new TextDecoder(bytes[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(bytes);
  const declared = /^<\?xml[^>]*encoding=["']([\w.:-]+)["']/i.exec(new TextDecoder('latin1').decode(bytes.subarray(0, 200)))?.[1];
  try {
    return new TextDecoder(declared && !/^utf-?8$/i.test(declared) ? declared : 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** `href` relative to the file `from` → a path inside the archive, or null when it would leave it. */
export function resolveHref(from: string, href: string): string | null {
  const bare = href.trim().split('#')[0]!.split('?')[0]!;
  if (!bare || /^[a-z][a-z0-9+.-]*:/i.test(bare) || bare.startsWith('/') || bare.includes('\\')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(bare);
  } catch {
    decoded = bare;
  }
  const joined = posix.normalize(posix.join(posix.dirname(from), decoded));
  return joined === '..' || joined.startsWith('../') || joined.startsWith('/') ? null : joined;
}

/** The fragment of an href (`#id`), decoded; null when there is none. */
export function fragmentOf(href: string): string | null {
  const hash = href.indexOf('#');
  if (hash < 0 || hash === href.length - 1) return null;
  try {
    return decodeURIComponent(href.slice(hash + 1));
  } catch {
    return href.slice(hash + 1);
  }
}
