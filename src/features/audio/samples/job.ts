import { MIME_TYPES, narrate, prepareScript, type SpeechEngine, type Voice, type SpeechCatalog } from '../../../integrations/tts/index.ts';
import type { Mp3Backend } from '../../../integrations/tts/mp3.ts';
import type { ObjectStore } from '../../../platform/objects/port.ts';
import type { JobBody } from '../../../platform/queue/index.ts';
import { describeFailure, withChunkRetries } from '../failures.ts';
import { SAMPLES_PREFIX, sampleKey } from './keys.ts';
import { sampleSentence } from './text.ts';

/**
 * The body of an `audio.voice-samples` job, run in a Bun worker (jobs/audio.voice-samples.worker.ts;
 * tests build it with fake engines): for every voice of the catalogue, one short sentence in the
 * voice's language, stored whole as `voice-samples/<voice>.<format>`. Voices that already have a
 * sample are skipped unless `force`. A voice whose engine fails is logged and skipped, so one
 * broken voice never costs the others their samples; a store that cannot be written fails the job
 * (the queue retries it, and the retry skips what is already stored).
 */
export interface VoiceSamplesPayload {
  force: boolean;
}

export interface VoiceSamplesResult {
  stored: string[];
  skipped: string[];
  failed: string[];
}

export interface VoiceSamplesDeps {
  speech: SpeechCatalog;
  /** Opened on first use inside the worker thread. */
  objects: () => Promise<ObjectStore>;
  mp3Backend?: Mp3Backend | 'auto';
  chunkRetryDelaysMs?: readonly number[];
}

interface Sample {
  bytes: Uint8Array;
  duration: number;
}

export function createVoiceSamplesJob(deps: VoiceSamplesDeps): JobBody<VoiceSamplesPayload, VoiceSamplesResult> {
  return async (payload, ctx) => {
    const objects = await deps.objects();
    const voices = await deps.speech.listVoices();
    const existing = payload?.force ? new Set<string>() : new Set((await objects.list(SAMPLES_PREFIX)).map((o) => o.key));
    const result: VoiceSamplesResult = { stored: [], skipped: [], failed: [] };
    for (const [i, voice] of voices.entries()) {
      ctx.signal.throwIfAborted();
      ctx.progress(i / voices.length, voice.id);
      const engine = await deps.speech.engineOfVoice(voice.id);
      if (!engine) {
        result.failed.push(voice.id);
        ctx.log.warn('voice sample skipped: no engine speaks this voice any more', { voice: voice.id });
        continue;
      }
      const key = sampleKey(voice.id, engine.format);
      if (existing.has(key)) {
        result.skipped.push(voice.id);
        continue;
      }
      let sample: Sample;
      try {
        sample = await synthesize(deps, engine, voice, ctx.signal);
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        result.failed.push(voice.id);
        ctx.log.warn('voice sample failed; the other voices go on', { voice: voice.id, engine: engine.id, error: describeFailure(error) });
        continue;
      }
      await objects.put(key, sample.bytes, {
        contentType: MIME_TYPES[engine.format],
        metadata: { duration: String(sample.duration), voice: voice.id, engine: engine.id },
      });
      result.stored.push(voice.id);
    }
    ctx.log.info('voice samples generated', { stored: result.stored.length, skipped: result.skipped.length, failed: result.failed.length });
    return result;
  };
}

/** A sentence is a chunk or two: collected in memory and stored as one object. */
async function synthesize(deps: VoiceSamplesDeps, engine: SpeechEngine, voice: Voice, signal: AbortSignal): Promise<Sample> {
  const { text, locale } = sampleSentence(voice.language);
  const run = narrate(withChunkRetries(engine, deps.chunkRetryDelaysMs), voice.id, prepareScript(text, { locale }), { signal, mp3Backend: deps.mp3Backend });
  const parts: Uint8Array[] = [];
  let step = await run.next();
  for (; !step.done; step = await run.next()) parts.push(step.value.bytes);
  const bytes = new Uint8Array(Buffer.concat(parts));
  // A streamed WAV header says "unknown length"; the stored file gets the real one (same size).
  if (step.value.wavHeader) bytes.set(step.value.wavHeader, 0);
  return { bytes, duration: Math.round(step.value.duration * 1000) / 1000 };
}
