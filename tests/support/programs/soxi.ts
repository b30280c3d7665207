/** A stand-in for `soxi -D FILE` (the duration in seconds) on machines without sox; plain PCM WAV only. */
import { readFileSync } from 'node:fs';

const bytes = readFileSync(process.argv.at(-1)!);
let at = 12;
let byteRate = 0;
while (at + 8 <= bytes.length) {
  const id = bytes.toString('ascii', at, at + 4);
  const size = bytes.readUInt32LE(at + 4);
  if (id === 'fmt ') byteRate = bytes.readUInt32LE(at + 16);
  if (id === 'data') {
    console.log((size / byteRate).toFixed(6));
    process.exit(0);
  }
  at += 8 + size + (size & 1);
}
process.exit(1);
