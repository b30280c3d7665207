import { describe, expect, test } from 'bun:test';
import { changedWords, mergeLists, pronouncer } from '../../src/features/audio/pronunciation/apply.ts';
import { checkedList } from '../../src/features/audio/pronunciation/service.ts';

const entry = (word: string, say: string, case_sensitive = false) => ({ word, say, case_sensitive });

describe('pronouncer', () => {
  test('respells whole words only, in any script, leaving longer words alone', () => {
    const say = pronouncer([entry('Xiao', 'Shyao'), entry('Lin', 'Lean')]);
    expect(say('Xiao Lin met Linda, and xiao lin laughed.')).toBe('Shyao Lean met Linda, and Shyao Lean laughed.');
    expect(say('Lin’s sword; (Lin) "Lin!" Lin-Lin')).toBe('Lean’s sword; (Lean) "Lean!" Lean-Lean');
    expect(pronouncer([entry('Ærø', 'Air-eh')])('Sailing to Ærø, not Ærøskøbing.')).toBe('Sailing to Air-eh, not Ærøskøbing.');
    expect(pronouncer([entry('李', 'Lee')])('李 walked')).toBe('Lee walked');
  });

  test('a case-sensitive form matches that case only; the longest form wins where two overlap', () => {
    const say = pronouncer([entry('Wei', 'Way', true), entry('Wei Wuxian', 'Way Woo-shyen')]);
    expect(say('Wei Wuxian and Wei, but not wei.')).toBe('Way Woo-shyen and Way, but not wei.');
  });

  test('forms with marks that mean something in a pattern are taken literally', () => {
    expect(pronouncer([entry('Mr.X', 'Mister Ex'), entry('a+b', 'a plus b')])('Mr.X said a+b, MrsX said ab')).toBe('Mister Ex said a plus b, MrsX said ab');
  });

  test('no list leaves the text as it is', () => {
    expect(pronouncer([])('Anything at all')).toBe('Anything at all');
  });
});

describe('lists', () => {
  test('the book list wins over the site list for the same form and case rule', () => {
    const merged = mergeLists([entry('Qi', 'Chee'), entry('Dao', 'Dow')], [entry('qi', 'Chi')]);
    expect(merged).toEqual([entry('qi', 'Chi'), entry('Dao', 'Dow')]);
    expect(pronouncer(merged)('Qi and Dao')).toBe('Chi and Dow');
  });

  test('changed words: added, removed and respelled forms; unchanged ones are not', () => {
    expect(changedWords([entry('A', '1'), entry('B', '2'), entry('C', '3')], [entry('A', '1'), entry('B', 'two'), entry('D', '4')]).sort()).toEqual(['B', 'C', 'D']);
  });

  test('checkedList trims, defaults the case rule and refuses empty, long, multi-line and repeated entries', () => {
    expect(checkedList({ entries: [{ word: ' Xiao ', say: ' Shyao ' }] })).toEqual([entry('Xiao', 'Shyao')]);
    expect(() => checkedList({ entries: [{ word: ' ', say: 'x' }] })).toThrow('entries[0].word must not be empty');
    expect(() => checkedList({ entries: [{ word: 'ok', say: 'x' }, { word: 'Lin', say: '' }] })).toThrow('entries[1].say must not be empty');
    expect(() => checkedList({ entries: [{ word: 'x'.repeat(65), say: 'x' }] })).toThrow('entries[0].word must be at most 64 characters');
    expect(() => checkedList({ entries: [{ word: 'a\nb', say: 'x' }] })).toThrow('entries[0] must be on one line');
    expect(() => checkedList({ entries: [{ word: 'Lin', say: 'a' }, { word: 'lin', say: 'b' }] })).toThrow('entries[1].word "lin" is listed twice');
    expect(checkedList({ entries: [{ word: 'Lin', say: 'a', case_sensitive: true }, { word: 'lin', say: 'b' }] })).toHaveLength(2);
  });
});

describe('the engines', () => {
  test('are given the respelled text of each chunk, in both ways of narrating', async () => {
    const { prepareScript, narrate, narrateChunks } = await import('../../src/integrations/tts/index.ts');
    const heard: string[] = [];
    const engine = {
      id: 'flite' as const,
      format: 'wav' as const,
      backend: 'recording',
      available: async () => true,
      voices: async () => [],
      synthesize: async (text: string) => {
        heard.push(text);
        return { sampleRate: 8000, samples: new Int16Array(800) };
      },
    };
    const script = prepareScript('Xiao Lin smiled.\n\nLin left.');
    const say = pronouncer([entry('Lin', 'Lean')]);
    for (const chunk of script.chunks) chunk.spoken = say(chunk.text);
    for await (const _ of narrate(engine, 'v', script)) void _;
    const once = heard.splice(0);
    let index = 0;
    const plan = { first: async () => 0, next: async () => (++index < script.chunks.length ? index : null) };
    for await (const _ of narrateChunks(engine, 'v', script, plan)) void _;
    for (const texts of [once, heard]) {
      expect(texts.join(' ')).toContain('Xiao Lean smiled.');
      expect(texts.join(' ')).not.toMatch(/\bLin\b/);
    }
    expect(script.chunks.map((c) => c.text).join(' ')).toContain('Xiao Lin smiled.');
  });
});
