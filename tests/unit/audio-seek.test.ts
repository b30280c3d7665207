import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nextChunk } from '../../src/features/audio/generation/order.ts';
import { fileLayout, type MadeChunk } from '../../src/features/audio/generation/layout.ts';
import { openingBytes } from '../../src/features/audio/stream/live.ts';
import { cutBytes, cutStored } from '../../src/features/audio/stream/from.ts';
import { estimatedTimings } from '../../src/features/audio/timings/estimate.ts';
import { storedSentences } from '../../src/features/audio/timings/sentences.ts';
import {
  mp3Info, narrateChunks, parseWav, prepareScript, sentenceStart, sentenceTimings, spokenSentences, wavHeader, wavSamples,
  type AudioFormat, type ChunkAudio, type ChunkPlan, type Pcm, type SpeechEngine,
} from '../../src/integrations/tts/index.ts';
import { createFsObjectStore } from '../../src/platform/objects/fs.ts';

/**
 * Seeking in a chapter's audio: the order in which a job makes chunks when a listener jumps ahead,
 * the stored file assembled from pieces made out of order, and cutting audio at a sentence.
 */
const RATE = 16_000;
/** A tone 0.01 s a character whose pitch tells the chunk apart (so a cut can be checked by ear, or by samples). */
function toneEngine(format: AudioFormat, calls: string[] = []): SpeechEngine {
  return {
    id: format === 'wav' ? 'flite' : 'espeak',
    format,
    backend: 'tone',
    available: async () => true,
    voices: async () => [],
    async synthesize(text): Promise<Pcm> {
      calls.push(text);
      const samples = new Int16Array(Math.round(text.length * 0.01 * RATE));
      for (let i = 0; i < samples.length; i++) samples[i] = Math.round(3000 * Math.sin((2 * Math.PI * 220 * i) / RATE));
      return { sampleRate: RATE, samples };
    },
  };
}

const TEXT = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} of the chapter is here, with a few more words to read.`).join(' ');
const script = prepareScript(`The Title\n\n${TEXT}`, { locale: 'en' });

/** A plan as the job makes it: a wish to jump (read after each chunk) and the chunks already planned. */
function plan(jumps: Map<number, number>): ChunkPlan & { order: number[] } {
  const planned = new Set<number>();
  const order: number[] = [];
  const count = script.chunks.length;
  return {
    order,
    first: async () => {
      const first = nextChunk(count, planned, null, jumps.get(-1) ?? null);
      if (first !== null) order.push(first);
      return first;
    },
    next: async (done) => {
      planned.add(done);
      const next = nextChunk(count, planned, done, jumps.get(done) ?? null);
      if (next !== null) order.push(next);
      return next;
    },
  };
}

async function narrateAll(format: AudioFormat, jumps: Map<number, number>) {
  const p = plan(jumps);
  const pieces: ChunkAudio[] = [];
  for await (const piece of narrateChunks(toneEngine(format), 'v', script, p, { mp3Backend: 'lamejs' })) pieces.push(piece);
  return { pieces, order: p.order };
}

/** The stored file as the job assembles it: pieces in chunk order, a WAV with one real header. */
function assemble(pieces: ChunkAudio[], format: AudioFormat): { file: Uint8Array; layout: ReturnType<typeof fileLayout> } {
  const byChunk = [...pieces].sort((a, b) => a.index - b.index);
  const made: MadeChunk[] = byChunk.map((p) => ({ size: p.bytes.length, seconds: p.seconds, opensRun: p.opensRun, runSeconds: p.runSeconds }));
  const layout = fileLayout(made, format);
  const parts = byChunk.map((p) => (format === 'wav' ? wavSamples(p.bytes) : p.bytes));
  if (format === 'wav') parts.unshift(wavHeader(RATE, layout.size - 44));
  return { file: new Uint8Array(Buffer.concat(parts)), layout };
}

describe('nextChunk: the order of a job that a listener asks to jump', () => {
  test('start to end without a wish; to the wish, on to the end, then back to what was skipped', () => {
    const made = new Set<number>();
    expect(nextChunk(5, made, null, null)).toBe(0);
    expect(nextChunk(5, new Set([0]), 0, null)).toBe(1);
    expect(nextChunk(5, new Set([0]), 0, 3)).toBe(3);
    expect(nextChunk(5, new Set([0, 3]), 3, 3)).toBe(4); // the wish is met: on from there
    expect(nextChunk(5, new Set([0, 3, 4]), 4, 3)).toBe(1); // the end: back to the first skipped
    expect(nextChunk(5, new Set([0, 1, 3, 4]), 1, 3)).toBe(2);
    expect(nextChunk(5, new Set([0, 1, 2, 3, 4]), 2, 3)).toBeNull();
  });

  test('a wish before the job starts is where it starts; wishes out of range or for made chunks are ignored', () => {
    expect(nextChunk(5, new Set(), null, 2)).toBe(2);
    expect(nextChunk(5, new Set([0]), 0, 7)).toBe(1);
    expect(nextChunk(5, new Set([0]), 0, -1)).toBe(1);
    expect(nextChunk(5, new Set([0, 1]), 1, 0)).toBe(2);
  });
});

describe('narrating out of order, then assembling in chunk order', () => {
  const count = script.chunks.length;
  const jumpTo = count - 3;
  // After chunk 1 a listener asks for `jumpTo`: 0 1 | jumpTo … end | 2 … jumpTo-1.
  const jumps = new Map([[1, jumpTo]]);

  test('the job makes the wished chunk right after the one in hand, goes on to the end, then fills in', async () => {
    expect(count).toBeGreaterThan(8);
    const { order, pieces } = await narrateAll('wav', jumps);
    const expected = [0, 1, ...Array.from({ length: count - jumpTo }, (_, i) => jumpTo + i), ...Array.from({ length: jumpTo - 2 }, (_, i) => 2 + i)];
    expect(order).toEqual(expected);
    expect(pieces.map((p) => p.index)).toEqual(expected);
    // Three runs: each opens where the order breaks and ends (with its length) before the next.
    expect(pieces.filter((p) => p.opensRun).map((p) => p.index)).toEqual([0, jumpTo, 2]);
    expect(pieces.filter((p) => p.runSeconds !== null).map((p) => p.index)).toEqual([1, count - 1, jumpTo - 1]);
  });

  test('WAV: the assembled file is the chapter in order with one header; timings equal a narration in order', async () => {
    const { pieces } = await narrateAll('wav', jumps);
    const { file, layout } = assemble(pieces, 'wav');
    const pcm = parseWav(file);
    const inOrder = await narrateAll('wav', new Map());
    const plain = assemble(inOrder.pieces, 'wav');
    expect(file).toEqual(plain.file);
    expect(pcm.samples.length).toBe(script.chunks.reduce((n, c) => n + Math.round(c.text.length * 0.01 * RATE), 0));
    expect(layout.chunks.map((c) => c.byte)).toEqual(plain.layout.chunks.map((c) => c.byte));
    const timings = sentenceTimings(script, layout.seconds, layout.starts);
    expect(timings).toEqual(sentenceTimings(script, plain.layout.seconds));
    // Each chunk's recorded byte is where its samples are.
    layout.chunks.forEach((c, i) => expect(c.byte).toBe(44 + 2 * Math.round(layout.starts[i]! * RATE)));
  });

  test('MP3: separately encoded runs concatenate into one well-formed stream; later runs start after the earlier ones end', async () => {
    const { pieces } = await narrateAll('mp3', jumps);
    const { file, layout } = assemble(pieces, 'mp3');
    const info = mp3Info(file);
    expect(info.trailing).toBe(0);
    // The file lasts every run's frames: a little more than the speech, by each run's encoder padding.
    const speech = layout.seconds.reduce((a, b) => a + b, 0);
    expect(info.duration).toBeGreaterThan(speech);
    expect(info.duration - speech).toBeLessThan(3 * 0.2);
    // The last run starts where the two before it end in the file (their frames), not where their speech ends.
    const runs = pieces.filter((p) => p.runSeconds !== null).sort((a, b) => a.index - b.index);
    expect(layout.starts[2]).toBeCloseTo(runs[0]!.runSeconds!, 6);
    expect(layout.starts[jumpTo]).toBeCloseTo(runs[0]!.runSeconds! + runs[1]!.runSeconds!, 6);
    expect(layout.starts[jumpTo]! - layout.starts[jumpTo - 1]!).toBeGreaterThan(layout.seconds[jumpTo - 1]!);
    // Byte offsets: a chunk begins where the pieces before it end.
    const byChunk = [...pieces].sort((a, b) => a.index - b.index);
    let at = 0;
    byChunk.forEach((p, i) => {
      expect(layout.chunks[i]!.byte).toBe(at);
      at += p.bytes.length;
    });
    expect(layout.size).toBe(file.length);
  }, 30_000);
});

describe('cutting audio where a sentence starts', () => {
  const spoken = spokenSentences(script);

  test('sentence numbers are the stored timings\' positions; a sentence\'s chunk and share of it are where its timing starts', () => {
    const seconds = script.chunks.map((c) => c.text.length * 0.01);
    const stored = storedSentences(script, sentenceTimings(script, seconds), seconds.reduce((a, b) => a + b, 0));
    expect(stored.map((s) => s.text)).toEqual(spoken.map((s) => s.text));
    let clock = 0;
    const starts = seconds.map((s) => ((clock += s), clock - s));
    for (const k of [0, 5, 17, spoken.length - 1]) {
      const at = sentenceStart(script, spoken[k]!.index)!;
      expect(starts[at.chunk]! + at.fraction * seconds[at.chunk]!).toBeCloseTo(stored[k]!.start, 2);
    }
  });

  test('estimated timings are numbered as the stored ones and last the script\'s characters at the rate', () => {
    const estimate = estimatedTimings(script, 20);
    expect(estimate.sentences.map((s) => s.text)).toEqual(spoken.map((s) => s.text));
    expect(estimate.duration).toBeCloseTo(script.chunks.reduce((n, c) => n + c.text.length, 0) / 20, 2);
    expect(estimate.sentences[0]!.start).toBe(0);
    expect(estimate.sentences.at(-1)!.end).toBeCloseTo(estimate.duration, 2);
  });

  test('a live WAV piece keeps its header and loses the samples before the sentence', () => {
    const samples = new Int16Array(1000).map((_, i) => i);
    const piece = new Uint8Array(Buffer.concat([wavHeader(RATE, null), new Uint8Array(samples.buffer)]));
    const cut = openingBytes(piece, 'wav', 0.25);
    expect(cut.subarray(0, 44)).toEqual(piece.subarray(0, 44));
    expect(parseWav(cut).samples[0]).toBe(250);
    expect(parseWav(cut).samples.length).toBe(750);
    expect(openingBytes(piece, 'wav', 0)).toBe(piece);
  });

  test('a live MP3 piece starts at a frame, even when the piece begins inside one', async () => {
    const { pieces } = await narrateAll('mp3', new Map());
    const whole = new Uint8Array(Buffer.concat(pieces.map((p) => p.bytes)));
    const frames = mp3Info(whole).frames;
    const inside = whole.subarray(100); // not on a frame
    const cut = openingBytes(inside, 'mp3', 0.5);
    const info = mp3Info(cut);
    expect(info.trailing).toBe(0);
    expect(Math.abs(info.frames - frames / 2)).toBeLessThanOrEqual(2);
  }, 30_000);

  describe('stored files', () => {
    const root = mkdtempSync(join(tmpdir(), 'chapterhouse-seek-'));
    const objects = createFsObjectStore({ root, baseUrl: 'http://localhost', secret: 'test-secret' });
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const bytesOf = async (key: string, cut: NonNullable<Awaited<ReturnType<typeof cutStored>>>, size: number) => {
      const parts: Uint8Array[] = [];
      for await (const part of cutBytes(objects, key, cut, size)) parts.push(part);
      return new Uint8Array(Buffer.concat(parts));
    };

    test('WAV: a fresh header with the right length, then the samples from the time on', async () => {
      const { pieces } = await narrateAll('wav', new Map([[0, 5]]));
      const { file, layout } = assemble(pieces, 'wav');
      await objects.put('audio/w.wav', file);
      const cut = (await cutStored(objects, 'audio/w.wav', 'wav', file.length, 3.2, layout.chunks))!;
      expect(cut.start).toBeCloseTo(3.2, 4);
      const out = await bytesOf('audio/w.wav', cut, file.length);
      const view = new DataView(out.buffer);
      expect(view.getUint32(40, true)).toBe(out.length - 44);
      expect(out.subarray(44)).toEqual(new Uint8Array(file.subarray(44 + 2 * Math.floor(3.2 * RATE))));
    });

    test('MP3 made in three runs: starts on a frame, at the time asked, to within a frame', async () => {
      const count = script.chunks.length;
      const { pieces } = await narrateAll('mp3', new Map([[1, count - 3]]));
      const { file, layout } = assemble(pieces, 'mp3');
      await objects.put('audio/m.mp3', file);
      const total = mp3Info(file).duration;
      for (const time of [0.5, layout.starts[count - 3]! + 0.3, total - 2]) {
        const cut = (await cutStored(objects, 'audio/m.mp3', 'mp3', file.length, time, layout.chunks))!;
        const out = await bytesOf('audio/m.mp3', cut, file.length);
        const info = mp3Info(out);
        expect(info.trailing).toBe(0);
        expect(info.frames).toBeGreaterThan(0);
        // What is left lasts the file's duration less the time, within a frame or two.
        expect(Math.abs(info.duration - (total - time))).toBeLessThan(0.08);
        expect(Math.abs(cut.start - time)).toBeLessThan(0.08);
      }
    }, 30_000);
  });
});
