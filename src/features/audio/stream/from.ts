import { firstFrameAt, frameOffsets, wavHeader, WAV_HEADER_BYTES, type AudioFormat } from '../../../integrations/tts/index.ts';
import type { AudioChunk } from '../../../platform/db/schema.ts';
import type { ObjectStore } from '../../../platform/objects/port.ts';
import { baseHeaders } from './stored.ts';

/**
 * Stored audio from a moment on, as a file a player can start on: a WAV gets a fresh header (with
 * the length of what follows) in front of the samples from that moment; an MP3 starts at the frame
 * holding it. MP3 here is constant bit rate, so a time is a byte offset; each chunk's first byte
 * and time in the file (audio_files.chunks) anchor the estimate, so the extra frames where two
 * separately encoded runs meet do not add up; a small read around the estimate finds the frame.
 */
export interface StoredCut {
  /** First byte of the object to send. */
  byte: number;
  /** Seconds into the file where the sent audio starts. */
  start: number;
  /** Bytes to send before the object's (a WAV header), or null. */
  header: Uint8Array | null;
}

const WINDOW = 8 * 1024;

export async function cutStored(objects: ObjectStore, key: string, format: AudioFormat, size: number, time: number, chunks: readonly AudioChunk[] | null): Promise<StoredCut | null> {
  if (format === 'wav') {
    const head = await readRange(objects, key, 0, WAV_HEADER_BYTES - 1);
    if (!head || head.length < WAV_HEADER_BYTES) return null;
    const rate = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(24, true);
    const byte = Math.min(size, WAV_HEADER_BYTES + 2 * Math.max(0, Math.floor(time * rate)));
    return { byte, start: (byte - WAV_HEADER_BYTES) / 2 / rate, header: wavHeader(rate, size - byte) };
  }
  const anchor = [...(chunks ?? [])].reverse().find((c) => c.start <= time) ?? { byte: 0, start: 0 };
  const around = await readRange(objects, key, anchor.byte, anchor.byte + WINDOW - 1);
  const first = around && firstFrameAt(around);
  if (!around || first === null || first === undefined) return { byte: anchor.byte, start: anchor.start, header: null };
  const { kbps, samplesPerFrame, sampleRate } = frameOffsets(around, first);
  if (!kbps) return { byte: anchor.byte + first, start: anchor.start, header: null };
  const bytesPerSecond = kbps * 125;
  const frameBytes = Math.ceil((samplesPerFrame / sampleRate) * bytesPerSecond);
  const origin = anchor.byte + first;
  const estimate = Math.min(size, origin + Math.floor((time - anchor.start) * bytesPerSecond));
  // The frame at or just before the estimate: look from a frame earlier.
  const from = Math.max(origin, estimate - frameBytes);
  const window = await readRange(objects, key, from, from + WINDOW - 1);
  const found = window ? firstFrameAt(window) : null;
  const byte = found === null || found === undefined ? from : from + found;
  return { byte, start: anchor.start + (byte - origin) / bytesPerSecond, header: null };
}

/** The bytes of a cut: its header, then the object from its first byte. */
export async function* cutBytes(objects: ObjectStore, key: string, cut: StoredCut, size: number): AsyncGenerator<Uint8Array> {
  if (cut.header) yield cut.header;
  if (cut.byte >= size) return;
  const object = await objects.get(key, { start: cut.byte });
  if (!object) throw new Error('the stored audio is missing');
  const reader = object.body.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) yield read.value;
  } finally {
    reader.releaseLock();
  }
}

async function readRange(objects: ObjectStore, key: string, start: number, end: number): Promise<Uint8Array | null> {
  const object = await objects.get(key, { start, end }).catch(() => null);
  return object ? new Uint8Array(await new Response(object.body).arrayBuffer()) : null;
}

/** A byte generator as a response body. */
export function bodyOf(bytes: AsyncGenerator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async pull(controller) {
      try {
        const next = await bytes.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await bytes.return(undefined);
    },
  });
}

/**
 * GET with `from` of stored audio: the file from the sentence's start on, with its length; no
 * Range (a player seeks in it by asking `from` another sentence, or plays the whole file).
 */
export async function storedFromAudio(objects: ObjectStore, key: string, format: AudioFormat, seek: { sentence: number; time: number; chunks: readonly AudioChunk[] | null }): Promise<Response | null> {
  const info = await objects.head(key);
  if (!info) return null;
  const cut = await cutStored(objects, key, format, info.size, seek.time, seek.chunks);
  if (!cut) return null;
  const length = (cut.header?.length ?? 0) + Math.max(0, info.size - cut.byte);
  const headers: Record<string, string> = {
    ...baseHeaders(format),
    'accept-ranges': 'none',
    'cache-control': 'private, max-age=300',
    'content-length': String(length),
    'x-audio-source': 'stored',
    'x-audio-from': String(seek.sentence),
    'x-audio-start': cut.start.toFixed(3),
  };
  if (info.metadata.duration) headers['x-audio-duration'] = info.metadata.duration;
  return new Response(bodyOf(cutBytes(objects, key, cut, info.size)), { headers });
}
