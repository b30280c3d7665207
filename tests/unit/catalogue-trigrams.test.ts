import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { wordSimilarity } from '../../src/features/catalogue/index/trigrams.ts';
import type { DatabaseHandle } from '../../src/platform/db/index.ts';
import { createTestDatabase } from '../support/db.ts';

// The search's typo tolerance is pg_trgm's word similarity, computed in the app
// (catalogue/index/trigrams.ts): it must agree with the database's own, to the last bit.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
});
