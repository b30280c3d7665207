import { sentenceStart, spokenSentences, type Script } from '../../../integrations/tts/index.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import { narrationScript } from '../script.ts';
import type { AudioDeps, ResolvedChapter } from '../service.ts';
import { estimatedTimings, speakingRate } from '../timings/estimate.ts';
import { storedTimings, type StoredTimings } from '../timings/queries.ts';

/**
 * A stream `from` a sentence (numbered as the timings list them): where that sentence is in the
 * chapter's script (its chunk, for audio still being made) and in the stored file (its start time,
 * for audio stored). A number past the last sentence is 400, counting nothing.
 */
export interface Seek {
  sentence: number;
  chunk: number;
  /** Share of the chunk's audio before the sentence. */
  fraction: number;
  /** Seconds into the stored file, when there is one. */
  time: number;
  stored: StoredTimings | undefined;
  script: Script;
}

export async function chapterScript(deps: AudioDeps, r: ResolvedChapter): Promise<Script> {
  const narration = await narrationScript(deps.db, r.target, r.voice);
  if ('missing' in narration) throw notFound('Chapter not found');
  return narration.script;
}

export async function planSeek(deps: AudioDeps, r: ResolvedChapter, sentence: number): Promise<Seek> {
  const [stored, script] = await Promise.all([storedTimings(deps.db, r.target), chapterScript(deps, r)]);
  const spoken = spokenSentences(script);
  const count = stored?.sentences?.length ?? spoken.length;
  if (sentence >= count) throw badRequest(`from is past the last sentence of this chapter: it has ${count} sentences, numbered from 0`);
  const at = sentenceStart(script, spoken[Math.min(sentence, spoken.length - 1)]!.index) ?? { chunk: 0, fraction: 0 };
  return { sentence, ...at, time: storedTime(stored, script, r, sentence), stored, script };
}

/** The sentence's start in the stored file: its timing, or for audio stored before timings were kept, the estimate scaled to the file. */
function storedTime(stored: StoredTimings | undefined, script: Script, r: ResolvedChapter, sentence: number): number {
  const exact = stored?.sentences?.[sentence]?.start;
  if (exact !== undefined) return exact;
  const estimate = estimatedTimings(script, speakingRate(r.voice));
  const scale = stored && estimate.duration ? stored.duration / estimate.duration : 1;
  return (estimate.sentences[sentence]?.start ?? 0) * scale;
}
