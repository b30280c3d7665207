import { spokenText, type Script, type TimedSpan } from './chunk.ts';
import { resample } from './narrate.ts';
import type { Pcm, SpeechEngine, SynthesizeOptions } from './port.ts';
import { openQuotesAt, splitDialogue } from './quotes.ts';

/** The second voice of a narration: who reads what is inside quotation marks. */
export interface DialogueVoice {
  engine: SpeechEngine;
  voiceId: string;
}

/**
 * The main voice's engine, reading each chunk's quotations (quotes.ts) in the dialogue voice: the
 * narration parts go to the main voice, the quoted ones to the dialogue voice, one call each, and
 * their samples are joined in order at the main voice's rate (resampled when the dialogue voice
 * has another). The audio is encoded in the main engine's format, so the dialogue voice may be of
 * any engine. A chunk without dialogue is one call, as without a dialogue voice.
 */
export function withDialogue(main: SpeechEngine, dialogue: DialogueVoice): SpeechEngine {
  let mainRate = 0;
  return {
    id: main.id,
    format: main.format,
    backend: main.backend,
    available: () => main.available(),
    voices: () => main.voices(),
    async synthesize(text, voiceId, options: SynthesizeOptions = {}) {
      const parts = splitDialogue(text);
      if (!parts.some((part) => part.quoted)) return main.synthesize(text, voiceId, options);
      const pieces: Pcm[] = [];
      for (const part of parts) {
        const pcm = part.quoted ? await dialogue.engine.synthesize(part.text, dialogue.voiceId, options) : await main.synthesize(part.text, voiceId, options);
        if (!part.quoted) mainRate ||= pcm.sampleRate;
        pieces.push(pcm);
      }
      const joined = joinPcm(pieces, mainRate || pieces[0]!.sampleRate);
      return { ...joined, parts: pieces.map((pcm) => pcm.samples.length / pcm.sampleRate) };
    },
  };
}

/** Samples one after another at `sampleRate`; pieces at another rate are resampled to it. */
export function joinPcm(pieces: readonly Pcm[], sampleRate: number): Pcm {
  const parts = pieces.map((pcm) => (pcm.sampleRate === sampleRate ? pcm.samples : resample(pcm, sampleRate)));
  const samples = new Int16Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    samples.set(part, at);
    at += part.length;
  }
  return { sampleRate, samples };
}

/**
 * A chunk may start inside a quotation (a long speech cut between two sentences): its spoken text
 * is given the quotation's opening marks in front, so the dialogue voice reads it on. Only what
 * the engine is given changes, not the chunk's text (sentences and timings stay as they are).
 */
export function markOpenQuotes(script: Script): void {
  const open = openQuotesAt(script.text, script.chunks.map((chunk) => chunk.from));
  script.chunks.forEach((chunk, i) => {
    const marks = open[i]!;
    if (marks.length) chunk.spoken = `${marks.join('')}${spokenText(chunk)}`;
  });
}

/**
 * Where each chunk's parts are in the script and how long each took (`partSeconds`: a chunk's
 * Pcm.parts, or nothing for a chunk made in one call), for sentenceTimings to share a chunk's time
 * out by them rather than by characters: two voices rarely speak at one pace. A chunk whose parts
 * do not match its text's (a respelling that left a part with nothing to say) is shared by characters.
 */
export function dialogueSpans(script: Script, partSeconds: readonly (readonly number[] | null | undefined)[]): (TimedSpan[] | null)[] {
  const open = openQuotesAt(script.text, script.chunks.map((chunk) => chunk.from));
  return script.chunks.map((chunk, i) => {
    const seconds = partSeconds[i];
    if (!seconds?.length) return null;
    const parts = splitDialogue(chunk.text, open[i]);
    if (parts.length !== seconds.length) return null;
    return parts.map((part, k) => ({ from: chunk.from + part.from, to: chunk.from + part.to, seconds: seconds[k]! }));
  });
}
