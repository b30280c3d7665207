import { describe, expect, test } from 'bun:test';
import { entriesFor, glossaryText, parseGlossary, parseGlossaryText, storedGlossary } from '../../src/features/translation/glossary.ts';
import { parseTranslateRequest } from '../../src/features/translation/model.ts';
import { translationMessages } from '../../src/features/translation/prompt.ts';
import { joinPieces, splitForTranslation, splitParagraphs } from '../../src/features/translation/split.ts';
import { translationAnswers } from '../support/ai-server/answers-translation.ts';

describe('splitting a chapter for translation', () => {
  test('a short chapter is one piece, its markdown untouched', () => {
    const text = 'First *line*.\n\n***\n\n> A quote\n\n- one\n- two';
    expect(splitForTranslation(text)).toEqual([text]);
  });

  test('pieces end at paragraph ends, stay within the limit and join back to the same paragraphs in order', () => {
    const paragraphs = Array.from({ length: 40 }, (_, i) => `P${i + 1} ${'word '.repeat(20 + (i % 7) * 10).trim()}`);
    const text = paragraphs.join('\n\n');
    const pieces = splitForTranslation(text, 1000);
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(1000);
    expect(splitParagraphs(joinPieces(pieces))).toEqual(paragraphs);
  });

  test('CRLF, extra blank lines and trailing spaces do not make empty paragraphs', () => {
    expect(splitParagraphs('One.  \r\n\r\n\r\n\r\nTwo.\n \n\nThree.\n')).toEqual(['One.', 'Two.', 'Three.']);
    expect(splitForTranslation('')).toEqual([]);
  });

  test('a paragraph longer than a piece is cut at sentence ends', () => {
    const sentence = 'The tide came in over the stones. ';
    const long = sentence.repeat(100).trim();
    const pieces = splitForTranslation(`Short.\n\n${long}`, 500);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(500);
    expect(pieces[0]).toStartWith('Short.');
    for (const piece of pieces.slice(1)) expect(piece).toMatch(/stones\.$/);
    expect(pieces.join(' ').replace(/\s+/g, ' ')).toBe(`Short. ${long}`);
  });

  test('a run of text without any break is still cut within the limit', () => {
    const pieces = splitForTranslation('x'.repeat(2500), 1000);
    expect(pieces.map((p) => p.length)).toEqual([1000, 1000, 500]);
  });
});

describe('the glossary', () => {
  test('entries are cleaned; a missing target keeps the source; the last of a source and locale wins', () => {
    expect(parseGlossary({ entries: [{ source: '  Lin   Feng ', locale: '*' }, { source: 'Sect', target: 'Secte', locale: 'fr' }, { source: 'sect', target: 'La Secte', locale: 'fr' }] })).toEqual([
      { source: 'Lin Feng', target: 'Lin Feng', locale: '*' },
      { source: 'sect', target: 'La Secte', locale: 'fr' },
    ]);
  });

  test('bad entries are 400 naming the entry', () => {
    expect(() => parseGlossary({ entries: 'x' })).toThrow('entries must be a list of {source, target, locale}');
    expect(() => parseGlossary({ entries: [{ source: 'a' }, { source: ' ' }] })).toThrow('entry 2: source must be a name or term');
    expect(() => parseGlossary({ entries: [{ source: 'a', locale: 'xx' }] })).toThrow('entry 1: locale must be one of en, pt, es, fr, id or *');
    expect(() => parseGlossary({ entries: [{ source: 'a'.repeat(121) }] })).toThrow('entry 1: source and target are at most 120 characters');
    expect(() => parseGlossary({ entries: Array.from({ length: 301 }, (_, i) => ({ source: `t${i}` })) })).toThrow('A glossary holds at most 300 entries');
  });

  test('a locale gets its own entries first, then the shared ones it does not override', () => {
    const entries = parseGlossary({ entries: [{ source: 'Mara', target: 'Mara', locale: '*' }, { source: 'Spirit Sea', target: 'Sea', locale: '*' }, { source: 'spirit sea', target: 'Mer spirituelle', locale: 'fr' }] });
    expect(entriesFor(entries, 'fr')).toEqual([{ source: 'spirit sea', target: 'Mer spirituelle' }, { source: 'Mara', target: 'Mara' }]);
    expect(entriesFor(entries, 'es')).toEqual([{ source: 'Mara', target: 'Mara' }, { source: 'Spirit Sea', target: 'Sea' }]);
  });

  test('the admin page text round-trips, comments and blank lines ignored', () => {
    const text = '# names\nLin Feng = Lin Feng\n\nSpirit Sea = Mer spirituelle | fr\n';
    const entries = parseGlossaryText(text);
    expect(entries).toEqual([
      { source: 'Lin Feng', target: 'Lin Feng', locale: '*' },
      { source: 'Spirit Sea', target: 'Mer spirituelle', locale: 'fr' },
    ]);
    expect(parseGlossaryText(glossaryText(entries))).toEqual(entries);
    expect(() => parseGlossaryText('no pair')).toThrow('Line 1: write "source = target" (optionally "| fr")');
  });

  test('a stored column that is not a glossary reads as empty', () => {
    expect(storedGlossary({ nope: 1 })).toEqual([]);
    expect(storedGlossary([{ source: 5 }])).toEqual([]);
  });
});

describe('the request and the prompt', () => {
  test('POST /api/translate bodies: chapter as a number or numeric text; clear messages otherwise', () => {
    expect(parseTranslateRequest({ slug: 'a', chapter: '12', locale: 'id' })).toEqual({ slug: 'a', chapter: 12, locale: 'id' });
    expect(() => parseTranslateRequest(null)).toThrow('Send a JSON object {slug, chapter, locale}');
    expect(() => parseTranslateRequest({ slug: 'a', chapter: '1e3', locale: 'fr' })).toThrow('chapter must be a chapter number');
  });

  test('the prompt names the language and carries glossary, title and text as JSON; the stand-in answers it recognisably', async () => {
    const messages = translationMessages({ locale: 'pt', glossary: [{ source: 'Mara', target: 'Marah' }], title: 'The Letter', text: 'Mara *ran*.\n\n***\n\n# Part two', piece: 1, pieces: 1 });
    expect(messages[0]!.content).toContain('into Brazilian Portuguese');
    const input = JSON.parse(messages[1]!.content);
    expect(input).toMatchObject({ locale: 'pt', title: 'The Letter', glossary: [{ source: 'Mara', target: 'Marah' }] });
    const answer = await translationAnswers.chapter_translation!({ model: 'm', messages });
    expect(answer).toEqual({ title: '[pt] The Letter', text: '[pt] Marah *ran*.\n\n***\n\n# [pt] Part two' });
  });
});
