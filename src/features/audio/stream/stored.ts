import { MIME_TYPES, type AudioFormat } from '../../../integrations/tts/index.ts';
import { objectResponse } from '../../../platform/objects/ranged-response.ts';
import type { ObjectStore } from '../../../platform/objects/port.ts';

export const baseHeaders = (format: AudioFormat) => ({ 'content-type': MIME_TYPES[format], 'x-content-type-options': 'nosniff' });

/** A chapter's stored audio as an HTTP answer (platform/objects/ranged-response.ts); null when there is none. */
export async function storedAudio(objects: ObjectStore, key: string, format: AudioFormat, request: Request): Promise<Response | null> {
  const info = await objects.head(key);
  if (!info) return null;
  const headers: Record<string, string> = { ...baseHeaders(format), 'cache-control': 'private, max-age=300', 'x-audio-source': 'stored' };
  if (info.metadata.duration) headers['x-audio-duration'] = info.metadata.duration;
  return objectResponse(objects, key, request, headers, info);
}
