import { describe, expect, test } from 'bun:test';
import { LOCALES, type Locale } from '../../src/platform/i18n/locale.ts';
import { catalogues } from '../../src/platform/i18n/catalogues/index.ts';
import { en } from '../../src/platform/i18n/catalogues/en.ts';
import { isLocale, makeTranslator, negotiateLocale, translate } from '../../src/platform/i18n/index.ts';

const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('catalogues', () => {
  const enKeys = Object.keys(en).sort();

  for (const locale of LOCALES) {
    const catalogue: Record<string, string> = catalogues[locale];

    test(`${locale} has exactly the keys of en`, () => {
      const keys = Object.keys(catalogue);
      expect(enKeys.filter((k) => !keys.includes(k))).toEqual([]); // missing
      expect(keys.filter((k) => !(k in en))).toEqual([]); // extra
    });

    test(`${locale} has no empty messages`, () => {
      expect(Object.entries(catalogue).filter(([, m]) => m.trim() === '')).toEqual([]);
    });

    test(`${locale} uses the same placeholders as en`, () => {
      const differing = Object.entries(en)
        .filter(([key]) => catalogue[key] !== undefined)
        .filter(([key, message]) => placeholders(message).join() !== placeholders(catalogue[key]!).join())
        .map(([key]) => key);
      expect(differing).toEqual([]);
    });
  }

  test('translations are not English copies', () => {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const same = Object.keys(en).filter((k) => catalogues[locale][k as keyof typeof en] === en[k as keyof typeof en]);
      // Brand names and loanwords may coincide; most messages must not.
      expect(same.length).toBeLessThan(Object.keys(en).length / 10);
    }
  });

  test('plural pairs are complete', () => {
    for (const key of Object.keys(en).filter((k) => k.endsWith('_one'))) {
      expect(key.replace(/_one$/, '_other') in en).toBe(true);
    }
  });
});

describe('translate', () => {
  test('interpolates {name} parameters', () => {
    expect(translate('en', 'book.by', { author: 'Ada' })).toBe('by Ada');
    expect(translate('fr', 'book.by', { author: 'Ada' })).toBe('par Ada');
  });

  test('leaves unknown placeholders visible and ignores extra params', () => {
    expect(translate('en', 'book.by')).toBe('by {author}');
    expect(translate('en', 'nav.home', { extra: 1 })).toBe('Home');
  });

  test('falls back to the key when no catalogue has it', () => {
    expect(translate('pt', 'no.such.key')).toBe('no.such.key');
  });

  test('chooses plural forms with Intl.PluralRules', () => {
    expect(translate('en', 'book.chapters', { count: 1 })).toBe('1 chapter');
    expect(translate('en', 'book.chapters', { count: 0 })).toBe('0 chapters');
    expect(translate('en', 'book.chapters', { count: 2 })).toBe('2 chapters');
    expect(translate('fr', 'book.chapters', { count: 0 })).toBe('0 chapitre'); // French: 0 is singular
    expect(translate('pt', 'book.chapters', { count: 3 })).toBe('3 capítulos');
    expect(translate('id', 'book.chapters', { count: 1 })).toBe('1 bab');
  });

  test('formats numbers for the locale', () => {
    expect(translate('en', 'book.chapters', { count: 1234 })).toBe('1,234 chapters');
    expect(translate('pt', 'book.chapters', { count: 1234 })).toBe('1.234 capítulos');
  });

  test('makeTranslator binds the locale', () => {
    const t = makeTranslator('es');
    expect(t('nav.home')).toBe('Inicio');
    expect(t('book.chapters', { count: 1 })).toBe('1 capítulo');
  });
});

describe('negotiateLocale', () => {
  const cases: Array<[string | null, Locale]> = [
    [null, 'en'],
    ['', 'en'],
    ['pt-BR,pt;q=0.9,en;q=0.8', 'pt'],
    ['de-DE, fr;q=0.5, en;q=0.4', 'fr'],
    ['en;q=0.3, es;q=0.9', 'es'],
    ['es;q=0, fr;q=0.1', 'fr'],
    ['ID', 'id'],
    ['de, ja', 'en'],
    ['*', 'en'],
    ['fr-CA;q=0.8, pt-PT;q=0.8', 'fr'],
    ['garbage;q=abc, es', 'es'],
  ];
  for (const [header, expected] of cases) {
    test(`${JSON.stringify(header)} → ${expected}`, () => expect(negotiateLocale(header)).toBe(expected));
  }
});

test('isLocale', () => {
  expect(isLocale('pt')).toBe(true);
  expect(isLocale('pt-BR')).toBe(false);
  expect(isLocale(undefined)).toBe(false);
});
