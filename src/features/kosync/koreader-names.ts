/**
 * The names KOReader gives a downloaded EPUB, for its "Filename" document matching (the md5 of the
 * name). Worked out from KOReader's OPDS browser (plugins/opds.koplugin/opdsbrowser.lua,
 * getFileName, getServerFileName, getLocalDownloadPath) and its util.lua (replaceAllInvalidChars,
 * getSafeFilename, urlDecode).
 */

/** Where the OPDS browser got the book: the entry's title and first author as the feed shows them, and the link's slug. */
export interface OpdsDownload {
  title: string;
  author: string;
  slug: string;
}

export interface DownloadNames {
  /** The exact name the download offers (Content-Disposition's `filename*`): browsers keep it. */
  exact: string;
  /** Content-Disposition's quoted ASCII `filename`: what the OPDS browser's "Use server filenames" reads. */
  ascii: string;
  /** Set when the file is what an OPDS entry's acquisition link downloads. */
  opds?: OpdsDownload;
}

const SAFE_NAME_BYTES = 240;
const SUFFIX_MAX = 10;
/** Lua's `%s`: ASCII white space only. */
const TRAILING_DOTS_AND_SPACE = /[.\t\n\v\f\r ]+$/;

/** replaceAllInvalidChars: Windows' forbidden characters to `_`, trailing dots and spaces dropped. */
function replaceAllInvalidChars(name: string): string {
  return name.replace(/[\\/:*?"<>|]/g, '_').replace(TRAILING_DOTS_AND_SPACE, '');
}

const replaceSlash = (name: string) => name.replace(/\//g, '_');

/** The first `limit` bytes of the UTF-8 text, cut back to a whole character (fixUtf8 drops a broken tail). */
function utf8Prefix(text: string, limit: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= limit) return text;
  let end = limit;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}

/**
 * getSafeFilename: the name before the last dot is cut to 240 bytes, then either every forbidden
 * character is replaced (FAT file systems and Android) or only `/` (everywhere else): both results.
 */
export function safeFileNames(fileName: string): string[] {
  const dot = fileName.lastIndexOf('.');
  let base = dot < 0 ? fileName : fileName.slice(0, dot);
  let suffix: string | null = dot < 0 ? '' : fileName.slice(dot + 1);
  if (suffix.length > SUFFIX_MAX) [base, suffix] = [fileName, null];
  base = utf8Prefix(base.replace(/\r?\n/g, ' ').replace(/\t/g, ' '), SAFE_NAME_BYTES);
  const made = [replaceAllInvalidChars, replaceSlash].map((replace) => (suffix ? `${replace(base)}.${replace(suffix)}` : replace(base)));
  return [...new Set(made)];
}

/** urlDecode: every `%XX` is that byte (names are hashed as UTF-8, so bytes that are not UTF-8 cannot match anyway). */
function urlDecode(text: string): string {
  if (!/%[0-9a-fA-F]{2}/.test(text)) return text;
  const bytes: number[] = [];
  for (let i = 0; i < text.length; ) {
    if (text[i] === '%' && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 3;
    } else {
      const code = text.codePointAt(i)!;
      bytes.push(...Buffer.from(String.fromCodePoint(code), 'utf8'));
      i += code > 0xffff ? 2 : 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * Every name KOReader may give this file: the browser's download name; through the OPDS browser,
 * `Author - Title.epub` (its default), the server's ASCII name read from a HEAD (with "Use server
 * filenames"), and the link's last path segment with `.epub` added (its fallback when a HEAD names
 * nothing).
 */
export function koreaderFileNames(names: DownloadNames): string[] {
  const found = [names.exact];
  if (names.opds) {
    const { title, author, slug } = names.opds;
    found.push(...safeFileNames(`${replaceAllInvalidChars(`${author} - ${title}`)}.epub`));
    found.push(...safeFileNames(urlDecode(names.ascii)));
    found.push(...safeFileNames(`${slug}.epub`));
  }
  return [...new Set(found)];
}
