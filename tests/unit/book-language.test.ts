import { expect, test } from 'bun:test';
import { languageTag } from '../../src/features/catalogue/writes/service.ts';

test("a book's language is the BCP 47 tag its source declares, else English", () => {
  expect(languageTag('de')).toBe('de');
  expect(languageTag(' pt-BR ')).toBe('pt-BR');
  expect(languageTag('zh_Hant_TW')).toBe('zh-Hant-TW');
  expect(languageTag('fil')).toBe('fil');
  for (const bad of [null, undefined, '', 'German', 'e', 'en-', '<script>', `de-${'x'.repeat(40)}`]) expect([bad, languageTag(bad)]).toEqual([bad, 'en']);
});
