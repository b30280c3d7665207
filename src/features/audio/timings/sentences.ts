import type { Script, SentenceTiming } from '../../../integrations/tts/index.ts';
import type { AudioSentence } from '../../../platform/db/schema.ts';

/**
 * What is stored with a chapter's audio for the player's sentence highlight: each sentence the
 * narration spoke, in order, with its words and where it sits in the file. The engines report no
 * word timings, so inside a chunk the times are shared out by characters (chunk.ts); here they are
 * only rounded to the millisecond and kept inside [0, duration], so that a player can trust them.
 */
export function storedSentences(script: Script, timings: readonly SentenceTiming[], duration: number): AudioSentence[] {
  const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;
  const within = (seconds: number, from: number) => Math.min(Math.max(ms(seconds), from), duration);
  const out: AudioSentence[] = [];
  let previousEnd = 0;
  for (const timing of timings) {
    const sentence = script.sentences[timing.index];
    const text = sentence ? script.text.slice(sentence.from, sentence.to).trim() : '';
    if (!text) continue;
    const start = within(timing.start, previousEnd);
    const end = within(timing.end, start);
    out.push({ start, end, text });
    previousEnd = end;
  }
  return out;
}
