import { beforeAll, describe, expect, test } from 'bun:test';
import { parseBuffer } from 'music-metadata';
import { audiobookTag, chapterMarks, iso639Part2, MAX_TOC_ENTRIES, type ChapterMark } from '../../src/features/exports/audiobook/index.ts';
import { chapterMp3 } from './audiobook-fixtures.ts';

let audio: Uint8Array;
beforeAll(async () => {
  audio = await chapterMp3(0.5);
});

const marks = (count: number): ChapterMark[] =>
  chapterMarks(Array.from({ length: count }, (_, i) => ({ number: i + 1, title: `Chapter ${i + 1}: “Ünïcode” 第${i + 1}章`, durationSeconds: 61.25 })));

async function readBack(tag: Uint8Array) {
  return parseBuffer(new Uint8Array(Buffer.concat([tag, audio])), { mimeType: 'audio/mpeg' }, { includeChapters: true });
}

describe('audiobookTag', () => {
  test('each CHAP frame: its id, whole-millisecond times, byte offsets 0xFFFFFFFF (unused), a TIT2 title', async () => {
    const tag = audiobookTag({ bookTitle: 'Book' }, marks(2));
    const bytes = Buffer.from(tag);
    const at = bytes.indexOf('ch2\0', 0, 'latin1') - 10; // after the frame's id, size and flags
    expect(bytes.toString('latin1', at, at + 4)).toBe('CHAP');
    const body = at + 10 + 4;
    expect([bytes.readUInt32BE(body), bytes.readUInt32BE(body + 4)]).toEqual([61250, 122500]);
    expect([bytes.readUInt32BE(body + 8), bytes.readUInt32BE(body + 12)]).toEqual([0xffffffff, 0xffffffff]);
    expect(bytes.toString('latin1', body + 16, body + 20)).toBe('TIT2');
    const { format, common } = await readBack(tag);
    expect(format.chapters?.map((c) => c.title)).toEqual(['Chapter 1: “Ünïcode” 第1章', 'Chapter 2: “Ünïcode” 第2章']);
    expect(common.title).toBe('Book');
    expect(common.artist).toBeUndefined();
    expect(common.picture).toBeUndefined();
  });

  test(`up to ${MAX_TOC_ENTRIES} chapters, one ordered top-level CTOC lists them all`, async () => {
    const { native, format } = await readBack(audiobookTag({ bookTitle: 'Book' }, marks(MAX_TOC_ENTRIES)));
    const toc = native['ID3v2.3']?.filter((t) => t.id === 'CTOC') ?? [];
    expect(toc).toHaveLength(1);
    expect((toc[0]?.value as { childElementIds: string[] }).childElementIds).toHaveLength(MAX_TOC_ENTRIES);
    expect(format.chapters).toHaveLength(MAX_TOC_ENTRIES);
  });

  test('past 255 chapters (a CTOC counts entries in one byte) there is no CTOC, and readers list every CHAP in order', async () => {
    const all = marks(300);
    const { native, format } = await readBack(audiobookTag({ bookTitle: 'Book' }, all));
    expect(native['ID3v2.3']?.filter((t) => t.id === 'CTOC')).toHaveLength(0);
    expect(format.chapters?.map((c) => c.title)).toEqual(all.map((m) => m.title));
    expect(format.chapters?.at(-1)?.start).toBe(299 * 61.25);
  });

  test('the language goes to TLAN and COMM as ISO 639-2; one without a code is left out', async () => {
    const tagged = await readBack(audiobookTag({ bookTitle: 'Book', language: 'pt-BR', description: 'Sobre o livro.' }, marks(1)));
    expect(tagged.common.language).toBe('por');
    expect(tagged.native['ID3v2.3']?.find((t) => t.id === 'COMM')?.value).toMatchObject({ language: 'por', text: 'Sobre o livro.' });
    const unknown = await readBack(audiobookTag({ bookTitle: 'Book', language: 'qq', description: 'About.' }, marks(1)));
    expect(unknown.common.language).toBeUndefined();
    expect(unknown.native['ID3v2.3']?.find((t) => t.id === 'COMM')?.value).toMatchObject({ language: 'und', text: 'About.' });
  });

  test('a JPEG cover keeps its type', async () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
    const { common } = await readBack(audiobookTag({ bookTitle: 'Book', cover: { bytes: jpeg, mime: 'image/jpeg' } }, marks(1)));
    expect(common.picture?.[0]).toMatchObject({ format: 'image/jpeg', type: 'Cover (front)' });
    expect(Buffer.from(common.picture![0]!.data).equals(Buffer.from(jpeg))).toBe(true);
  });

  test('marks that a CHAP frame cannot hold are refused', () => {
    const ok = { id: 'ch1', title: 'One', startMs: 0, endMs: 1000 };
    expect(() => audiobookTag({ bookTitle: 'B' }, [ok, { ...ok, startMs: 1000, endMs: 2000 }])).toThrow('used twice');
    expect(() => audiobookTag({ bookTitle: 'B' }, [{ ...ok, id: 'toc' }])).toThrow('used twice');
    expect(() => audiobookTag({ bookTitle: 'B' }, [{ ...ok, endMs: 0 }])).toThrow('start < end');
    expect(() => audiobookTag({ bookTitle: 'B' }, [{ ...ok, endMs: 10.5 }])).toThrow('whole milliseconds');
  });
});

describe('chapterMarks', () => {
  test('end to end, each end the running total rounded, so rounding never adds up', () => {
    const thirds = chapterMarks(Array.from({ length: 300 }, (_, i) => ({ number: i + 1, title: `C${i + 1}`, durationSeconds: 1 / 3 })));
    expect(thirds.slice(0, 3)).toEqual([
      { id: 'ch1', title: 'C1', startMs: 0, endMs: 333 },
      { id: 'ch2', title: 'C2', startMs: 333, endMs: 667 },
      { id: 'ch3', title: 'C3', startMs: 667, endMs: 1000 },
    ]);
    expect(thirds.at(-1)!.endMs).toBe(100_000);
    thirds.slice(1).forEach((mark, i) => expect(mark.startMs).toBe(thirds[i]!.endMs));
  });
});

describe('iso639Part2', () => {
  test('BCP 47 → ISO 639-2 (bibliographic where the codes differ)', () => {
    expect(['en', 'en-GB', 'pt-BR', 'de', 'zh-Hant', 'fr', 'ja', 'fil', 'xx', ''].map(iso639Part2)).toEqual(['eng', 'eng', 'por', 'ger', 'chi', 'fre', 'jpn', 'fil', null, null]);
  });
});
