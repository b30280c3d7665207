import { firstFrameAt, frameOffsets, mp3Info } from '../../../integrations/tts/index.ts';
import { audioBounds } from './tag-bounds.ts';

export interface Mp3Duration {
  /** Exact: audio frames × samples per frame ÷ sample rate. */
  seconds: number;
  sampleRate: number;
  /** Of the first audio frame (our files are constant bit rate). */
  kbps: number;
  channels: number;
  frames: number;
}

/**
 * The MPEG audio frames of an MP3 file, ready to be joined to others: without the tags around them
 * (tag-bounds.ts) and without a Xing/Info/VBRI frame, which describes its own file and would be
 * wrong in the middle of another (some players would also take it for the whole file's length).
 * A view of `bytes`, not a copy. Throws when there is no audio, or when the frames break off well
 * before the end (a damaged file, whose chapter would be cut short).
 */
export function audioFrames(bytes: Uint8Array): Uint8Array {
  return framesAndDuration(bytes).frames;
}

export function mp3Duration(bytes: Uint8Array): Mp3Duration {
  return framesAndDuration(bytes).duration;
}

/** Both at once, walking the frames once. */
export function framesAndDuration(bytes: Uint8Array): { frames: Uint8Array; duration: Mp3Duration } {
  const { start, end, info } = locateAudio(bytes);
  const duration = { seconds: info.duration, sampleRate: info.sampleRate, kbps: info.kbps, channels: info.channels, frames: info.frames };
  return { frames: bytes.subarray(start, end), duration };
}

/** A last frame cut short is dropped quietly; more bytes than the largest Layer III frame is damage. */
const LARGEST_FRAME_BYTES = 1441;

function locateAudio(bytes: Uint8Array) {
  const bounds = audioBounds(bytes);
  const region = bytes.subarray(bounds.start, bounds.end);
  let first = firstFrameAt(region);
  if (first !== null && isInfoFrame(region, first)) first = frameOffsets(region, first).offsets[1] ?? null;
  if (first === null) throw new Error('The file holds no MP3 audio frames');
  const info = mp3Info(region.subarray(first));
  if (!info.frames) throw new Error('The file holds no MP3 audio frames');
  const end = region.length - info.trailing;
  if (info.trailing > LARGEST_FRAME_BYTES) {
    throw new Error(`The MP3 frames break off at byte ${bounds.start + end} of ${bytes.length}: the file is damaged`);
  }
  return { start: bounds.start + first, end: bounds.start + end, info };
}

/**
 * A first frame that carries a Xing/Info header (after the side information, whose size depends
 * on the MPEG version and channel mode) or a VBRI header (always 32 bytes in).
 */
function isInfoFrame(bytes: Uint8Array, at: number): boolean {
  const mpeg1 = ((bytes[at + 1]! >> 3) & 3) === 3;
  const mono = bytes[at + 3]! >> 6 === 3;
  const xingAt = at + 4 + (mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17);
  const text = (from: number) => String.fromCharCode(...bytes.subarray(from, from + 4));
  return ['Xing', 'Info'].includes(text(xingAt)) || text(at + 36) === 'VBRI';
}
