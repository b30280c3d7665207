import { beforeAll, describe, expect, test } from 'bun:test';
import NodeID3 from 'node-id3';
import { audioFrames, cbrSeconds, mp3Duration } from '../../src/features/exports/audiobook/index.ts';
import { mp3Info } from '../../src/integrations/tts/mp3-frames.ts';
import { apeTag, chapterMp3, decodedSamples, id3v1, infoFrame, RATE } from './audiobook-fixtures.ts';

const join = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
let plain: Uint8Array;

beforeAll(async () => {
  plain = await chapterMp3(1.5);
});

describe('audioFrames', () => {
  test('a file as the narration job stores it comes back whole, as a view', () => {
    const frames = audioFrames(plain);
    expect(frames.length).toBe(plain.length);
    expect(frames.buffer).toBe(plain.buffer);
  });

  test.each(['Xing', 'Info', 'VBRI'] as const)('a leading ID3v2 tag, a %s frame, an APE tag and an ID3v1 tag are removed', (kind) => {
    const id3v2 = new Uint8Array(NodeID3.create({ title: 'Chapter One', artist: 'Someone' }));
    // The APE item is larger than any frame: the frame walker alone would take it for damage.
    const file = join(id3v2, infoFrame(plain, kind), plain, apeTag('Cover Art (Front)', 'x'.repeat(3000)), id3v1('Chapter One'));
    expect(mp3Info(file).frames).toBe(mp3Info(plain).frames + 1); // the Info frame looks like audio to a plain walker
    expect(Buffer.from(audioFrames(file)).equals(Buffer.from(plain))).toBe(true);
  });

  test('an ID3v2.4 tag with a footer, padding after it, and one appended at the end', () => {
    const v24 = new Uint8Array(30);
    v24.set([0x49, 0x44, 0x33, 4, 0, 0x10, 0, 0, 0, 10]); // 10-byte body, footer flag
    v24.set([0x33, 0x44, 0x49, 4, 0, 0x10, 0, 0, 0, 10], 20);
    const padding = new Uint8Array(64);
    expect(Buffer.from(audioFrames(join(v24, padding, plain, v24))).equals(Buffer.from(plain))).toBe(true);
  });

  test('a last frame cut short is dropped; frames that break off early are an error', () => {
    const cut = plain.subarray(0, plain.length - 40);
    expect(audioFrames(cut).length).toBeLessThan(cut.length);
    expect(mp3Info(audioFrames(cut)).trailing).toBe(0);
    const damaged = join(plain.subarray(0, 5000), new Uint8Array(3000), plain.subarray(5000));
    expect(() => audioFrames(damaged)).toThrow('The MP3 frames break off at byte');
  });

  test('no audio at all is an error', () => {
    expect(() => audioFrames(new Uint8Array(NodeID3.create({ title: 'x' })))).toThrow('no MP3 audio frames');
    expect(() => audioFrames(infoFrame(plain, 'Info'))).toThrow('no MP3 audio frames');
  });
});

describe('mp3Duration', () => {
  test('frames × 576 ÷ rate, what mpg123 decodes; the Info frame and tags do not count', async () => {
    const tagged = join(new Uint8Array(NodeID3.create({ title: 'x' })), infoFrame(plain, 'Info'), plain, id3v1('x'));
    const duration = mp3Duration(tagged);
    const { frames } = mp3Info(plain);
    expect(duration).toEqual({ seconds: (frames * 576) / RATE, sampleRate: RATE, kbps: 48, channels: 1, frames });
    expect(duration.seconds).toBeGreaterThan(1.5);
    expect(duration.seconds).toBeLessThan(1.5 + 0.1); // LAME's start-up delay and the last frame's padding
    const decoded = await decodedSamples(plain);
    expect(decoded.samples).toBe(frames * 576);
  });

  test('other rates and bit rates are read from the frames', async () => {
    const file = await chapterMp3(1, 440, 16000, 32);
    expect(mp3Duration(file)).toMatchObject({ sampleRate: 16000, kbps: 32, channels: 1 });
  });
});

describe('cbrSeconds', () => {
  test('a stored chapter’s size gives its frames’ length within a millisecond, at the rates engines produce', async () => {
    for (const [rate, secs] of [[22050, 7.77], [16000, 3.1], [24000, 2.2], [8000, 1.3], [44100, 2]] as const) {
      const file = await chapterMp3(secs, 440, rate);
      expect(Math.abs(cbrSeconds(file.length, 48) - mp3Duration(file).seconds)).toBeLessThan(0.001);
    }
  });
});
