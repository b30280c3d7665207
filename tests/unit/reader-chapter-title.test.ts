import { describe, expect, test } from 'bun:test';
import { listedTitle } from '../../src/features/reader/chapter-title.ts';

describe('listedTitle: a title shows its chapter number once', () => {
  test('a leading copy of the chapter number is dropped, in the forms sources use', () => {
    const forms: [string, number, string][] = [
      ['3. The Bell', 3, 'The Bell'],
      ['3 - The Bell', 3, 'The Bell'],
      ['3 – The Bell', 3, 'The Bell'],
      ['3 — The Bell', 3, 'The Bell'],
      ['3: The Bell', 3, 'The Bell'],
      ['3) The Bell', 3, 'The Bell'],
      ['03. The Bell', 3, 'The Bell'],
      ['Chapter 3: The Bell', 3, 'The Bell'],
      ['Chapter 3 - The Bell', 3, 'The Bell'],
      ['Chapter 3 The Bell', 3, 'The Bell'],
      ['CHAPTER 3. The Bell', 3, 'The Bell'],
      ['chapter 3 — The Bell', 3, 'The Bell'],
      ['Ch. 3 - The Bell', 3, 'The Bell'],
      ['Ch.3: The Bell', 3, 'The Bell'],
      ['Ch 3 The Bell', 3, 'The Bell'],
      ['Chap. 12 - Rain', 12, 'Rain'],
      ['Episode 7: Home', 7, 'Home'],
      ['Ep. 7 - Home', 7, 'Home'],
      ['Capítulo 4: A Casa', 4, 'A Casa'],
      ['Chapitre 5 – La Mer', 5, 'La Mer'],
      ['Bab 6: Hujan', 6, 'Hujan'],
      ['Chapter #9: Nine', 9, 'Nine'],
      ['Chapter No. 9: Nine', 9, 'Nine'],
      ['  3.   The Bell  ', 3, 'The Bell'],
      ['1234. The Long Road', 1234, 'The Long Road'],
    ];
    for (const [title, n, shown] of forms) expect([title, listedTitle(title, n)]).toEqual([title, shown]);
  });

  test('a title that is only its number leaves nothing (the list then says "Chapter N")', () => {
    for (const [title, n] of [['Chapter 3', 3], ['3', 3], ['3.', 3], ['Ch. 3:', 3], ['1984', 1984], [' Episode 12 ', 12]] as const) {
      expect([title, listedTitle(title, n)]).toEqual([title, '']);
    }
  });

  test('numbers that are not the chapter number, or not a prefix, stay', () => {
    const kept: [string, number][] = [
      ['300 Spartans', 12],
      ['300 Spartans', 300], // a bare number and words: nothing marks it as a prefix
      ['1984', 12],
      ['1984 Redux', 1984],
      ['3rd Time Lucky', 3],
      ['3.5 The Half Step', 3],
      ['3:16 Verse', 3],
      ['3-2-1 Liftoff', 3],
      ['Chapter 4: The Bell', 3],
      ['2. The Bell', 3],
      ['The Bell', 3],
      ['Chapters 3 and 4', 3],
      ['Chaos 3', 3],
      ['Part 3: The Bell', 3],
      ['Volume 2 Chapter 3: The Bell', 3],
      ['Chapter 30: Thirty', 3],
      ['', 3],
    ];
    for (const [title, n] of kept) expect([title, n, listedTitle(title, n)]).toEqual([title, n, title.trim()]);
  });
});
