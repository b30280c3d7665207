import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { ImportError, parseBook, sniffFormat } from '../../src/features/imports/parse/index.ts';

/** The format is decided by the bytes (tests/fixtures/imports, made by make.sh), never by the name. */
const FIXTURES = new URL('../fixtures/imports/', import.meta.url).pathname;
const bytes = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));
const ascii = (text: string) => new TextEncoder().encode(text);
const zip = (files: [string, string][], compression: 'STORE' | 'DEFLATE' = 'STORE') => {
  const z = new JSZip();
  for (const [name, text] of files) z.file(name, text, { compression });
  return z.generateAsync({ type: 'uint8array' });
};

describe('sniffFormat', () => {
  test('the fixtures are known by their content', () => {
    for (const name of ['novel-outline.pdf', 'novel-no-outline.pdf', 'novel-parts.pdf', 'encrypted.pdf', 'truncated.pdf', 'scanned.pdf']) expect(sniffFormat(bytes(name))).toBe('pdf');
    for (const name of ['novel-epub2.epub', 'novel-epub3.epub', 'novel-parts.epub', 'corrupt.epub']) expect(sniffFormat(bytes(name))).toBe('epub');
    expect(sniffFormat(bytes('not-a-pdf.pdf'))).toBeNull();
  });

  test('only the head is needed', () => {
    expect(sniffFormat(bytes('novel-outline.pdf').subarray(0, 16))).toBe('pdf');
    expect(sniffFormat(bytes('novel-epub3.epub').subarray(0, 64))).toBe('epub');
  });

  test('PDF: the header may follow a little junk, but must be a real header', () => {
    expect(sniffFormat(ascii(`${'x'.repeat(500)}%PDF-1.7\n`))).toBe('pdf');
    expect(sniffFormat(ascii(`${'x'.repeat(2000)}%PDF-1.7\n`))).toBeNull();
    expect(sniffFormat(ascii('%PDF'))).toBeNull();
    expect(sniffFormat(ascii('Just a letter about %PDF files'))).toBeNull();
    expect(sniffFormat(new Uint8Array())).toBeNull();
  });

  test('EPUB: a zip led by its mimetype, or one that holds META-INF/container.xml; other zips are not books', async () => {
    expect(sniffFormat(await zip([['mimetype', 'application/epub+zip'], ['a.txt', 'x']]))).toBe('epub');
    expect(sniffFormat(await zip([['mimetype', 'application/epub+zip'], ['a.txt', 'x']], 'DEFLATE'))).toBe('epub');
    expect(sniffFormat(await zip([['mimetype', 'application/zip'], ['a.txt', 'x']]))).toBeNull();
    expect(sniffFormat(await zip([['mimetype', 'application/vnd.oasis.opendocument.text'], ['META-INF/container.xml', '<container/>']]))).toBeNull();
    expect(sniffFormat(await zip([['readme.txt', 'hello'], ['META-INF/container.xml', '<container/>']], 'DEFLATE'))).toBe('epub');
    expect(sniffFormat(await zip([['readme.txt', 'hello'], ['song.mp3', 'la la']]))).toBeNull();
    expect(sniffFormat(ascii('PK\u0003\u0004 not really a zip'))).toBeNull();
  });
});

describe('parseBook checks the format it is told against the bytes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'import-sniff-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const refused = async (path: string, format: 'pdf' | 'epub') => {
    const error = await parseBook(path, format).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    return error as ImportError;
  };

  test('a PNG named .pdf is refused, and the admin is told what it is', async () => {
    const error = await refused(join(FIXTURES, 'not-a-pdf.pdf'), 'pdf');
    expect(error.reason).toBe('unsupported');
    expect(error.message).toBe('This file is not a PDF: it looks like a PNG image. Upload the book itself as a PDF or an EPUB.');
  });

  test('an EPUB given as a PDF, a PDF given as an EPUB, a text file, an empty file', async () => {
    expect((await refused(join(FIXTURES, 'novel-epub3.epub'), 'pdf')).message).toContain('not a PDF: it looks like an EPUB');
    expect((await refused(join(FIXTURES, 'novel-outline.pdf'), 'epub')).message).toContain('not an EPUB: it looks like a PDF');
    writeFileSync(join(dir, 'notes.pdf'), 'Chapter 1\n\nIt was a dark night.\n');
    expect((await refused(join(dir, 'notes.pdf'), 'pdf')).message).toContain('it looks like plain text');
    writeFileSync(join(dir, 'nothing.epub'), '');
    const empty = await refused(join(dir, 'nothing.epub'), 'epub');
    expect([empty.reason, empty.message]).toEqual(['empty', 'The file is empty.']);
  });
});
