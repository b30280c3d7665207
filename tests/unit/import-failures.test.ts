import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import JSZip from 'jszip';
import { ImportError, parseBook, type ImportFailure } from '../../src/features/imports/parse/index.ts';
import { FIXTURES } from '../fixtures/imports/expected.ts';

/** Files that cannot be imported fail with a reason and words an admin can act on. */
const dir = mkdtempSync(join(tmpdir(), 'import-failures-'));
const fixture = (name: string) => join(FIXTURES, name);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function failure(path: string, format: 'pdf' | 'epub'): Promise<ImportError> {
  const error = await parseBook(path, format).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ImportError);
  return error as ImportError;
}

async function failsWith(path: string, format: 'pdf' | 'epub', reason: ImportFailure, message: string | RegExp) {
  const error = await failure(path, format);
  expect(error.reason).toBe(reason);
  if (typeof message === 'string') expect(error.message).toBe(message);
  else expect(error.message).toMatch(message);
}

describe('PDF', () => {
  test('password-protected (qpdf, AES-256 with a user password)', () => failsWith(fixture('encrypted.pdf'), 'pdf', 'encrypted', 'This PDF is password-protected. Remove the password (print it to a new PDF) and upload it again.'));
  test('truncated', () => failsWith(fixture('truncated.pdf'), 'pdf', 'corrupt', 'This PDF is damaged and cannot be read. Export it again and upload the new file.'));
  test('pages of pictures, no text layer (a scanned book)', () => failsWith(fixture('scanned.pdf'), 'pdf', 'empty', /^This PDF has no text layer: its pages are pictures of text, as in a scanned book\. Run it through OCR/));
  test('a PNG named .pdf', () => failsWith(fixture('not-a-pdf.pdf'), 'pdf', 'unsupported', /^This file is not a PDF: it looks like a PNG image\./));
});

describe('EPUB', () => {
  const novel = () => JSZip.loadAsync(readFileSync(fixture('novel-epub3.epub')));
  const save = async (zip: JSZip, name: string) => {
    writeFileSync(join(dir, name), await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
    return join(dir, name);
  };
  const CHAPTERS = /EPUB\/text\/ch\d+\.xhtml$/;

  test('truncated: the zip cannot be read', () => failsWith(fixture('corrupt.epub'), 'epub', 'corrupt', 'This EPUB is damaged: its zip container cannot be read. Export it again and upload the new file.'));

  test('a zip without the EPUB container', async () => {
    const zip = await novel();
    zip.remove('META-INF/container.xml');
    await failsWith(await save(zip, 'no-container.epub'), 'epub', 'corrupt', 'This is not a valid EPUB: META-INF/container.xml is missing.');
  });

  test('a chapter the package names but the zip lacks is skipped with a warning', async () => {
    const zip = await novel();
    zip.remove('EPUB/text/ch004.xhtml');
    const book = await parseBook(await save(zip, 'missing.epub'), 'epub');
    expect(book.chapters.map((c) => c.title)).not.toContain('Chapter 3: The Widow’s Candle');
    expect(book.warnings).toEqual(['EPUB/text/ch004.xhtml is listed in the book\'s reading order but missing from the file; it was skipped.']);
  });

  test('no text at all', async () => {
    const zip = await novel();
    for (const name of Object.keys(zip.files).filter((n) => CHAPTERS.test(n))) zip.file(name, '<html xmlns="http://www.w3.org/1999/xhtml"><body><p><img src="../media/cover.png"/></p></body></html>');
    await failsWith(await save(zip, 'empty.epub'), 'epub', 'empty', 'This EPUB has no readable text: its pages are empty or hold only images.');
  });

  const encryption = (uri: string, algorithm: string) =>
    `<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:EncryptionMethod Algorithm="${algorithm}"/><enc:CipherData><enc:CipherReference URI="${uri}"/></enc:CipherData></enc:EncryptedData></encryption>`;

  test('DRM: encryption.xml covers the text', async () => {
    const zip = await novel();
    zip.file('META-INF/encryption.xml', encryption('EPUB/text/ch002.xhtml', 'http://www.w3.org/2001/04/xmlenc#aes128-cbc'));
    await failsWith(await save(zip, 'drm.epub'), 'epub', 'encrypted', 'This EPUB is protected by DRM (its text is encrypted). Only DRM-free books can be imported.');
  });

  test('DRM: Adobe rights.xml', async () => {
    const zip = await novel();
    zip.file('META-INF/rights.xml', '<rights/>');
    await failsWith(await save(zip, 'adept.epub'), 'epub', 'encrypted', /DRM/);
  });

  test('obfuscated fonts are no DRM: the book reads', async () => {
    const zip = await novel();
    zip.file('META-INF/encryption.xml', encryption('EPUB/fonts/serif.otf', 'http://www.idpf.org/2008/embedding'));
    expect((await parseBook(await save(zip, 'fonts.epub'), 'epub')).chapters).toHaveLength(7);
  });
});

/**
 * Zips written byte by byte, for what jszip will not write: sizes that lie and entries past any
 * sane count. `data` is stored as given (method 8 means it is already a raw deflate stream).
 */
interface Entry {
  name: string;
  data: Uint8Array;
  method: 0 | 8;
  size: number;
  crc: number;
}

function writeZip(entries: Entry[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  const directory: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = new TextEncoder().encode(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    chunks.push(local, name, e.data);
    directory.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const size = directory.reduce((n, c) => n + c.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, ...directory, end]);
}

/** The novel's own files, stored, so that one of them can be swapped for a bomb. */
async function novelEntries(): Promise<Entry[]> {
  const zip = await JSZip.loadAsync(readFileSync(fixture('novel-epub3.epub')));
  const entries: Entry[] = [];
  for (const [name, file] of Object.entries(zip.files)) {
    if (file.dir) continue;
    const data = await file.async('uint8array');
    entries.push({ name, data, method: 0, size: data.length, crc: crc32(data) });
  }
  return entries;
}

/** Megabytes of zeros as a raw deflate stream of about a kilobyte each: full-flushed blocks chain. */
function zeros(megabytes: number): { data: Uint8Array; crc: number; size: number } {
  const mega = Buffer.alloc(1 << 20);
  const block = deflateRawSync(mega, { finishFlush: constants.Z_FULL_FLUSH });
  let crc = 0;
  for (let i = 0; i < megabytes; i++) crc = crc32(mega, crc);
  return { data: Buffer.concat([...Array.from({ length: megabytes }, () => block), deflateRawSync(Buffer.alloc(0))]), crc, size: megabytes << 20 };
}

describe('zip bombs are refused before they are inflated', () => {
  const TOO_LARGE = 'This EPUB would unpack to more than 500 MB or holds more than 10,000 files; it was refused as unsafe.';

  test('an entry that says it unpacks to 600 MB (and does)', async () => {
    const padding = zeros(600);
    expect(padding.data.length).toBeLessThan(1 << 20);
    const path = join(dir, 'bomb.epub');
    writeFileSync(path, writeZip([...(await novelEntries()), { name: 'EPUB/media/padding.bin', method: 8, ...padding }]));
    const before = process.memoryUsage().rss;
    await failsWith(path, 'epub', 'too_large', TOO_LARGE);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  test('a chapter that says 2 KB and inflates to 600 MB is stopped at 2 KB', async () => {
    const bomb = zeros(600);
    const entries = (await novelEntries()).map((e) => (e.name === 'EPUB/text/ch002.xhtml' ? { ...e, method: 8 as const, data: bomb.data, size: 2048, crc: bomb.crc } : e));
    const path = join(dir, 'liar.epub');
    writeFileSync(path, writeZip(entries));
    const before = process.memoryUsage().rss;
    await failsWith(path, 'epub', 'too_large', TOO_LARGE);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  test('more than 10,000 entries', async () => {
    const empty = { data: new Uint8Array(), method: 0 as const, size: 0, crc: 0 };
    const path = join(dir, 'many.epub');
    writeFileSync(path, writeZip([...(await novelEntries()), ...Array.from({ length: 10_001 }, (_, i) => ({ name: `EPUB/x/${i}.txt`, ...empty }))]));
    await failsWith(path, 'epub', 'too_large', TOO_LARGE);
  });

  test('the same zip writer makes a book that reads, so the refusals above are the guards’ doing', async () => {
    const path = join(dir, 'plain.epub');
    writeFileSync(path, writeZip(await novelEntries()));
    expect((await parseBook(path, 'epub')).chapters).toHaveLength(7);
  });
});
