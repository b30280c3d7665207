import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { prepareScript } from '../../src/integrations/tts/chunk.ts';
import { mp3Info } from '../../src/integrations/tts/mp3-frames.ts';
import { narrate, resample, type NarrationPart, type NarrationSummary } from '../../src/integrations/tts/narrate.ts';
import { TtsError, type AudioFormat, type Pcm, type SpeechEngine } from '../../src/integrations/tts/port.ts';
import { parseWav } from '../../src/integrations/tts/wav.ts';
import { programOrStandIn } from '../support/stand-in-programs.ts';
import { sine } from '../support/tts-audio.ts';

/** A fake engine: 50 ms of tone per character, at `rates[call]` (the last rate repeats). */
function toneEngine(format: AudioFormat, rates: number[], events: string[] = [], failAt = -1): SpeechEngine {
  let calls = 0;
  return {
    id: format === 'wav' ? 'flite' : 'espeak',
    format,
    backend: 'tone',
    available: async () => true,
    voices: async () => [],
    async synthesize(text): Promise<Pcm> {
      const call = calls++;
      events.push(`synthesize ${call}`);
      if (call === failAt) throw new TtsError('engine hiccup', true, 'espeak');
      const sampleRate = rates[Math.min(call, rates.length - 1)]!;
      return { sampleRate, samples: sine(sampleRate, text.length * 0.05) };
    },
  };
}

/** Live (not zombie) child processes of this test process with that command name. */
function runningChildren(command: string): number {
  return readdirSync('/proc').filter((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      const [, name, state, parent] = /^\d+ \((.*)\) (\S) (\d+)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8')) ?? [];
      return name === command && state !== 'Z' && Number(parent) === process.pid;
    } catch {
      return false;
    }
  }).length;
}

const script = prepareScript('One two three. Four five six seven.\n\n' + 'A longer sentence follows here, and it goes on. '.repeat(12));

async function collect(engine: SpeechEngine, events: string[] = []) {
  const parts: NarrationPart[] = [];
  const run = narrate(engine, 'any', script, { mp3Backend: 'lamejs' });
  for (;;) {
    const step = await run.next();
    if (step.done) return { parts, summary: step.value as NarrationSummary };
    events.push(`part ${parts.length}`);
    parts.push(step.value);
  }
}

describe('narrate', () => {
  test('MP3: one part per chunk plus the last frames; positions add up; timings cover the audio', async () => {
    const { parts, summary } = await collect(toneEngine('mp3', [22050]));
    const chars = script.chunks.map((c) => c.text.length);
    expect(parts.map((p) => p.chunk?.index ?? null)).toEqual([...script.chunks.map((c) => c.index), null]);
    let start = 0;
    parts.slice(0, -1).forEach((part, i) => {
      expect(part.start).toBeCloseTo(start, 6);
      expect(part.seconds).toBeCloseTo(chars[i]! * 0.05, 3);
      start += part.seconds;
    });
    expect(summary.duration).toBeCloseTo(start, 6);
    expect(summary).toMatchObject({ format: 'mp3', mimeType: 'audio/mpeg', sampleRate: 22050, wavHeader: null });
    const bytes = Buffer.concat(parts.map((p) => p.bytes));
    expect(summary.bytes).toBe(bytes.length);
    const info = mp3Info(bytes);
    expect(info.trailing).toBe(0);
    expect(Math.abs(info.duration - summary.duration)).toBeLessThan(0.1);
    expect(summary.sentences.at(-1)!.end).toBeCloseTo(summary.duration, 2);
  });

  test('WAV: a rate change between chunks is re-sampled to the first rate; the final header fits', async () => {
    const { parts, summary } = await collect(toneEngine('wav', [16000, 8000]));
    const streamed = Buffer.concat(parts.map((p) => p.bytes));
    const pcm = parseWav(streamed);
    expect(pcm.sampleRate).toBe(16000);
    expect(pcm.samples.length / 16000).toBeCloseTo(summary.duration, 3);
    const expected = script.chunks.reduce((sum, c) => sum + c.text.length * 0.05, 0);
    expect(summary.duration).toBeCloseTo(expected, 2);
    expect(new DataView(summary.wavHeader!.buffer).getUint32(40, true)).toBe(pcm.samples.length * 2);
  });

  test('the next chunk is synthesised before the current one is handed over', async () => {
    const events: string[] = [];
    await collect(toneEngine('mp3', [22050], events), events);
    expect(events.slice(0, 4)).toEqual(['synthesize 0', 'synthesize 1', 'part 0', 'synthesize 2']);
  });

  test('an engine error ends the narration with that error', async () => {
    const error = await collect(toneEngine('mp3', [22050], [], 2)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TtsError);
    expect((error as TtsError).transient).toBe(true);
  });

  test('a consumer that stops early stops the encoder program', async () => {
    // The lame program, or its stand-in (a process of the same name) where it is not installed.
    const run = narrate(toneEngine('mp3', [22050]), 'any', script, { mp3Backend: 'lame', lamePath: programOrStandIn('lame') });
    expect((await run.next()).done).toBe(false);
    expect(runningChildren('lame')).toBe(1);
    const ended = await run.return(undefined as unknown as NarrationSummary);
    expect([ended.done, ended.value]).toEqual([true, undefined]);
    for (let i = 0; i < 50 && runningChildren('lame') > 0; i++) await Bun.sleep(10);
    expect(runningChildren('lame')).toBe(0);
  });

  test('resample keeps the length in time', () => {
    const down = resample({ sampleRate: 24000, samples: sine(24000, 1) }, 22050);
    expect(down.length).toBe(22050);
    expect(resample({ sampleRate: 8000, samples: sine(8000, 0.5) }, 16000).length).toBe(8000);
  });
});
