import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { FIRST_CHUNK_CHARS, MAX_CHUNK_CHARS, prepareScript, sentenceTimings } from '../../src/integrations/tts/chunk.ts';
import { speakableParagraphs } from '../../src/integrations/tts/speakable.ts';
import { splitSentences } from '../../src/integrations/tts/sentences.ts';

const sentences = (text: string, locale?: string) => splitSentences(text, locale).map(([from, to]) => text.slice(from, to));

describe('markdown to speakable text', () => {
  test('markup goes, words stay', () => {
    const markdown = [
      '# Chapter 1: The *Start*',
      'He said &amp; she said &mdash; "hi" to [the keeper](https://example.com) ![a map](map.png) with `code` and **bold** _words_.<br>Next <span>line</span>.',
      '```\nlet x = 1;\n```',
      '    An indented paragraph, as scraped sites write them.',
      '* * *',
      '> A quoted letter',
      '1. first item\n2. second item!',
      '| Name | Level |\n|---|---|\n| Mira | 3 |',
      '<div>Raw <b>html</b> block<script>alert(1)</script></div>',
      '***',
      '&nbsp;',
      '…',
    ].join('\n\n');
    expect(speakableParagraphs(markdown)).toEqual([
      'Chapter 1: The Start.',
      'He said & she said — "hi" to the keeper with code and bold words. Next line.',
      'An indented paragraph, as scraped sites write them.',
      'A quoted letter',
      'first item.',
      'second item!',
      'Name, Level.',
      'Mira, 3.',
      'Raw html block',
    ]);
  });

  test('numeric entities and whitespace', () => {
    expect(speakableParagraphs('It&#39;s &#x2014; fine\u00a0 \u200bnow.\n\n\n\n')).toEqual(['It\'s — fine now.']);
  });

  test('an empty chapter has nothing to say', () => {
    expect(speakableParagraphs('')).toEqual([]);
    expect(speakableParagraphs('\n\n![only a picture](x.png)\n\n---\n\n')).toEqual([]);
    expect(prepareScript('   ').chunks).toEqual([]);
  });
});

describe('sentences', () => {
  test('titles and initials do not end a sentence', () => {
    expect(sentences('Mr. Smith met Dr. Jones at St. Paul\'s. Then J. R. R. Tolkien arrived. It was 5 p.m. on a Tuesday.')).toEqual([
      'Mr. Smith met Dr. Jones at St. Paul\'s.',
      'Then J. R. R. Tolkien arrived.',
      'It was 5 p.m. on a Tuesday.',
    ]);
  });

  test('ellipses, quotes and dialogue attribution', () => {
    expect(sentences('"Are you sure?" she asked. "Yes." Wait... what?! He left… Then silence.')).toEqual([
      '"Are you sure?" she asked.',
      '"Yes."',
      'Wait... what?!',
      'He left…',
      'Then silence.',
    ]);
  });

  test('CJK punctuation', () => {
    expect(sentences('他说：“你好。”然后离开了！真的吗？是的。', 'zh')).toEqual(['他说：“你好。”', '然后离开了！', '真的吗？', '是的。']);
  });

  test('Portuguese and Spanish titles', () => {
    expect(sentences('A Sra. Lima chegou. El Sr. Pérez no.', 'pt')).toEqual(['A Sra. Lima chegou.', 'El Sr. Pérez no.']);
  });
});

describe('chunks', () => {
  const chapter = readFileSync(resolve(import.meta.dir, '../../src/features/demo/content/the-accidental-dark-lord/chapters/001.md'), 'utf8');

  test('a real chapter: a small first chunk, growing chunks, whole sentences, nothing lost', () => {
    const script = prepareScript(chapter);
    const [first, second] = script.chunks;
    expect(first!.text.length).toBeLessThanOrEqual(FIRST_CHUNK_CHARS);
    expect(second!.text.length).toBeLessThanOrEqual(FIRST_CHUNK_CHARS * 2);
    expect(first!.text.startsWith('Form 27-B (Revised).')).toBe(true);
    for (const chunk of script.chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(MAX_CHUNK_CHARS);
      expect(chunk.text).toBe(script.text.slice(chunk.from, chunk.to));
      // Whole sentences only: every piece is its sentence.
      for (const piece of chunk.pieces) expect([piece.from, piece.to]).toEqual([script.sentences[piece.sentence]!.from, script.sentences[piece.sentence]!.to]);
    }
    // Every sentence is read, once, in order.
    expect(script.chunks.flatMap((c) => c.pieces.map((p) => p.sentence))).toEqual(script.sentences.map((s) => s.index));
    expect(script.chunks.length).toBeGreaterThan(5);
  });

  test('a very long sentence without punctuation is cut at spaces, within the limits', () => {
    const words = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ');
    const script = prepareScript(`${words}.`);
    expect(script.sentences).toHaveLength(1);
    expect(script.chunks.length).toBeGreaterThan(3);
    script.chunks.forEach((chunk, i) => {
      expect(chunk.text.length).toBeLessThanOrEqual(Math.min(MAX_CHUNK_CHARS, FIRST_CHUNK_CHARS * 2 ** i));
      expect(chunk.text).not.toMatch(/^\s|\s$/);
      expect(chunk.pieces.every((p) => p.sentence === 0)).toBe(true);
    });
    // No word is split: the chunks put back together are the sentence.
    expect(script.chunks.map((c) => c.text).join(' ')).toBe(`${words}.`);
  });

  test('a long clause-rich sentence is cut after commas', () => {
    const clause = 'and then the rain came down over the harbour walls';
    const script = prepareScript(Array.from({ length: 12 }, () => clause).join(', ') + '.');
    for (const chunk of script.chunks.slice(0, -1)) expect(chunk.text.endsWith(',')).toBe(true);
  });

  test('CJK text without spaces is cut anywhere, never past the limit', () => {
    const script = prepareScript('这是一个很长的句子没有任何标点符号'.repeat(60) + '。');
    expect(script.chunks.length).toBeGreaterThan(3);
    for (const chunk of script.chunks) expect(chunk.text.length).toBeLessThanOrEqual(MAX_CHUNK_CHARS);
    expect(script.chunks.map((c) => c.text).join('')).toBe(script.text);
  });

  test('options change the limits', () => {
    const script = prepareScript(chapter, { firstChunkChars: 60, maxChunkChars: 200 });
    expect(script.chunks[0]!.text.length).toBeLessThanOrEqual(60);
    expect(Math.max(...script.chunks.map((c) => c.text.length))).toBeLessThanOrEqual(200);
  });
});

describe('sentence timings', () => {
  test('cumulative chunk durations, shared by length inside a chunk, a long sentence spans its chunks', () => {
    const script = prepareScript(`Short one. Another one here.\n\n${'long '.repeat(40).trim()}.`, { firstChunkChars: 40, maxChunkChars: 200 });
    expect(script.chunks.map((c) => c.pieces.map((p) => p.sentence))).toEqual([[0, 1], [2], [2]]);
    const timings = sentenceTimings(script, [2, 3, 1.5]);
    const [a, b, c] = timings;
    expect(a!.start).toBe(0);
    expect(a!.end).toBeCloseTo((2 * 10) / 27, 3); // "Short one." is 10 of the 27 letters of the chunk's pieces
    expect(b).toEqual({ index: 1, start: a!.end, end: 2 });
    expect(c).toEqual({ index: 2, start: 2, end: 6.5 });
  });
});
