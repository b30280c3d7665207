import { beforeAll, describe, expect, test } from 'bun:test';
import { parseBuffer } from 'music-metadata';
import { assembleAudiobook, chapterMarks, mp3Duration, type AudiobookChapter, type AudiobookMeta } from '../../src/features/exports/audiobook/index.ts';
import { mp3Info } from '../../src/integrations/tts/mp3-frames.ts';
import { blankPng } from '../support/png.ts';
import { chapterMp3, collect, decodedSamples, id3v1, infoFrame, inOrder, RATE } from './audiobook-fixtures.ts';

const SECONDS = [1.2, 2.5, 0.7, 1.9];
const TITLES = ['The Gate', 'Rain on the Mountain', 'A Short One', 'What the Elder Said'];
const FIRST = 7; // a range that does not start at chapter 1
const cover = blankPng(40, 60);
const meta: AudiobookMeta = {
  bookTitle: 'The Ninth Sect',
  rangeLabel: 'chapters 7–10',
  author: 'Lin Wei',
  year: 2024,
  language: 'en',
  description: 'A disciple climbs.',
  cover: { bytes: cover, mime: 'image/png' },
};

let files: Uint8Array[];
let durations: number[];

beforeAll(async () => {
  files = await Promise.all(SECONDS.map((s, i) => chapterMp3(s, 300 + 100 * i)));
  durations = files.map((f) => mp3Duration(f).seconds);
});

const chaptersOf = (bytes: Uint8Array[]): AudiobookChapter[] => bytes.map((b, i) => ({ number: FIRST + i, title: TITLES[i]!, bytes: async () => b }));
const marksOf = (seconds: number[]) => chapterMarks(seconds.map((durationSeconds, i) => ({ number: FIRST + i, title: TITLES[i]!, durationSeconds })));

describe('an assembled audiobook, read back by music-metadata and decoded by mpg123', () => {
  let file: Uint8Array;
  beforeAll(async () => {
    file = await collect(assembleAudiobook(meta, inOrder(chaptersOf(files)), marksOf(durations)));
  });

  test('chapters: count, titles, and starts within one frame of the summed durations', async () => {
    const { format } = await parseBuffer(file, { mimeType: 'audio/mpeg' }, { includeChapters: true });
    const chapters = format.chapters ?? [];
    expect(chapters.map((c) => c.title)).toEqual(TITLES);
    const frame = 576 / RATE;
    let start = 0;
    chapters.forEach((chapter, i) => {
      expect(Math.abs(chapter.start - start)).toBeLessThan(frame);
      start += durations[i]!;
      expect(Math.abs((chapter.end ?? 0) - start)).toBeLessThan(frame);
    });
  });

  test('title, artist, album, genre, year, language, comment and the front cover', async () => {
    const { common, native } = await parseBuffer(file, { mimeType: 'audio/mpeg' });
    expect(common).toMatchObject({ title: 'The Ninth Sect (chapters 7–10)', artist: 'Lin Wei', albumartist: 'Lin Wei', album: 'The Ninth Sect', genre: ['Audiobook'], year: 2024 });
    expect(common.comment?.map((c) => c.text)).toEqual(['A disciple climbs.']);
    expect(common.language).toBe('eng');
    expect(common.track.no).toBeNull();
    const picture = common.picture?.[0];
    expect(picture?.format).toBe('image/png');
    expect(picture?.type).toBe('Cover (front)');
    expect(Buffer.from(picture!.data).equals(Buffer.from(cover))).toBe(true);
    const toc = native['ID3v2.3']?.filter((t) => t.id === 'CTOC') ?? [];
    expect(toc).toHaveLength(1);
    expect(native['ID3v2.3']?.map((t) => t.id).slice(-3)).toEqual(['CTOC', 'COMM', 'APIC']);
    expect(native['ID3v2.3']?.find((t) => t.id === 'TLEN')?.value).toBe(String(Math.round(durations.reduce((a, b) => a + b, 0) * 1000)));
    expect(toc[0]?.value).toMatchObject({ flags: { topLevel: true, ordered: true }, childElementIds: ['ch7', 'ch8', 'ch9', 'ch10'] });
  });

  test('the whole duration, counted frame by frame, is the sum of the chapters', async () => {
    const { format } = await parseBuffer(file, { mimeType: 'audio/mpeg' }, { duration: true });
    const sum = durations.reduce((a, b) => a + b, 0);
    expect(Math.abs(format.duration! - sum)).toBeLessThan(576 / RATE);
    expect(format).toMatchObject({ sampleRate: RATE, numberOfChannels: 1, bitrate: 48_000 });
  });

  test('mpg123 decodes exactly the chapters’ samples, without errors', async () => {
    const decoded = await decodedSamples(file);
    const expected = files.reduce((sum, f) => sum + mp3Info(f).frames * 576, 0);
    expect(decoded).toEqual({ samples: expected, sampleRate: RATE, errors: 0 });
  });
});

describe('assembleAudiobook', () => {
  test('a chapter stored with a tag and an Info frame joins like the others', async () => {
    const wrapped = [...files];
    wrapped[1] = new Uint8Array(Buffer.concat([infoFrame(files[1]!, 'Xing'), files[1]!, id3v1('Rain on the Mountain')]));
    const file = await collect(assembleAudiobook(meta, inOrder(chaptersOf(wrapped)), marksOf(durations)));
    const clean = await collect(assembleAudiobook(meta, inOrder(chaptersOf(files)), marksOf(durations)));
    expect(Buffer.from(file).equals(Buffer.from(clean))).toBe(true);
  });

  test('reads one chapter at a time: a chapter’s bytes are asked for only after the previous chapter was handed on', async () => {
    const events: string[] = [];
    const chapters = chaptersOf(files).map((c) => ({
      ...c,
      bytes: async () => {
        events.push(`read ${c.number}`);
        return c.bytes();
      },
    }));
    const pieces = assembleAudiobook(meta, inOrder(chapters), marksOf(durations));
    let n = 0;
    for await (const _piece of pieces) events.push(n++ === 0 ? 'tag out' : `frames out`);
    expect(events).toEqual(['tag out', 'read 7', 'frames out', 'read 8', 'frames out', 'read 9', 'frames out', 'read 10', 'frames out']);
  });

  test('a chapter at another sample rate is a clear error, before any of its audio is written', async () => {
    const other = await chapterMp3(1, 440, 16000);
    const mixed = [files[0]!, other];
    const pieces: Uint8Array[] = [];
    const run = async () => {
      for await (const piece of assembleAudiobook(meta, inOrder(chaptersOf(mixed)), marksOf([durations[0]!, mp3Duration(other).seconds]))) pieces.push(piece);
    };
    await expect(run()).rejects.toThrow('Chapter 8 is 16000 Hz, 48 kbit/s, mono but chapter 7 is 22050 Hz, 48 kbit/s, mono');
    expect(pieces).toHaveLength(2); // the tag and chapter 7
  });

  test('a chapter at another bit rate is an error too', async () => {
    const other = await chapterMp3(1, 440, RATE, 64);
    await expect(collect(assembleAudiobook(meta, inOrder(chaptersOf([files[0]!, other])), marksOf([durations[0]!, mp3Duration(other).seconds])))).rejects.toThrow('64 kbit/s');
  });

  test('marks that do not describe the chapters are refused', async () => {
    // As if made from the speech's length, which leaves out LAME's start-up delay and padding.
    const short = durations.map((d) => d - 0.2);
    await expect(collect(assembleAudiobook(meta, inOrder(chaptersOf(files)), marksOf(short)))).rejects.toThrow('Chapter 8 ends at');
    const marks = marksOf(durations);
    await expect(collect(assembleAudiobook(meta, inOrder(chaptersOf(files).reverse()), marks))).rejects.toThrow('Chapter 10 comes where the marks have ch7');
    await expect(collect(assembleAudiobook(meta, inOrder(chaptersOf(files).slice(0, 3)), marks))).rejects.toThrow('The marks list 4 chapters but 3 came');
  });
});
