import { expect, test } from 'bun:test';
import { chapterRuns } from '../../src/features/audio/generation/chapter-runs.ts';

test('chapter numbers read as runs, sorted and each once', () => {
  expect(chapterRuns([4])).toBe('4');
  expect(chapterRuns([5, 3, 4, 4])).toBe('3–5');
  expect(chapterRuns([1, 2])).toBe('1, 2');
  expect(chapterRuns([9, 1, 2, 3, 7, 8, 12])).toBe('1–3, 7–9, 12');
});
