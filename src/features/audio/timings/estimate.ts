import { sentenceTimings, type EngineId, type Script, type Voice } from '../../../integrations/tts/index.ts';
import type { AudioSentence } from '../../../platform/db/schema.ts';
import { storedSentences } from './sentences.ts';

/**
 * How many characters of a script a voice speaks in a second, at speed 1.0, pauses included:
 * measured on the 2-CPU development machine by narrating the same 4,395 characters of plain
 * English prose (60 sentences) with each program and dividing by the seconds of audio it made
 * (espeak-ng en-us 249 s; flite slt 260 s, kal16 243 s, rms 295 s, awb 257 s). mespeak is eSpeak
 * compiled to JavaScript and speaks at eSpeak's rate. The OpenAI-compatible figure is not measured
 * (no such server here): Kokoro-like voices speak at about 150 words a minute.
 */
export const CHARS_PER_SECOND: Readonly<Record<EngineId, number>> = { espeak: 17.6, flite: 17.0, openai: 15.0 };
export const VOICE_CHARS_PER_SECOND: Readonly<Record<string, number>> = { 'flite-slt': 16.9, 'flite-kal16': 18.0, 'flite-rms': 14.9, 'flite-awb': 17.1 };

export function speakingRate(voice: Voice): number {
  return VOICE_CHARS_PER_SECOND[voice.id] ?? CHARS_PER_SECOND[voice.engine] ?? CHARS_PER_SECOND.espeak;
}

/**
 * Sentence timings of a narration not stored yet: each chunk as long as its characters take at the
 * voice's rate, shared out inside it as the job shares out real seconds, and numbered as the stored
 * timings will be (the same script, the same sentences kept).
 */
export function estimatedTimings(script: Script, charsPerSecond: number): { duration: number; sentences: AudioSentence[] } {
  const seconds = script.chunks.map((chunk) => chunk.text.length / charsPerSecond);
  const duration = Math.round(seconds.reduce((sum, s) => sum + s, 0) * 1000) / 1000;
  return { duration, sentences: storedSentences(script, sentenceTimings(script, seconds), duration) };
}
