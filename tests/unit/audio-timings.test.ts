import { describe, expect, test } from 'bun:test';
import { prepareScript, sentenceTimings } from '../../src/integrations/tts/index.ts';
import { storedSentences } from '../../src/features/audio/timings/sentences.ts';

// What the audio job stores with a chapter's audio (features/audio/timings/sentences.ts). Texts are the
// speakable script's: markdown removed, a heading given a full stop so the voice pauses after it.
describe('storedSentences', () => {
  const script = prepareScript('# The Title\n\nFirst sentence here.  Second one, *with* emphasis!\n\nA new paragraph.', { locale: 'en' });

  test('every sentence in order with its trimmed text and its times', () => {
    const seconds = script.chunks.map((c) => c.text.length / 10);
    const duration = seconds.reduce((a, b) => a + b, 0);
    const out = storedSentences(script, sentenceTimings(script, seconds), duration);
    expect(out.map((s) => s.text)).toEqual(['The Title.', 'First sentence here.', 'Second one, with emphasis!', 'A new paragraph.']);
    expect(out[0]!.start).toBe(0);
    expect(out.at(-1)!.end).toBeCloseTo(duration, 3);
    for (let i = 1; i < out.length; i++) expect(out[i]!.start).toBeGreaterThanOrEqual(out[i - 1]!.end);
  });

  test('times are rounded to the millisecond and kept inside [0, duration], never overlapping', () => {
    const timings = [
      { index: 0, start: 0.00049, end: 1.23456 },
      { index: 1, start: 1.2, end: 2.5 }, // starts before the previous one ended
      { index: 2, start: 2.5, end: 2.4 }, // ends before it starts
      { index: 3, start: 2.9, end: 3.6 }, // past the end of the audio
    ];
    expect(storedSentences(script, timings, 3)).toEqual([
      { start: 0, end: 1.235, text: 'The Title.' },
      { start: 1.235, end: 2.5, text: 'First sentence here.' },
      { start: 2.5, end: 2.5, text: 'Second one, with emphasis!' },
      { start: 2.9, end: 3, text: 'A new paragraph.' },
    ]);
  });

  test('timings of sentences the script does not have are dropped', () => {
    expect(storedSentences(script, [{ index: 99, start: 0, end: 1 }], 1)).toEqual([]);
  });
});
