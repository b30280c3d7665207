import type { SmilPar } from './smil.ts';

/** A sentence the narration spoke, in seconds from the start of the chapter's audio. */
export interface TimedSentence {
  start: number;
  end: number;
  text: string;
}

/**
 * The pars of a chapter's overlay: one per sentence found in the page (`ids[i]` not null), each
 * lasting until the next one begins, the first from the start of the file and the last to its
 * end. Readers play only what the pars cover, so leaving the pauses between sentences (or a
 * sentence the page did not show) out of every clip would cut them from the listening; this way
 * the whole recording is heard and the highlight stays on the last sentence found.
 */
export function sentencePars(sentences: readonly TimedSentence[], ids: readonly (string | null)[], durationSeconds: number): SmilPar[] {
  const found = sentences.flatMap((sentence, index) => (ids[index] ? [{ id: ids[index], start: sentence.start }] : []));
  return found.map((par, index) => ({
    id: par.id,
    start: index === 0 ? 0 : par.start,
    end: found[index + 1]?.start ?? durationSeconds,
  }));
}
