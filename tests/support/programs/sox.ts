/**
 * A stand-in for `sox` on machines without it, for the one command the tests use: a sine into a
 * WAV file of a given format, `sox -n [-r RATE] [-c CHANNELS] [-b BITS] [-e ENCODING] FILE synth
 * SECONDS sine HZ [vol GAIN]` (encodings: signed-integer, unsigned-integer, floating-point,
 * mu-law). Written here byte by byte, independently of the product's WAV code; like sox, it
 * writes WAVE_FORMAT_EXTENSIBLE past two channels or 16 bits.
 */
import { writeFileSync } from 'node:fs';

const args = process.argv.slice(2);
const option = (flag: string, fallback: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1]! : fallback);
const synth = args.indexOf('synth');
const file = args[synth - 1]!;
const [seconds, , hz] = [Number(args[synth + 1]), args[synth + 2], Number(args[synth + 3])];
const gain = args.includes('vol') ? Number(option('vol', '1')) : 1;
const rate = Number(option('-r', '48000'));
const channels = Number(option('-c', '1'));
const encoding = option('-e', 'signed-integer');
const bits = encoding === 'mu-law' ? 8 : Number(option('-b', encoding === 'floating-point' ? '32' : '16'));
const frames = Math.round(rate * seconds);
const width = bits / 8;
const tag = { 'signed-integer': 1, 'unsigned-integer': 1, 'floating-point': 3, 'mu-law': 7 }[encoding] ?? 1;
const extensible = channels > 2 || bits > 16;
const fmtSize = extensible ? 40 : 16;
const dataBytes = frames * channels * width;
const out = Buffer.alloc(12 + 8 + fmtSize + 8 + dataBytes);
out.write('RIFF', 0, 'ascii');
out.writeUInt32LE(out.length - 8, 4);
out.write('WAVE', 8, 'ascii');
out.write('fmt ', 12, 'ascii');
out.writeUInt32LE(fmtSize, 16);
out.writeUInt16LE(extensible ? 0xfffe : tag, 20);
out.writeUInt16LE(channels, 22);
out.writeUInt32LE(rate, 24);
out.writeUInt32LE(rate * channels * width, 28);
out.writeUInt16LE(channels * width, 32);
out.writeUInt16LE(bits, 34);
if (extensible) {
  out.writeUInt16LE(22, 36);
  out.writeUInt16LE(bits, 38);
  out.writeUInt32LE(0, 40);
  out.writeUInt16LE(tag, 44); // the sub-format GUID starts with the format tag
  Buffer.from('000000001000800000aa00389b71', 'hex').copy(out, 46);
}
let at = 20 + fmtSize;
out.write('data', at, 'ascii');
out.writeUInt32LE(dataBytes, at + 4);
at += 8;
for (let i = 0; i < frames; i++) {
  const x = gain * Math.sin((2 * Math.PI * hz * i) / rate);
  for (let c = 0; c < channels; c++, at += width) {
    if (encoding === 'floating-point') out.writeFloatLE(x, at);
    else if (encoding === 'mu-law') out.writeUInt8(0xff, at); // silence is enough: the reader refuses mu-law
    else if (bits === 8) out.writeUInt8(Math.round(x * 127) + 128, at);
    else out.writeIntLE(Math.round(x * (2 ** (bits - 1) - 1)), at, width);
  }
}
writeFileSync(file, out);
