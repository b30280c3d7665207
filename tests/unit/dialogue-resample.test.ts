import { describe, expect, test } from 'bun:test';
import { joinPcm, withDialogue, type Pcm, type SpeechEngine } from '../../src/integrations/tts/index.ts';
import { resample } from '../../src/integrations/tts/narrate.ts';

const pcm = (sampleRate: number, values: number[]): Pcm => ({ sampleRate, samples: Int16Array.from(values) });

describe('resample (linear)', () => {
  test('doubling the rate puts the midpoint between two samples', () => {
    expect([...resample(pcm(8000, [0, 100, 200, 300]), 16000)]).toEqual([0, 50, 100, 150, 200, 250, 300, 300]);
  });

  test('halving the rate keeps every other sample; the duration stays the same', () => {
    expect([...resample(pcm(16000, [0, 10, 20, 30, 40, 50]), 8000)]).toEqual([0, 20, 40]);
    const second = pcm(22050, Array.from({ length: 22050 }, (_, i) => i % 100));
    expect(resample(second, 16000).length).toBe(16000);
    expect(resample(second, 24000).length).toBe(24000);
  });
});

describe('joinPcm', () => {
  test('pieces in order at one rate, those at another resampled', () => {
    const joined = joinPcm([pcm(16000, [1, 2]), pcm(8000, [0, 100]), pcm(16000, [7])], 16000);
    expect(joined.sampleRate).toBe(16000);
    expect([...joined.samples]).toEqual([1, 2, 0, 50, 100, 100, 7]);
  });
});

describe('withDialogue', () => {
  const calls: string[] = [];
  const engine = (id: 'espeak' | 'flite', rate: number): SpeechEngine => ({
    id,
    format: id === 'flite' ? 'wav' : 'mp3',
    backend: 'test',
    available: async () => true,
    voices: async () => [],
    async synthesize(text, voiceId) {
      calls.push(`${voiceId}:${text}`);
      return pcm(rate, Array.from({ length: text.length }, () => 1));
    },
  });

  test('narration to the main voice, quotations to the dialogue voice, at the main voice\'s rate and format', async () => {
    calls.length = 0;
    const both = withDialogue(engine('espeak', 16000), { engine: engine('flite', 8000), voiceId: 'kal' });
    expect(both.format).toBe('mp3');
    const out = await both.synthesize('He said “Hello there.” and left.', 'main');
    expect(calls).toEqual(['main:He said', 'kal:Hello there.', 'main:and left.']);
    expect(out.sampleRate).toBe(16000);
    expect(out.samples.length).toBe('He said'.length + 2 * 'Hello there.'.length + 'and left.'.length);
    // What each part took, for sharing the chunk's time among its sentences.
    expect(out.parts).toEqual([7 / 16000, 12 / 8000, 9 / 16000]);
  });

  test('a chunk without quotations is one call with its text as it is', async () => {
    calls.length = 0;
    const both = withDialogue(engine('espeak', 16000), { engine: engine('flite', 8000), voiceId: 'kal' });
    await both.synthesize("It wasn't there.", 'main');
    expect(calls).toEqual(["main:It wasn't there."]);
  });
});
