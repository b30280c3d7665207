import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeWav, parseWav, UNKNOWN_SIZE, WavError, wavHeader } from '../../src/integrations/tts/wav.ts';
import { programOrStandIn } from '../support/stand-in-programs.ts';

const dir = mkdtempSync(join(tmpdir(), 'tts-wav-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// sox, or where it is not installed a stand-in that writes the same formats independently of wav.ts.
const sox = (args: string[]) => {
  const run = Bun.spawnSync([programOrStandIn('sox'), ...args], { stderr: 'pipe' });
  if (run.exitCode !== 0) throw new Error(`sox ${args.join(' ')}: ${run.stderr.toString()}`);
};
const ramp = (n: number) => Int16Array.from({ length: n }, (_, i) => ((i * 97) % 65536) - 32768);

describe('WAV headers', () => {
  test('a final header: the 44 canonical bytes', () => {
    const view = new DataView(wavHeader(16000, 1000).buffer);
    const text = (at: number) => new TextDecoder().decode(new Uint8Array(view.buffer, at, 4));
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect([view.getUint32(4, true), view.getUint16(20, true), view.getUint16(22, true), view.getUint32(24, true), view.getUint32(28, true), view.getUint16(32, true), view.getUint16(34, true), view.getUint32(40, true)]).toEqual([
      1036, 1, 1, 16000, 32000, 2, 16, 1000,
    ]);
  });

  test('a streaming header says "unknown" and the stream parses as far as it arrived', () => {
    const header = wavHeader(22050, null);
    const view = new DataView(header.buffer);
    expect([view.getUint32(4, true), view.getUint32(40, true)]).toEqual([UNKNOWN_SIZE, UNKNOWN_SIZE]);
    const samples = ramp(1001);
    const bytes = Buffer.concat([header, new Uint8Array(samples.buffer), new Uint8Array([7])]); // a half sample at the end
    const pcm = parseWav(bytes);
    expect(pcm.sampleRate).toBe(22050);
    expect(pcm.samples).toEqual(samples);
  });

  test('a data size left at 0 by a streaming writer: the samples that follow are read', () => {
    const samples = ramp(500);
    const bytes = Buffer.concat([wavHeader(24000, 0), new Uint8Array(samples.buffer)]);
    expect(parseWav(bytes).samples).toEqual(samples);
    expect(parseWav(wavHeader(24000, 0)).samples.length).toBe(0);
  });

  test('round trip, and sox reads what we write', () => {
    const samples = ramp(8000);
    const bytes = encodeWav({ sampleRate: 8000, samples });
    expect(parseWav(bytes).samples).toEqual(samples);
    const file = join(dir, 'ours.wav');
    writeFileSync(file, bytes);
    expect(Bun.spawnSync([programOrStandIn('soxi'), '-D', file]).stdout.toString().trim()).toBe('1.000000');
  });

  test('an odd byte offset (a WAV inside a larger buffer) parses the same', () => {
    const bytes = encodeWav({ sampleRate: 8000, samples: ramp(10) });
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    expect(parseWav(shifted.subarray(1)).samples).toEqual(ramp(10));
  });
});

describe('WAV from other writers', () => {
  const make = (name: string, format: string[]) => {
    const file = join(dir, name);
    sox(['-n', ...format, file, 'synth', '0.5', 'sine', '440', 'vol', '0.5']);
    return parseWav(readFileSync(file));
  };
  const peak = (s: Int16Array) => s.reduce((m, v) => Math.max(m, Math.abs(v)), 0);

  for (const [label, format] of [
    ['8-bit unsigned', ['-r', '8000', '-b', '8', '-e', 'unsigned-integer']],
    ['24-bit', ['-r', '16000', '-b', '24']],
    ['32-bit float', ['-r', '24000', '-b', '32', '-e', 'floating-point']],
    ['stereo 16-bit', ['-r', '22050', '-c', '2', '-b', '16']],
    ['4 channels (extensible)', ['-r', '16000', '-c', '4', '-b', '16']],
  ] as const) {
    test(`${label}: mono 16-bit at the file's rate, same loudness`, () => {
      const pcm = make(`${label.replace(/\W+/g, '-')}.wav`, [...format]);
      const rate = Number(format[1]);
      expect(pcm.sampleRate).toBe(rate);
      expect(pcm.samples.length).toBe(rate / 2);
      // A half-scale sine: its peak is about 16,384 whatever the sample format.
      expect(peak(pcm.samples)).toBeGreaterThan(15000);
      expect(peak(pcm.samples)).toBeLessThan(17500);
    });
  }

  test('what it cannot read is a WavError', () => {
    expect(() => parseWav(new TextEncoder().encode('ID3 this is an mp3'))).toThrow(WavError);
    expect(() => parseWav(new Uint8Array(0))).toThrow('not a WAV file');
    const mulaw = join(dir, 'mulaw.wav');
    sox(['-n', '-r', '8000', '-e', 'mu-law', mulaw, 'synth', '0.1', 'sine', '440']);
    expect(() => parseWav(readFileSync(mulaw))).toThrow('unsupported WAV encoding');
    const noData = wavHeader(8000, 0).slice(0, 36);
    expect(() => parseWav(noData)).toThrow('no data chunk');
  });
});
