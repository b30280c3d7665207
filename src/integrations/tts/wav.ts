import type { Pcm } from './port.ts';

/**
 * PCM ↔ WAV. Engines hand us WAV (espeak-ng writes one whose sizes are placeholders because it
 * streams to stdout; Flite and mespeak write complete ones; an OpenAI-compatible server may do
 * either), and Flite's audio is delivered as WAV: a listener gets a header of unknown length
 * first, the stored object a final header once the length is known.
 */
export const WAV_HEADER_BYTES = 44;
/** The size fields of a WAV still being written (what ffmpeg, browsers and sox read as "unknown"). */
export const UNKNOWN_SIZE = 0xffffffff;

// Int16Array views below assume the machine's byte order is WAV's (every platform Bun runs on).
if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) throw new Error('tts/wav.ts needs a little-endian machine');

/** A 44-byte header for mono 16-bit PCM; `dataBytes` null while the length is unknown. */
export function wavHeader(sampleRate: number, dataBytes: number | null): Uint8Array<ArrayBuffer> {
  const header = new Uint8Array(WAV_HEADER_BYTES);
  const view = new DataView(header.buffer);
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) header[at + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, dataBytes === null ? UNKNOWN_SIZE : 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes === null ? UNKNOWN_SIZE : dataBytes, true);
  return header;
}

/** The samples' bytes as WAV stores them (a view, not a copy). */
export function pcmBytes(samples: Int16Array): Uint8Array {
  return new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength);
}

/** A complete WAV file. */
export function encodeWav(pcm: Pcm): Uint8Array<ArrayBuffer> {
  const data = pcmBytes(pcm.samples);
  const out = new Uint8Array(WAV_HEADER_BYTES + data.length);
  out.set(wavHeader(pcm.sampleRate, data.length));
  out.set(data, WAV_HEADER_BYTES);
  return out;
}

export class WavError extends Error {
  override name = 'WavError';
}

interface Format {
  encoding: number;
  channels: number;
  sampleRate: number;
  bits: number;
}

/**
 * WAV → mono 16-bit PCM. Accepts integer PCM of 8/16/24/32 bits and 32-bit float, plain or
 * WAVE_FORMAT_EXTENSIBLE, any channel count (averaged to mono), and a data chunk whose size is a
 * placeholder (all ones, 0) or larger than what arrived: the rest of the bytes, whole frames only.
 */
export function parseWav(bytes: Uint8Array): Pcm {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
  if (bytes.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new WavError('not a WAV file');
  let format: Format | null = null;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = tag(at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > bytes.length) throw new WavError('truncated fmt chunk');
      let encoding = view.getUint16(body, true);
      // WAVE_FORMAT_EXTENSIBLE: the real format is the first two bytes of the sub-format GUID.
      if (encoding === 0xfffe && size >= 40) encoding = view.getUint16(body + 24, true);
      format = { encoding, channels: view.getUint16(body + 2, true), sampleRate: view.getUint32(body + 4, true), bits: view.getUint16(body + 14, true) };
    } else if (id === 'data') {
      if (!format) throw new WavError('data chunk before fmt chunk');
      // Writers that stream (espeak-ng, servers answering with stream=true) leave the size as a
      // placeholder: all ones, a huge value, or 0 with the samples following anyway.
      const open = size === UNKNOWN_SIZE || body + size > bytes.length || (size === 0 && body < bytes.length);
      const end = open ? bytes.length : body + size;
      return { sampleRate: format.sampleRate, samples: decodeSamples(view, body, end, format) };
    }
    at = body + size + (size & 1);
  }
  throw new WavError('no data chunk');
}

function decodeSamples(view: DataView, from: number, to: number, format: Format): Int16Array {
  const { encoding, channels, bits } = format;
  const width = bits / 8;
  const float = encoding === 3 && bits === 32;
  if (!(float || (encoding === 1 && [8, 16, 24, 32].includes(bits)))) throw new WavError(`unsupported WAV encoding ${encoding} with ${bits} bits`);
  if (channels < 1 || format.sampleRate < 1) throw new WavError('bad WAV format');
  const frames = Math.floor((to - from) / (width * channels));
  if (!float && bits === 16 && channels === 1) {
    // The common case: a copy (which also realigns an odd offset) instead of a loop.
    const copy = new Uint8Array(view.buffer.slice(view.byteOffset + from, view.byteOffset + from + frames * 2));
    return new Int16Array(copy.buffer);
  }
  const read = (p: number): number => {
    if (float) return Math.round(Math.max(-1, Math.min(1, view.getFloat32(p, true))) * 32767);
    switch (bits) {
      case 8:
        return (view.getUint8(p) - 128) << 8;
      case 16:
        return view.getInt16(p, true);
      case 24:
        return ((view.getInt8(p + 2) << 16) | (view.getUint8(p + 1) << 8) | view.getUint8(p)) >> 8;
      default:
        return view.getInt32(p, true) >> 16;
    }
  };
  const out = new Int16Array(frames);
  for (let f = 0, p = from; f < frames; f++) {
    let sum = 0;
    for (let c = 0; c < channels; c++, p += width) sum += read(p);
    out[f] = Math.round(sum / channels);
  }
  return out;
}

/** Duration in seconds. */
export const pcmSeconds = (pcm: Pcm): number => pcm.samples.length / pcm.sampleRate;
