/**
 * A stand-in for the `lame` program on machines without it, speaking the part of its command line
 * the product and the tests use: `--version`; raw PCM in, MP3 out on pipes (`-r -s <kHz> … -b
 * <kbps> … - -`), frames written as soon as they exist; and `--mp3input --decode - -` (MP3 in,
 * WAV out). Encoding is @breezystack/lamejs (LAME's own code in JavaScript), decoding mpg123
 * (mpg123-decoder): the process plumbing (pipes, flushing, kills) is what the tests exercise.
 */
import { Mp3Encoder } from '@breezystack/lamejs';
import { MPEGDecoder } from 'mpg123-decoder';
import { parts } from '../../../src/integrations/tts/process.ts';
import { encodeWav } from '../../../src/integrations/tts/wav.ts';

const args = process.argv.slice(2);
const value = (flag: string) => args[args.indexOf(flag) + 1];
const write = (bytes: Uint8Array) => new Promise<void>((resolve) => (bytes.length ? process.stdout.write(bytes, () => resolve()) : resolve()));
const asBytes = (data: Int8Array | Uint8Array) => new Uint8Array(data.buffer, data.byteOffset, data.byteLength);

if (args.includes('--version')) {
  console.log('LAME 64bits version 3.100 (stand-in for tests)');
} else if (args.includes('--decode')) {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  const { channelData, sampleRate } = decoder.decode(new Uint8Array(await Bun.stdin.arrayBuffer()));
  const mono = channelData[0] ?? new Float32Array(0);
  const samples = Int16Array.from(mono, (s) => Math.round(Math.max(-1, Math.min(1, s)) * 32767));
  await write(encodeWav({ sampleRate, samples }));
} else {
  const encoder = new Mp3Encoder(1, Math.round(Number(value('-s')) * 1000), Number(value('-b')));
  let odd: Uint8Array = new Uint8Array(0);
  for await (const part of parts(Bun.stdin.stream())) {
    const bytes = new Uint8Array(odd.length + part.length);
    bytes.set(odd);
    bytes.set(part, odd.length);
    const even = bytes.length & ~1;
    odd = bytes.slice(even);
    const samples = new Int16Array(bytes.slice(0, even).buffer);
    for (let i = 0; i < samples.length; i += 1152 * 32) await write(asBytes(encoder.encodeBuffer(samples.subarray(i, i + 1152 * 32))));
  }
  await write(asBytes(encoder.flush()));
}
