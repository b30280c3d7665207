import { describe, expect, test } from 'bun:test';
import { KeptParts } from '../../src/platform/http/kept-drawings.ts';

// A listing page joins kept parts, turned into bytes once each, with its own text: the bytes must
// be exactly the page drawn whole.

const card = (book: { title: string }) => `<li class="card"><h3>${book.title}</h3><p>${'Ünïcode prose ✓ 𝄞 '.repeat(20)}</p></li>`;

function page(keep: (book: { title: string }) => string, books: { title: string }[], shell: string): string {
  return `<!doctype html><main>${shell}<ul>${books.map((b) => keep(b)).join('')}</ul>${shell}</main>`;
}

describe('kept drawings', () => {
  const books = Array.from({ length: 30 }, (_, i) => ({ title: `Book ${i} “quoted”` }));

  test('a page joined from kept parts is the page drawn whole, short and long shells alike', () => {
    for (const shell of ['', 'x', '<nav>é</nav>'.repeat(300)]) {
      const parts = new KeptParts();
      const body = parts.bytes(page((b) => parts.keep(b, 'card:en', () => card(b)), books, shell));
      expect(body.toString('utf8')).toBe(page(card, books, shell));
    }
  });

  test('a part is drawn once per owner and variant and reused by later pages, in any order', () => {
    const books = Array.from({ length: 12 }, (_, i) => ({ title: `Another ${i}` }));
    let draws = 0;
    const counted = (b: { title: string }) => (draws++, card(b));
    for (const order of [books, [...books].reverse(), books.slice(5, 9)]) {
      const parts = new KeptParts();
      const body = parts.bytes(page((b) => parts.keep(b, 'card:en', () => counted(b)), order, '<p>shell</p>'));
      expect(body.toString('utf8')).toBe(page(card, order, '<p>shell</p>'));
    }
    expect(draws).toBe(books.length);
    const other = new KeptParts();
    other.keep(books[0]!, 'card:fr', () => counted(books[0]!));
    expect(draws).toBe(books.length + 1);
  });
});
