import { claimedNumber, NEAR_DUPLICATE, normalise, shingles, similarity } from './similarity.ts';

/**
 * Which chapters of a book to remove: a chapter whose claimed number repeats its neighbour's, whose
 * text is identical to any other chapter's, or near-identical to a neighbour's. Of each group the
 * best copy stays: the fuller text (more words), then the earlier number. Pure: the plan is what
 * a dry run shows and exactly what the apply removes.
 */
export interface ChapterFacts {
  number: number;
  title: string;
  text: string;
  content_hash: string;
  word_count: number;
}

export type Reason = 'repeated_number' | 'identical_text' | 'near_identical_text';

export interface Removal {
  number: number;
  title: string;
  reason: Reason;
  /** The chapter kept in its place. */
  duplicate_of: number;
  similarity: number;
}

/** How far apart (in list positions) near-identical chapters are looked for. */
const NEIGHBOURS = 2;

export function planDedup(chapters: ChapterFacts[]): Removal[] {
  const sorted = [...chapters].sort((a, b) => a.number - b.number);
  const removed = new Map<number, Removal>();
  const better = (a: ChapterFacts, b: ChapterFacts) => (a.word_count !== b.word_count ? a.word_count > b.word_count : a.number < b.number);
  const drop = (loser: ChapterFacts, keeper: ChapterFacts, reason: Reason, score: number) => {
    if (!removed.has(loser.number)) removed.set(loser.number, { number: loser.number, title: loser.title, reason, duplicate_of: keeper.number, similarity: Math.round(score * 1000) / 1000 });
  };
  const pair = (a: ChapterFacts, b: ChapterFacts, reason: Reason, score: number) => (better(a, b) ? drop(b, a, reason, score) : drop(a, b, reason, score));

  const byHash = new Map<string, ChapterFacts>();
  for (const chapter of sorted) {
    const twin = chapter.content_hash ? byHash.get(chapter.content_hash) : undefined;
    if (twin && !removed.has(twin.number)) pair(twin, chapter, 'identical_text', 1);
    else if (chapter.content_hash) byHash.set(chapter.content_hash, chapter);
  }

  const grams = new Map<number, Set<string>>();
  const gramsOf = (c: ChapterFacts) => grams.get(c.number) ?? grams.set(c.number, shingles(normalise(c.text))).get(c.number)!;
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i]!;
    if (removed.has(a.number)) continue;
    for (let j = i + 1; j <= i + NEIGHBOURS && j < sorted.length; j++) {
      const b = sorted[j]!;
      if (removed.has(b.number)) continue;
      const claimA = claimedNumber(a.title);
      if (j === i + 1 && claimA !== null && claimA === claimedNumber(b.title)) {
        pair(a, b, 'repeated_number', similarity(gramsOf(a), gramsOf(b)));
        break;
      }
      const score = similarity(gramsOf(a), gramsOf(b));
      if (score >= NEAR_DUPLICATE) {
        pair(a, b, 'near_identical_text', score);
        break;
      }
    }
  }
  return [...removed.values()].sort((x, y) => x.number - y.number);
}
