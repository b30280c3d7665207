import { describe, expect, test } from 'bun:test';
import { dialogueSpans, markOpenQuotes, prepareScript, sentenceTimings, splitDialogue, spokenText } from '../../src/integrations/tts/index.ts';

/** Sentence timings of a narration with a dialogue voice: a chunk's time shared by what each part took. */
describe('sentence timings by the parts\' real lengths', () => {
  const script = prepareScript('Title\n\nA b. “C d e f.” G h.');
  const texts = script.sentences.map((s) => script.text.slice(s.from, s.to).trim());

  test('the quotation that took 8 of 10 seconds gets them, the rest by characters inside their parts', () => {
    expect(script.chunks).toHaveLength(1);
    expect(texts).toEqual(['Title', 'A b.', '“C d e f.”', 'G h.']);
    const spans = dialogueSpans(script, [[1, 8, 1]]);
    expect(spans[0]!.map((s) => [script.text.slice(s.from, s.to), s.seconds])).toEqual([['Title\n\nA b.', 1], ['C d e f.', 8], ['G h.', 1]]);
    const timings = sentenceTimings(script, [10], undefined, spans);
    const lengths = timings.map((t) => Math.round((t.end - t.start) * 1000) / 1000);
    // "Title" and "A b." share their part's second by characters (5 and 4 of the 9 inside it).
    expect(lengths).toEqual([0.556, 0.444, 8, 1]);
    expect(timings.at(-1)!.end).toBe(10);
  });

  test('the chunk\'s own length wins over the parts\' sum (an encoder\'s frames), shared in the same proportions', () => {
    const timings = sentenceTimings(script, [5], undefined, dialogueSpans(script, [[1, 8, 1]]));
    expect(timings[2]!.end - timings[2]!.start).toBeCloseTo(4, 3);
  });

  test('without spans, or with parts that do not match the text, by characters as before', () => {
    const plain = sentenceTimings(script, [10]);
    expect(sentenceTimings(script, [10], undefined, [null])).toEqual(plain);
    expect(dialogueSpans(script, [[1, 8]])).toEqual([null]);
    expect(dialogueSpans(script, [null])).toEqual([null]);
  });

  test('a chunk that starts inside a quotation is split as its spoken text is', () => {
    const long = prepareScript(`T\n\n“${'One two three four five six. '.repeat(8)}” Done.`, { firstChunkChars: 40, maxChunkChars: 80 });
    const spokenParts = (() => {
      const copy = structuredClone(long);
      markOpenQuotes(copy);
      return copy.chunks.map((chunk) => splitDialogue(spokenText(chunk)).length);
    })();
    const spans = dialogueSpans(long, spokenParts.map((n) => Array.from({ length: n }, () => 1)));
    expect(spans.every((s) => s !== null)).toBe(true);
  });
});
