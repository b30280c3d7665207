import { describe, expect, test } from 'bun:test';
import JSZip from 'jszip';
import { XMLValidator } from 'fast-xml-parser';
import { parseRange } from '../../src/features/export/range.ts';
import { contentDisposition, downloadName } from '../../src/features/export/filename.ts';
import { bookIdentifier } from '../../src/features/export/service.ts';
import { escapeXml, htmlToXhtml } from '../../src/features/export/epub/xml.ts';
import { ZipWriter, crc32 } from '../../src/features/export/epub/zip.ts';
import { buildEpub } from '../../src/features/export/epub/build.ts';
import { streamAndStore } from '../../src/features/export/stream.ts';
import { renderChapter } from '../../src/platform/markup/chapter-html.ts';
import { silentLogger } from '../../src/platform/log.ts';

const FIXED = new Date('2026-03-04T05:06:08Z');

describe('parseRange', () => {
  test('defaults to the whole book; to past the end is the last chapter', () => {
    expect(parseRange({}, 1, 50)).toEqual({ from: 1, to: 50 });
    expect(parseRange({ from: '', to: '' }, 3, 50)).toEqual({ from: 3, to: 50 });
    expect(parseRange({ from: '10' }, 1, 50)).toEqual({ from: 10, to: 50 });
    expect(parseRange({ to: '999' }, 1, 50)).toEqual({ from: 1, to: 50 });
    expect(parseRange({ from: '50', to: '50' }, 1, 50)).toEqual({ from: 50, to: 50 });
  });

  test('rejects what is not a range of this book', () => {
    const message = (query: { from?: string; to?: string }, first: number | null = 1, last: number | null = 50) => {
      try {
        parseRange(query, first, last);
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(message({ from: '0' })).toBe('from must be a chapter number (a whole number of at least 1)');
    expect(message({ to: 'x' })).toBe('to must be a chapter number (a whole number of at least 1)');
    expect(message({ from: '1e3' })).toBe('from must be a chapter number (a whole number of at least 1)');
    expect(message({ from: '9', to: '3' })).toBe('to (3) must not be before from (9)');
    expect(message({ from: '51' })).toBe('from (51) is past the last chapter (50)');
    expect(message({ to: '4' }, 5, 50)).toBe('to (4) is before the first chapter (5)');
    expect(message({}, null, null)).toBe('This book has no chapters to export yet');
  });
});

describe('file names', () => {
  test('"Title - chapters a-b.epub", with characters file systems refuse replaced', () => {
    expect(downloadName('Ink and Alibis', { from: 1, to: 50 })).toBe('Ink and Alibis - chapters 1-50.epub');
    expect(downloadName('Who? / What: "This"', { from: 7, to: 7 })).toBe('Who What This - chapter 7.epub');
    expect(downloadName('  ', { from: 1, to: 2 })).toBe('Book - chapters 1-2.epub');
  });

  test('an ASCII fallback and the RFC 5987 UTF-8 name', () => {
    expect(contentDisposition('Café – “Noir” - chapters 1-2.epub')).toBe(
      `attachment; filename="Cafe _ _Noir_ - chapters 1-2.epub"; filename*=UTF-8''Caf%C3%A9%20%E2%80%93%20%E2%80%9CNoir%E2%80%9D%20-%20chapters%201-2.epub`,
    );
    expect(contentDisposition("It's (a) test*.epub")).toBe(`attachment; filename="It's (a) test*.epub"; filename*=UTF-8''It%27s%20%28a%29%20test%2A.epub`);
  });
});

test('the identifier is a version-5 style urn:uuid, stable per book and range', () => {
  const id = bookIdentifier('ink', { from: 1, to: 5 });
  expect(id).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(bookIdentifier('ink', { from: 1, to: 5 })).toBe(id);
  expect(bookIdentifier('ink', { from: 1, to: 6 })).not.toBe(id);
  expect(bookIdentifier('ink2', { from: 1, to: 5 })).not.toBe(id);
});

describe('XHTML', () => {
  const wrap = (body: string) => `<html xmlns="http://www.w3.org/1999/xhtml"><body>${body}</body></html>`;

  test('the reader rendering of tricky markdown becomes well-formed XML', () => {
    const samples = [
      'a *b* **c** & d < e > f "g" \'h\'',
      'line one  \nline two\n\n***\n\n---\n\n* * *',
      '&nbsp;&copy;&hellip;&eacute;&unknownentity; &#65; &#x42;',
      '<ol start="3"><li>x</li></ol>\n\n3. three\n4. four',
      '<p>unclosed <em>em <strong>strong</p> <br> <hr> <img src="x"> <wbr>',
      'control \u0001\u0008\u000b\u000c\u001f chars and a lone \ud800 surrogate, emoji 😀 kept',
      '# Heading\n\n> quote & <b>bold</b>\n\n`code <x>`\n\n```\npre & <y>\n```\n\n[link](https://example.com/?a=1&b=2 "t")',
    ];
    for (const markdown of samples) {
      const xhtml = htmlToXhtml(renderChapter(markdown));
      expect([markdown, XMLValidator.validate(wrap(xhtml))]).toEqual([markdown, true]);
      expect(xhtml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
      expect(xhtml).not.toContain('start=');
    }
    expect(htmlToXhtml(renderChapter('a\n\n***\n\nb'))).toContain('<hr/>');
    expect(htmlToXhtml('x&nbsp;y &copy; &eacute; AT&T')).toBe('x&#160;y &#169; &amp;eacute; AT&amp;T');
    expect(htmlToXhtml(renderChapter('😀'))).toContain('😀');
  });

  test('escapeXml escapes markup and quotes and drops characters XML forbids', () => {
    expect(escapeXml(`a & <b> "c" 'd'\u0000`)).toBe('a &#38; &#60;b&#62; &#34;c&#34; &#39;d&#39;');
  });
});

describe('the ZIP writer', () => {
  test('crc32 of the standard check value', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  test('stored and deflated entries read back; UTF-8 names flagged', async () => {
    const zip = new ZipWriter(FIXED);
    const parts = [zip.entry({ name: 'mimetype', data: 'application/epub+zip', store: true }), zip.entry({ name: 'a/é.txt', data: 'hello '.repeat(1000) }), zip.finish()];
    const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      bytes.set(p, at);
      at += p.length;
    }
    const read = await JSZip.loadAsync(bytes);
    expect(Object.keys(read.files)).toEqual(['mimetype', 'a/é.txt']);
    expect(await read.file('mimetype')!.async('string')).toBe('application/epub+zip');
    expect(await read.file('a/é.txt')!.async('string')).toBe('hello '.repeat(1000));
    expect(bytes.length).toBeLessThan(1000);
    expect(read.file('mimetype')!.date.toISOString()).toBe('2026-03-04T05:06:08.000Z');
  });
});

describe('buildEpub', () => {
  test('one pass, in chapter order; mimetype first; OPF and NCX list what was built', async () => {
    let pulled = 0;
    async function* chapters() {
      for (let n = 1; n <= 5; n++) {
        pulled = n;
        yield { number: n * 2, title: n === 3 ? '' : `T${n}`, text: `Text ${n}` };
      }
    }
    const source = { book: { title: 'B', author: 'A', description: '', language: 'en', identifier: 'urn:uuid:x', date: '2026-03-04', rangeLabel: 'Chapters 2–10' }, cover: null, chapters: chapters(), modified: FIXED };
    const it = buildEpub(source);
    const first = (await it.next()).value as Uint8Array;
    expect(new TextDecoder().decode(first.subarray(30, 38))).toBe('mimetype');
    expect(pulled).toBe(0);
    const chunks = [first];
    for await (const c of it) chunks.push(c);
    const zip = await JSZip.loadAsync(Buffer.concat(chunks));
    const opf = await zip.file('OEBPS/content.opf')!.async('string');
    expect([...opf.matchAll(/<itemref idref="([^"]+)"/g)].map((m) => m[1])).toEqual(['title', 'c2', 'c4', 'c6', 'c8', 'c10']);
    expect(opf).not.toContain('cover');
    expect(await zip.file('OEBPS/chapters/c6.xhtml')!.async('string')).toContain('<h1>Chapter 6</h1>');
  });
});

describe('streamAndStore', () => {
  async function* chunks(n: number, failAt?: number) {
    for (let i = 0; i < n; i++) {
      if (i === failAt) throw new Error('build failed');
      yield new Uint8Array([i]);
    }
  }
  const collect = async (body: AsyncIterable<Uint8Array>) => {
    const out: number[] = [];
    for await (const c of body) out.push(...c);
    return out;
  };

  test('the client and the store get the same bytes; the download ends after the store has', async () => {
    let stored: number[] | null = null;
    const body = streamAndStore(chunks(100), async (bytes) => {
      const all = await collect(bytes);
      await Bun.sleep(20);
      stored = all;
    }, silentLogger);
    const client = [...new Uint8Array(await new Response(body).arrayBuffer())];
    expect(client).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(stored!).toEqual(client);
  });

  test('a client that goes away still leaves a stored copy', async () => {
    let done: (value: number[]) => void;
    const storedP = new Promise<number[]>((resolve) => (done = resolve));
    const body = streamAndStore(chunks(100), async (bytes) => done(await collect(bytes)), silentLogger);
    const reader = body.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    expect((await storedP).length).toBe(100);
  });

  test('a failing store does not stop the download', async () => {
    const body = streamAndStore(chunks(100), async () => {
      throw new Error('disk full');
    }, silentLogger);
    expect(new Uint8Array(await new Response(body).arrayBuffer()).length).toBe(100);
  });

  test('a failing build fails the download and is not stored', async () => {
    let storeError: Error | null = null;
    const body = streamAndStore(chunks(100, 50), async (bytes) => {
      try {
        await collect(bytes);
      } catch (error) {
        storeError = error as Error;
        throw error;
      }
    }, silentLogger);
    await expect(new Response(body).arrayBuffer()).rejects.toThrow('build failed');
    await Bun.sleep(10);
    expect(storeError!.message).toBe('build failed');
  });
});
