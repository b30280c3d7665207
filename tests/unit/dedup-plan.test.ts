import { describe, expect, test } from 'bun:test';
import { planDedup, type ChapterFacts } from '../../src/features/dedup/plan.ts';
import { claimedNumber, normalise, shingles, similarity } from '../../src/features/dedup/similarity.ts';
import { contentHash, wordCount } from '../../src/features/catalogue/writes/service.ts';

const WORDS = 'lamp quay fog harbour ferry ticket clerk trunk letter map academy dean north thaw river bridge lantern storm crow market bell tower road winter ash ember silver door key garden stone'.split(' ');
/** A few hundred words of prose-like text that differs from seed to seed (a tiny LCG picks words). */
function text(seed: number): string {
  let state = seed * 7919 + 17;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) % WORDS.length;
  const sentences = Array.from({ length: 30 }, () => Array.from({ length: 10 }, next).map((i) => WORDS[i]).join(' ') + '.');
  return [sentences.slice(0, 10).join(' '), sentences.slice(10, 20).join(' '), sentences.slice(20).join(' ')].join('\n\n');
}
const chapter = (number: number, body: string, title = `Chapter ${number}: Part ${number}`): ChapterFacts => ({ number, title, text: body, content_hash: contentHash(body.trim() + '\n'), word_count: wordCount(body) });

describe('similarity', () => {
  test('normalising ignores case, markup, punctuation and spacing', () => {
    expect(normalise('**Hello**,   WORLD!\n\n> quoted')).toBe('hello world quoted');
  });

  test('near-identical texts score above the threshold, different chapters far below', () => {
    const a = shingles(normalise(text(1)));
    const typo = shingles(normalise(text(1).replace('harbour', 'harbor')));
    const other = shingles(normalise(text(2)));
    expect(similarity(a, typo)).toBeGreaterThan(0.9);
    expect(similarity(a, other)).toBeLessThan(0.5);
  });

  test('claimed chapter numbers', () => {
    expect(claimedNumber('Chapter 12: The Gate')).toBe(12);
    expect(claimedNumber('CH. 7 - Rain')).toBe(7);
    expect(claimedNumber('12. The Gate')).toBe(12);
    expect(claimedNumber('The Gate')).toBeNull();
  });
});

describe('planDedup', () => {
  test('identical text anywhere in the book: the later copy goes', () => {
    const plan = planDedup([chapter(1, text(1)), chapter(2, text(2)), chapter(3, text(3)), chapter(9, text(2))]);
    expect(plan).toEqual([{ number: 9, title: 'Chapter 9: Part 9', reason: 'identical_text', duplicate_of: 2, similarity: 1 }]);
  });

  test('a repeated "Chapter N" keeps the fuller copy', () => {
    const short = chapter(5, 'Chapter text cut short by a failed request.', 'Chapter 5: The Gate');
    const full = chapter(6, text(5), 'Chapter 5: The Gate');
    const plan = planDedup([chapter(4, text(4)), short, full, chapter(7, text(7), 'Chapter 6: After')]);
    expect(plan.map((r) => [r.number, r.reason, r.duplicate_of])).toEqual([[5, 'repeated_number', 6]]);
  });

  test('near-identical neighbours (a mirror with a typo fixed) are one chapter', () => {
    const plan = planDedup([chapter(10, text(10)), chapter(11, text(10).replace('harbour', 'harbor'), 'Chapter 11: Again'), chapter(12, text(12))]);
    expect(plan).toHaveLength(1);
    expect(plan[0]).toMatchObject({ reason: 'near_identical_text', duplicate_of: 10, number: 11 });
    expect(plan[0]!.similarity).toBeGreaterThan(0.9);
  });

  test('a clean book has nothing to remove', () => {
    expect(planDedup(Array.from({ length: 30 }, (_, i) => chapter(i + 1, text(i + 1))))).toEqual([]);
  });
});
