import { describe, expect, test } from 'bun:test';
import { createMp3Encoder, type Mp3Backend } from '../../src/integrations/tts/mp3.ts';
import { mp3Info } from '../../src/integrations/tts/mp3-frames.ts';
import { programOrStandIn } from '../support/stand-in-programs.ts';
import { decodeMp3, rms, seconds, sine } from '../support/tts-audio.ts';

/** The lame program, or where it is not installed a stand-in that runs lamejs behind the same pipes. */
const LAME = programOrStandIn('lame');

async function encodeInPieces(backend: Mp3Backend, rate: number, samples: Int16Array, sizes: number[]) {
  const encoder = await createMp3Encoder({ sampleRate: rate, backend, lamePath: LAME });
  const early: Uint8Array[] = [];
  let at = 0;
  for (let i = 0; at < samples.length; i++) {
    const size = sizes[i % sizes.length]!;
    early.push(await encoder.encode(samples.subarray(at, at + size)));
    at += size;
  }
  const last = await encoder.finish();
  encoder.close();
  return { early: Buffer.concat(early), all: Buffer.concat([...early, last]) };
}

describe.each(['lame', 'lamejs'] as const)('MP3 encoder: %s', (backend) => {
  test('pieces of PCM in, valid CBR frames out, as long as the input, and it sounds the same', async () => {
    const input = sine(22050, 3);
    const { early, all } = await encodeInPieces(backend, 22050, input, [1000, 7919, 300, 22050]);
    if (backend === 'lamejs') expect(early.length).toBeGreaterThan(all.length / 2); // bytes come out while encoding, not only at the end
    const info = mp3Info(all);
    expect(info).toMatchObject({ sampleRate: 22050, channels: 1, kbps: 48, trailing: 0 });
    expect(info.frames).toBeGreaterThan(100);
    expect(info.duration).toBeGreaterThan(3);
    expect(info.duration).toBeLessThan(3.2);
    expect(all.length / info.duration).toBeCloseTo(6000, -2); // 48 kbit/s

    const decoded = await decodeMp3(all);
    expect(decoded.sampleRate).toBe(22050);
    expect(seconds(decoded)).toBeGreaterThan(2.95);
    expect(seconds(decoded)).toBeLessThan(3.15);
    expect(rms(decoded.samples)).toBeGreaterThan(rms(input) * 0.85);
    expect(rms(decoded.samples)).toBeLessThan(rms(input) * 1.15);
  });

  test('engine rates: 16 and 24 kHz kept; 44.1 kHz becomes 32 kHz at this bit rate; odd rates are re-sampled', async () => {
    for (const [rate, expected] of [
      [16000, 16000],
      [24000, 24000],
      [44100, 32000],
      [19000, 22050],
    ] as const) {
      const { all } = await encodeInPieces(backend, rate, sine(rate, 1), [rate]);
      const info = mp3Info(all);
      expect(info.sampleRate).toBe(expected);
      expect(info.trailing).toBe(0);
      expect(Math.abs(info.duration - 1)).toBeLessThan(0.15);
    }
  });

  test('silence encodes to silence', async () => {
    const { all } = await encodeInPieces(backend, 22050, new Int16Array(22050), [4096]);
    expect(rms((await decodeMp3(all)).samples)).toBeLessThan(5);
  });
});

describe('choosing the encoder', () => {
  test('auto takes the lame program when installed, lamejs when not', async () => {
    const installed = await createMp3Encoder({ sampleRate: 22050, lamePath: LAME });
    expect(installed.backend).toBe('lame');
    installed.close();
    const missing = await createMp3Encoder({ sampleRate: 22050, lamePath: '/nonexistent/lame' });
    expect(missing.backend).toBe('lamejs');
  });

  test('asking for the program when it is missing is an error', async () => {
    await expect(createMp3Encoder({ sampleRate: 22050, backend: 'lame', lamePath: '/nonexistent/lame' })).rejects.toThrow('/nonexistent/lame not found');
  });

  test('close() in the middle stops the program; nothing hangs', async () => {
    const encoder = await createMp3Encoder({ sampleRate: 22050, backend: 'lame', lamePath: LAME });
    await encoder.encode(sine(22050, 1));
    encoder.close();
    await expect(encoder.finish()).rejects.toThrow('lame exited');
  });
});

describe('MP3 frame walk', () => {
  test('an ID3 tag in front is skipped, trailing garbage is reported', async () => {
    const { all } = await encodeInPieces('lamejs', 22050, sine(22050, 1), [22050]);
    const id3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 5, 1, 2, 3, 4, 5]);
    const info = mp3Info(Buffer.concat([id3, all, new Uint8Array([1, 2, 3])]));
    expect(info.frames).toBe(mp3Info(all).frames);
    expect(info.trailing).toBe(3);
    expect(mp3Info(new TextEncoder().encode('not audio at all')).frames).toBe(0);
  });
});
