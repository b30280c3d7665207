import type { AudioFormat } from '../../integrations/tts/port.ts';

/**
 * Object-store key layout of audio (docs/operations.md, "Object keys"):
 *
 *   audio/<slug>/<chapter>/<voice>.<mp3|wav>      a chapter's stored audio (content type, duration metadata)
 *   audio-parts/<job id>/<chunk>.<mp3|wav>        the piece of each chunk of a job still generating, deleted when it ends
 *
 * One stored object per chapter and voice: regenerating overwrites it. Voice ids may hold `:`,
 * which keys refuse; `~` never occurs in a voice id, so replacing one by the other stays reversible.
 */
export const AUDIO_PREFIX = 'audio/';
export const PARTS_PREFIX = 'audio-parts/';

export const voiceSegment = (voice: string) => voice.replaceAll(':', '~');

export function audioKey(slug: string, chapter: number, voice: string, format: AudioFormat): string {
  return `${AUDIO_PREFIX}${slug}/${chapter}/${voiceSegment(voice)}.${format}`;
}

/** The piece of a chunk (its index in the script); zero-padded so a listing sorts in playing order. */
export function partKey(jobId: string, chunk: number, format: AudioFormat): string {
  return `${partsPrefix(jobId)}${String(chunk).padStart(5, '0')}.${format}`;
}

export function partsPrefix(jobId: string): string {
  return `${PARTS_PREFIX}${jobId}/`;
}
