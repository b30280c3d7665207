import { parseWav } from '../../integrations/tts/index.ts';
import { createMp3Encoder, type Mp3Backend } from '../../integrations/tts/mp3.ts';

/**
 * A chapter's stored audio as MP3, the one audio format both exports carry (EPUB 3 core media
 * types; an MP3 audiobook). Stored MP3 is taken as it is; a voice stored as WAV (Flite) is encoded
 * at its own rate with the narration's encoder, one chapter at a time.
 */
export async function asMp3(bytes: Uint8Array, format: 'mp3' | 'wav', backend: Mp3Backend | 'auto' = 'auto'): Promise<Uint8Array> {
  if (format === 'mp3') return bytes;
  const pcm = parseWav(bytes);
  const encoder = await createMp3Encoder({ sampleRate: pcm.sampleRate, backend });
  try {
    const parts = [await encoder.encode(pcm.samples), await encoder.finish()];
    return concat(parts);
  } finally {
    encoder.close();
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
