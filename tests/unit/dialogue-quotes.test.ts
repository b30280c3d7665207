import { describe, expect, test } from 'bun:test';
import { markOpenQuotes, openQuotesAt, prepareScript, splitDialogue, spokenText } from '../../src/integrations/tts/index.ts';

const said = (text: string, open?: string[]) =>
  splitDialogue(text, open).map((part) => {
    const marks = (s: string) => s.replace(/[‘’"«»„“”「」『』]/g, '');
    expect(marks(text.slice(part.from, part.to))).toBe(marks(part.text));
    return `${part.quoted ? 'Q' : 'N'}:${part.text}`;
  });

describe('splitDialogue', () => {
  test('straight double quotes', () => {
    expect(said('He said "Come here." Then he left.')).toEqual(['N:He said', 'Q:Come here.', 'N:Then he left.']);
  });

  test('every typographic style', () => {
    expect(said('A “one” b')).toEqual(['N:A', 'Q:one', 'N:b']);
    expect(said('A ‘two’ b')).toEqual(['N:A', 'Q:two', 'N:b']);
    expect(said('Il dit « trois » puis')).toEqual(['N:Il dit', 'Q:trois', 'N:puis']);
    expect(said('Er sagte „vier“ und')).toEqual(['N:Er sagte', 'Q:vier', 'N:und']);
    expect(said('Powiedział „pięć” i')).toEqual(['N:Powiedział', 'Q:pięć', 'N:i']);
    expect(said('彼は「六」と言った')).toEqual(['N:彼は', 'Q:六', 'N:と言った']);
  });

  test('a quotation inside a quotation stays one piece of dialogue, and the outer mark closes it', () => {
    expect(said('She said “He told me ‘never’ twice” and went.')).toEqual(['N:She said', 'Q:He told me never twice', 'N:and went.']);
    expect(said('「母は『待て』と言った」と彼')).toEqual(['Q:母は待てと言った', 'N:と彼']);
    expect(said('“Read "this" now,” he said.')).toEqual(['Q:Read this now,', 'N:he said.']);
    expect(said('„Er rief ‚halt‘ laut“, sagte sie.')).toEqual(['Q:Er rief ‚halt‘ laut', 'N:, sagte sie.']);
  });

  test('apostrophes inside or at the end of words are not quotation marks', () => {
    expect(said("I don't know, l'homme said.")).toEqual(["N:I don't know, l'homme said."]);
    expect(said('I don’t know, l’homme said.')).toEqual(['N:I don’t know, l’homme said.']);
    expect(said('‘Don’t go,’ the boys’ mother said.')).toEqual(['Q:Don’t go,', 'N:the boys’ mother said.']);
    expect(said('’Tis the season.')).toEqual(['N:’Tis the season.']);
  });

  test('an unclosed quotation runs to the end of its paragraph, not further', () => {
    expect(said('He cried “Wait! Do not go\n\nShe went.')).toEqual(['N:He cried', 'Q:Wait! Do not go', 'N:She went.']);
    expect(said('"First paragraph of a speech.\n\n"Second one," he ended.')).toEqual(['Q:First paragraph of a speech.', 'Q:Second one,', 'N:he ended.']);
  });

  test('parts with nothing to say are left out; a text without quotes is one narration part', () => {
    expect(said('“Yes,” “No.”')).toEqual(['Q:Yes,', 'Q:No.']);
    expect(said('Plain text.')).toEqual(['N:Plain text.']);
    expect(said('')).toEqual([]);
  });

  test('a text that starts inside a quotation is dialogue until it closes', () => {
    expect(said('still speaking.” He stopped.', ['“'])).toEqual(['Q:still speaking.', 'N:He stopped.']);
  });
});

describe('quotations open across chunks', () => {
  test('openQuotesAt gives the marks open at each position, a paragraph closing them', () => {
    const text = 'A “b ‘c d’ e\n\nf';
    expect(openQuotesAt(text, [0, 3, 6, 10, 12, 15])).toEqual([[], ['“'], ['“', '‘'], ['“'], ['“'], []]);
  });

  test('a chunk cut inside a long speech is given its opening mark, its text unchanged', () => {
    const speech = Array.from({ length: 12 }, (_, i) => `This is sentence number ${i} of a long speech.`).join(' ');
    const script = prepareScript(`Title\n\nShe said “${speech}” Then silence.`, { firstChunkChars: 40, maxChunkChars: 120 });
    expect(script.chunks.length).toBeGreaterThan(3);
    const texts = script.chunks.map((chunk) => chunk.text);
    markOpenQuotes(script);
    expect(script.chunks.map((chunk) => chunk.text)).toEqual(texts);
    const inside = script.chunks.filter((chunk) => chunk.from > script.text.indexOf('“') && chunk.to <= script.text.indexOf('”'));
    expect(inside.length).toBeGreaterThan(0);
    for (const chunk of inside) {
      expect(spokenText(chunk).startsWith('“')).toBe(true);
      expect(splitDialogue(spokenText(chunk)).every((part) => part.quoted)).toBe(true);
    }
    expect(spokenText(script.chunks[0]!)).toBe(script.chunks[0]!.text);
    expect(splitDialogue(spokenText(script.chunks.at(-1)!)).at(-1)).toMatchObject({ text: 'Then silence.', quoted: false });
  });
});
