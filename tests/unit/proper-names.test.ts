import { expect, test } from 'bun:test';
import { properNames } from '../../src/features/ai/text-gen/names.ts';

test('proper names: capitalised inside sentences, never in lower case, seen twice; most frequent first', () => {
  const text = [
    'Morning came. Xiao Yan walked to the gate where Xiao Yan had waited. The bread was warm.',
    'Then Qin laughed and Qin left; Margit said "Morning" again. Morning bread! Xiao smiled.',
    'NASA and NASA again. The bread. Once, Alder Gap.',
  ];
  expect(properNames(text)).toEqual([
    { word: 'Xiao', count: 3 },
    { word: 'Qin', count: 2 },
    { word: 'Yan', count: 2 },
  ]);
});

test('at most `max` names, and none from text without names', () => {
  const many = Array.from({ length: 60 }, (_, i) => `and Name${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))} and Name${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`).join(' ');
  expect(properNames([many], 10)).toHaveLength(10);
  expect(properNames(['all lower case words here. and here.'])).toEqual([]);
});
