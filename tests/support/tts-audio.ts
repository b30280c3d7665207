import { readFileSync } from 'node:fs';
import type { Pcm } from '../../src/integrations/tts/port.ts';
import { parseWav } from '../../src/integrations/tts/wav.ts';
import { programOrStandIn } from './stand-in-programs.ts';

/**
 * MP3 → PCM with the `lame` program (an independent decoder: what a player would hear), or where
 * it is not installed with its stand-in, which decodes with mpg123.
 */
export async function decodeMp3(mp3: Uint8Array): Promise<Pcm> {
  const child = Bun.spawn([programOrStandIn('lame'), '--quiet', '--mp3input', '--decode', '-', '-'], { stdin: mp3, stdout: 'pipe', stderr: 'pipe' });
  const [wav, stderr, code] = await Promise.all([new Response(child.stdout).arrayBuffer(), new Response(child.stderr).text(), child.exited]);
  if (code !== 0) throw new Error(`lame --decode failed: ${stderr}`);
  return parseWav(new Uint8Array(wav));
}

/** Root mean square of the samples, 0..32768: speech read at normal loudness is in the thousands. */
export function rms(samples: Int16Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  return samples.length ? Math.sqrt(sum / samples.length) : 0;
}

export const seconds = (pcm: Pcm): number => pcm.samples.length / pcm.sampleRate;

/** A sine wave at half scale (RMS ≈ 11,585). */
export function sine(sampleRate: number, secs: number, hz = 440): Int16Array {
  return Int16Array.from({ length: Math.round(sampleRate * secs) }, (_, i) => Math.round(16384 * Math.sin((2 * Math.PI * hz * i) / sampleRate)));
}

/**
 * About `words` words of real prose (the demo chapters, whole paragraphs, markdown kept), so
 * engines read sentences as a chapter has them rather than word salad.
 */
export function proseWords(words: number): string {
  const root = new URL('../../src/features/demo/content/', import.meta.url).pathname;
  const files = [...new Bun.Glob('*/chapters/*.md').scanSync(root)].sort();
  const out: string[] = [];
  let count = 0;
  for (const file of files) {
    for (const paragraph of readFileSync(root + file, 'utf8').split(/\n\s*\n/)) {
      if (paragraph.startsWith('#')) continue;
      out.push(paragraph);
      count += paragraph.split(/\s+/).length;
      if (count >= words) return out.join('\n\n');
    }
  }
  return out.join('\n\n');
}
