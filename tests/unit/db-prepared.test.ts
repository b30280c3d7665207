import { describe, expect, test } from 'bun:test';
import { PreparingClient, preparedAs } from '../../src/platform/db/prepared.ts';

// Marked statements go to pg as named prepared statements; everything else passes through as it was.
describe('prepared statements', () => {
  const sent: unknown[][] = [];
  class Recording extends PreparingClient {
    constructor() {
      super({});
    }
  }
  // pg.Client.prototype.query is what PreparingClient calls with super.query.
  const base = Object.getPrototypeOf(PreparingClient.prototype) as { query: (...args: unknown[]) => unknown };
  const original = base.query;

  test('a marked statement is named; an unmarked one, a config object or a callback call is left alone', async () => {
    base.query = function (...args: unknown[]) {
      sent.push(args);
      return Promise.resolve({ rows: [] });
    };
    try {
      const client = new Recording();
      const marked = `${preparedAs('chapter-for-reading')}\n select $1`;
      await client.query(marked, ['a']);
      await client.query('select $1', ['b']);
      await client.query({ text: 'select 1' });
      const callback = () => {};
      client.query(marked, ['c'], callback);
      expect(sent).toEqual([
        [{ name: 'chapter-for-reading', text: marked, values: ['a'] }],
        ['select $1', ['b']],
        [{ text: 'select 1' }],
        [marked, ['c'], callback],
      ]);
    } finally {
      base.query = original;
    }
  });

  test('names are plain words: nothing can be smuggled into the comment', () => {
    expect(() => preparedAs('x */ drop table books; /*')).toThrow('bad prepared statement name');
    expect(preparedAs('search-page')).toBe('/* prepared:search-page */');
  });
});
