/**
 * Walks an MP3 (Layer III) stream frame by frame: how long it is without decoding it, and
 * whether it is well formed (every frame header where the previous frame ends). Used for the
 * stored audio's duration and by the tests.
 */
export interface Mp3Info {
  frames: number;
  sampleRate: number;
  channels: number;
  /** kbit/s of the first frame (CBR here). */
  kbps: number;
  /** Seconds: frames × samples per frame ÷ rate (includes LAME's ~50 ms of start-up delay). */
  duration: number;
  /** Bytes after the last whole frame (0 for a well-formed stream). */
  trailing: number;
}

const KBPS_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const KBPS_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

export function mp3Info(bytes: Uint8Array): Mp3Info {
  let at = skipId3(bytes);
  const info: Mp3Info = { frames: 0, sampleRate: 0, channels: 0, kbps: 0, duration: 0, trailing: 0 };
  let samples = 0;
  while (at + 4 <= bytes.length) {
    const frame = frameAt(bytes, at);
    if (!frame || at + frame.length > bytes.length) break;
    if (!info.frames) Object.assign(info, { sampleRate: frame.sampleRate, channels: frame.channels, kbps: frame.kbps });
    info.frames++;
    samples += frame.samples;
    at += frame.length;
  }
  info.trailing = bytes.length - at;
  info.duration = info.sampleRate ? samples / info.sampleRate : 0;
  return info;
}

interface Frame {
  length: number;
  samples: number;
  sampleRate: number;
  channels: number;
  kbps: number;
}

function frameAt(b: Uint8Array, at: number): Frame | null {
  const h1 = b[at + 1]!;
  const h2 = b[at + 2]!;
  if (b[at] !== 0xff || (h1 & 0xe0) !== 0xe0) return null;
  const version = (h1 >> 3) & 3; // 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5
  const layer = (h1 >> 1) & 3; // 1 = Layer III
  const rate = RATES[version]?.[(h2 >> 2) & 3];
  const kbps = (version === 3 ? KBPS_V1 : KBPS_V2)[h2 >> 4];
  if (layer !== 1 || !rate || !kbps) return null;
  const padding = (h2 >> 1) & 1;
  const perFrame = version === 3 ? 1152 : 576;
  const length = Math.floor(((perFrame / 8) * kbps * 1000) / rate) + padding;
  return { length, samples: perFrame, sampleRate: rate, channels: b[at + 3]! >> 6 === 3 ? 1 : 2, kbps };
}

/** An ID3v2 tag in front of the frames (not written here, but common in MP3 files). */
function skipId3(b: Uint8Array): number {
  if (b.length < 10 || b[0] !== 0x49 || b[1] !== 0x44 || b[2] !== 0x33) return 0;
  const size = ((b[6]! & 0x7f) << 21) | ((b[7]! & 0x7f) << 14) | ((b[8]! & 0x7f) << 7) | (b[9]! & 0x7f);
  return 10 + size;
}

/**
 * The first frame at or after `from` that a player can start on: a frame header followed by
 * another one where the frame ends (or the end of the bytes), so a stray 0xFF in audio data is not
 * taken for one. A piece of a stream may start in the middle of a frame; null when none is found.
 */
export function firstFrameAt(bytes: Uint8Array, from = 0): number | null {
  for (let at = Math.max(0, from); at + 4 <= bytes.length; at++) {
    const frame = frameAt(bytes, at);
    if (!frame) continue;
    const next = at + frame.length;
    if (next + 4 > bytes.length || frameAt(bytes, next)) return at;
  }
  return null;
}

/** Byte offsets of the whole frames from `start` on (a well-formed run of frames), with their samples. */
export function frameOffsets(bytes: Uint8Array, start = 0): { offsets: number[]; samplesPerFrame: number; sampleRate: number; kbps: number } {
  const offsets: number[] = [];
  let samplesPerFrame = 0;
  let sampleRate = 0;
  let kbps = 0;
  for (let at = start; at + 4 <= bytes.length; ) {
    const frame = frameAt(bytes, at);
    if (!frame || at + frame.length > bytes.length) break;
    if (!offsets.length) ({ samples: samplesPerFrame, sampleRate, kbps } = frame);
    offsets.push(at);
    at += frame.length;
  }
  return { offsets, samplesPerFrame, sampleRate, kbps };
}

/**
 * Counts the frames of an MP3 stream fed in pieces that may cut frames anywhere (an encoder's
 * output as it comes): seconds of audio so far.
 */
export class Mp3FrameCounter {
  private carry = new Uint8Array(0);
  private samples = 0;
  private rate = 0;

  push(piece: Uint8Array): void {
    const bytes = this.carry.length ? Buffer.concat([this.carry, piece]) : piece;
    let at = 0;
    while (at + 4 <= bytes.length) {
      const frame = frameAt(bytes, at);
      if (!frame) {
        at++; // not expected from one encoder; resynchronise rather than stop counting
        continue;
      }
      if (at + frame.length > bytes.length) break;
      this.rate ||= frame.sampleRate;
      this.samples += frame.samples;
      at += frame.length;
    }
    this.carry = bytes.slice(at);
  }

  get seconds(): number {
    return this.rate ? this.samples / this.rate : 0;
  }
}
