/** Small real chapter MP3s and the tags other writers put around them, for the audiobook tests. */
import { MPEGDecoder } from 'mpg123-decoder';
import { createMp3Encoder } from '../../src/integrations/tts/mp3.ts';
import { sine } from '../support/tts-audio.ts';

export const RATE = 22050;

/** A chapter as the narration job stores it: mono CBR 48 kbit/s, no tag, no Info frame. */
export async function chapterMp3(seconds: number, hz = 440, sampleRate = RATE, kbps = 48): Promise<Uint8Array> {
  const encoder = await createMp3Encoder({ sampleRate, kbps, backend: 'lamejs' });
  const bytes = Buffer.concat([await encoder.encode(sine(sampleRate, seconds, hz)), await encoder.finish()]);
  encoder.close();
  return new Uint8Array(bytes);
}

/** Samples mpg123 decodes from a whole file (what a player plays). */
export async function decodedSamples(file: Uint8Array): Promise<{ samples: number; sampleRate: number; errors: number }> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const out = decoder.decode(file);
    return { samples: out.samplesDecoded, sampleRate: out.sampleRate, errors: out.errors.length };
  } finally {
    decoder.free();
  }
}

/** An Info frame (what `lame` writes first unless told not to), shaped like `like`'s first frame: MPEG-2 mono. */
export function infoFrame(like: Uint8Array, kind: 'Xing' | 'Info' | 'VBRI'): Uint8Array {
  const length = Math.floor((72 * 48_000) / RATE); // the first frame of a 48 kbit/s 22.05 kHz stream is unpadded
  const frame = new Uint8Array(length);
  frame.set(like.subarray(0, 4));
  frame[2] = frame[2]! & ~0x02; // no padding bit: the length above
  frame.set(new TextEncoder().encode(kind), kind === 'VBRI' ? 36 : 4 + 9);
  return frame;
}

export function id3v1(title: string): Uint8Array {
  const tag = new Uint8Array(128);
  tag.set(new TextEncoder().encode('TAG' + title.slice(0, 30)));
  return tag;
}

/** An APEv2 tag with header, one item and footer. */
export function apeTag(key: string, value: string): Uint8Array {
  const item = Buffer.concat([u32(value.length), u32(0), Buffer.from(key + '\0' + value, 'latin1')]);
  const size = item.length + 32; // items + footer
  const part = (flags: number) => Buffer.concat([Buffer.from('APETAGEX'), u32(2000), u32(size), u32(1), u32(flags), Buffer.alloc(8)]);
  return new Uint8Array(Buffer.concat([part(0xa0000000), item, part(0x80000000)]));
}

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};

export async function collect(pieces: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const piece of pieces) parts.push(piece);
  return new Uint8Array(Buffer.concat(parts));
}

export async function* inOrder<T>(items: T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}
