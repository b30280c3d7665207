import { expect, test } from 'bun:test';
import { TtsError } from '../../src/integrations/tts/index.ts';
import { describeFailure, publicError, withChunkRetries } from '../../src/features/audio/failures.ts';
import type { SpeechEngine } from '../../src/integrations/tts/index.ts';

test('a failure is kept as one bounded line naming the engine', () => {
  expect(describeFailure(new TtsError('server said 503', true, 'openai', 503))).toBe('speech engine openai: server said 503');
  expect(describeFailure(new Error('line one\n   line two'))).toBe('line one line two');
  expect(describeFailure('x'.repeat(900))).toHaveLength(500);
  expect(describeFailure(new Error(''))).toBe('unknown error');
});

test('what the API shows never carries a file path', () => {
  expect(publicError('speech engine espeak: /usr/bin/espeak-ng could not start: ENOENT')).toBe('speech engine espeak: … could not start: ENOENT');
  expect(publicError('worker crashed: Cannot find module /work/main/jobs/x.ts')).toBe('worker crashed: Cannot find module …');
  expect(publicError('lease expired: worker lost on attempt 3')).toBe('lease expired: worker lost on attempt 3');
  expect(publicError(null)).toBeNull();
});

function engine(script: (call: number) => Error | null): SpeechEngine & { calls: number } {
  const fake = {
    id: 'espeak' as const,
    format: 'mp3' as const,
    backend: 'scripted',
    calls: 0,
    available: async () => true,
    voices: async () => [],
    async synthesize() {
      const error = script(++fake.calls);
      if (error) throw error;
      return { sampleRate: 8000, samples: new Int16Array(8) };
    },
  };
  return fake;
}

test('a transient failure of a chunk is retried after a backoff; a permanent one is not', async () => {
  const flaky = engine((n) => (n < 3 ? new TtsError('busy', true, 'espeak') : null));
  expect((await withChunkRetries(flaky, [5, 5]).synthesize('x', 'v')).samples).toHaveLength(8);
  expect(flaky.calls).toBe(3);

  const down = engine(() => new TtsError('down', true, 'espeak'));
  await expect(withChunkRetries(down, [5, 5]).synthesize('x', 'v')).rejects.toThrow('down');
  expect(down.calls).toBe(3);

  const broken = engine(() => new TtsError('refused', false, 'espeak'));
  await expect(withChunkRetries(broken, [5, 5]).synthesize('x', 'v')).rejects.toThrow('refused');
  expect(broken.calls).toBe(1);
});

test('an abort during the backoff stops the retries', async () => {
  const down = engine(() => new TtsError('down', true, 'espeak'));
  const controller = new AbortController();
  const pending = withChunkRetries(down, [10_000]).synthesize('x', 'v', { signal: controller.signal });
  await Bun.sleep(20);
  controller.abort(new Error('job cancelled'));
  await expect(pending).rejects.toThrow('job cancelled');
  expect(down.calls).toBe(1);
});
