import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { SimilarityScratch, TrigramDictionary, wordSimilarity } from '../../src/features/catalogue/index/trigrams.ts';
import type { DatabaseHandle } from '../../src/platform/db/index.ts';
import { createTestDatabase } from '../support/db.ts';
import { rng } from '../support/rng.ts';

// The search's typo tolerance is pg_trgm's word similarity, computed in the app
// (catalogue/index/trigrams.ts): it must agree with the database's own, to the last bit.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const TEXTS = [
  'the ninth mountain sect', 'ashes of the dragon throne', 'letters to the lighthouse', 'clemency hart', 'su wanjiang',
  'the cartographer\'s daughter', 'morning bread', 'a café on the rue crème', 'mountain mountain mountain', 'the the the',
  'reborn as a lantern keeper', 'chronicles of the winter forest', '日本語 の テキスト', 'x', 'well-known 2nd edition',
];

describe('word similarity', () => {
  test('matches pg_trgm word_similarity for typed words, typos, prefixes and whole texts', async () => {
    const rand = rng(11);
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const typo = (w: string) => {
      const i = Math.floor(rand() * Math.max(1, w.length - 1));
      const kind = Math.floor(rand() * 3);
      return kind === 0 ? w.slice(0, i) + letters[Math.floor(rand() * 26)] + w.slice(i + 1) : kind === 1 ? w.slice(0, i) + w.slice(i + 1) : w.slice(0, i) + (w[i + 1] ?? '') + w[i] + w.slice(i + 2);
    };
    const pairs: [string, string][] = [['ninth mountian', 'the ninth mountain sect'], ['hartgrav', 'clemency hart'], ['mount', 'the ninth mountain sect'], ['', 'abc'], ['abc', '']];
    for (let i = 0; i < 400; i++) {
      const text = TEXTS[Math.floor(rand() * TEXTS.length)]!;
      const words = text.split(' ');
      let typed = words.slice(Math.floor(rand() * words.length)).slice(0, 1 + Math.floor(rand() * 2)).join(' ');
      if (rand() < 0.7) typed = typo(typed);
      if (rand() < 0.2) typed = typed.slice(0, 2 + Math.floor(rand() * 4));
      pairs.push([typed, TEXTS[Math.floor(rand() * TEXTS.length)]!], [typed, text]);
    }
    const expected = await sql<{ s: number }>`
      select word_similarity(a, b)::float8 as s from jsonb_to_recordset(${JSON.stringify(pairs.map(([a, b], i) => ({ a, b, i })))}::jsonb) as x(a text, b text, i int)
      order by i`.execute(database.db);
    const mismatches = pairs.filter(([a, b], i) => Math.fround(wordSimilarity(a, b)) !== Math.fround(Number(expected.rows[i]!.s)));
    expect(mismatches).toEqual([]);
  });

  test('the quick test before comparing never rules out a text that reaches the score, and rules out most that do not', () => {
    const rand = rng(17);
    const dictionary = new TrigramDictionary();
    const letters = 'abcdefghijklmnop  ';
    const word = () => Array.from({ length: 2 + Math.floor(rand() * 8) }, () => letters[Math.floor(rand() * letters.length)]).join('');
    const texts = Array.from({ length: 300 }, () => [...TEXTS, word() + ' ' + word() + ' ' + word()][Math.floor(rand() * (TEXTS.length + 1))]!);
    const sequences = texts.map((text) => dictionary.numbered(text));
    const firsts = sequences.map((sequence) => Uint8Array.from(sequence, (t, i) => (sequence.indexOf(t) === i ? 1 : 0)));
    const scratch = new SimilarityScratch();
    let reached = 0;
    let ruledOut = 0;
    let missed = 0;
    for (let q = 0; q < 200; q++) {
      // A word or two of a text, with a letter changed inside: the best run then holds trigrams the typed text lacks.
      const words = texts[Math.floor(rand() * texts.length)]!.split(' ');
      const picked = words.slice(Math.floor(rand() * words.length)).slice(0, 1 + Math.floor(rand() * 2)).join(' ');
      const at = 1 + Math.floor(rand() * Math.max(1, picked.length - 2));
      const typed = rand() < 0.8 ? picked.slice(0, at) + 'q' + picked.slice(at + 1) : picked;
      const query = dictionary.known(typed);
      if (query.length === 0) continue;
      scratch.setQuery(query, dictionary.size);
      for (const at of [0.5, 0.6, 0.75]) {
        sequences.forEach((sequence, i) => {
          const reaches = scratch.similarityTo(sequence) >= at;
          const may = scratch.mayReach(sequence, firsts[i]!, at);
          if (reaches) reached++;
          if (reaches && !may) missed++;
          if (!reaches && !may) ruledOut++;
        });
      }
    }
    expect(reached).toBeGreaterThan(100);
    expect(missed).toBe(0);
    expect(ruledOut).toBeGreaterThan(reached);
  });
});
