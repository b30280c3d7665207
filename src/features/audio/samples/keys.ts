import type { AudioFormat } from '../../../integrations/tts/port.ts';
import { voiceSegment } from '../keys.ts';

/**
 * Object keys of voice samples (docs/operations.md, "Object keys"):
 *
 *   voice-samples/<voice>.<mp3|wav>     one short clip per voice (content type, duration metadata)
 *
 * The voice segment is that of ../keys.ts: `:` (allowed in voice ids, refused in keys) becomes `~`.
 */
export const SAMPLES_PREFIX = 'voice-samples/';

export function sampleKey(voice: string, format: AudioFormat): string {
  return `${SAMPLES_PREFIX}${voiceSegment(voice)}.${format}`;
}
