import { narrate, prepareScript, MIME_TYPES, TtsError, type AudioFormat, type NarrationSummary } from '../../../integrations/tts/index.ts';
import type { Mp3Backend } from '../../../integrations/tts/mp3.ts';
import type { ObjectStore } from '../../../platform/objects/port.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { LeaseLostError, lockIfOwned, PermanentJobError, type JobBody, type JobContext } from '../../../platform/queue/index.ts';
import { audioKey, partKey, partsPrefix } from '../keys.ts';
import type { Target } from '../queries.ts';
import { bookTitles, chapterForNarration, markDone, markFailed, markGenerating, saveAudioFile } from './queries.ts';
import { notifyJobEnded } from './notify.ts';
import { describeFailure, withChunkRetries } from '../failures.ts';
import { storedSentences } from '../timings/sentences.ts';
import { settleOrphans } from './state.ts';
import { resolveVoice, type SpeechCatalog } from '../voices/service.ts';
import { parseNarration } from '../narration.ts';
import { translatedChapter } from '../../translation/service.ts';

/**
 * The body of an `audio.generate` job, run in a Bun worker (jobs/audio.generate.worker.ts; tests
 * build it with fake engines). It narrates the chapter chunk by chunk and stores each encoded
 * piece at once as an object of its own (../keys.ts, `audio-parts/`), which is how listeners in
 * any process hear the chapter while it is generated (stream/live.ts). At the end the whole file
 * is stored, the job marked done with its audio_files row (sentence timings included:
 * timings/sentences.ts) in the transaction that completes the queue job, and the pieces deleted.
 */
export interface AudioJobPayload extends Target {
  requestedBy: string | null;
}

export interface AudioJobResult {
  key: string | null;
  bytes: number;
  duration: number;
}

export interface AudioJobDeps {
  speech: SpeechCatalog;
  /** Opened on first use inside the worker thread. */
  objects: () => Promise<ObjectStore>;
  mp3Backend?: Mp3Backend | 'auto';
  chunkRetryDelaysMs?: readonly number[];
}

export function createAudioJob(deps: AudioJobDeps): JobBody<AudioJobPayload, AudioJobResult> {
  return async (payload, ctx) => {
    const target: Target = { slug: payload.slug, chapter: payload.chapter, voice: payload.voice };
    const objects = await deps.objects();
    await settleOrphans(ctx.db);
    if (!(await markGenerating(ctx.db, ctx.jobId, target, payload.requestedBy))) return { key: null, bytes: 0, duration: 0 };
    try {
      return await generate(deps, objects, payload, ctx);
    } catch (error) {
      if (ctx.signal.aborted || error instanceof LeaseLostError) throw error; // the queue re-runs or cancels it
      const permanent = isPermanent(error);
      const reason = describeFailure(error);
      if (permanent || ctx.attempt >= ctx.maxAttempts) {
        await recordFailure(ctx, payload, reason);
        await removeParts(objects, ctx.jobId);
      }
      ctx.log.warn('audio generation failed', { ...target, attempt: ctx.attempt, permanent, error: reason });
      // The queue keeps this message as jobs.error: the same words as the row's.
      throw permanent ? new PermanentJobError(reason) : new Error(reason, { cause: error });
    }
  };
}

/** The stored file: the pieces in order; a WAV gets its real header (same length as the streamed one, so offsets match). */
async function* assemble(objects: ObjectStore, jobId: string, count: number, format: AudioFormat, wavHeader: Uint8Array | null): AsyncGenerator<Uint8Array> {
  for (let seq = 0; seq < count; seq++) {
    const piece = await objects.get(partKey(jobId, seq, format));
    if (!piece) throw new Error(`piece ${seq} of the audio vanished before it was stored`);
    const bytes = new Uint8Array(await new Response(piece.body).arrayBuffer());
    if (seq === 0 && wavHeader) bytes.set(wavHeader, 0);
    yield bytes;
  }
}

async function generate(deps: AudioJobDeps, objects: ObjectStore, payload: AudioJobPayload, ctx: JobContext): Promise<AudioJobResult> {
  const { voiceId, locale } = parseNarration(payload.voice);
  const chapter = await chapterForNarration(ctx.db, payload.slug, payload.chapter);
  if (!chapter) throw new PermanentJobError('the chapter no longer exists');
  if (locale) {
    // A translation's narration reads the stored translation instead of the original.
    const translated = await translatedChapter(ctx.db, { slug: payload.slug, chapter: payload.chapter, locale });
    if (!translated) throw new PermanentJobError(`the chapter has no ${locale} translation any more`);
    chapter.title = translated.title || chapter.title;
    chapter.text = translated.text;
  }
  const { voice, engine, format } = await resolveVoice(deps.speech, voiceId);
  // The title is read first, as a narrator would.
  const script = prepareScript(`${chapter.title}\n\n${chapter.text}`, { locale: voice.language.split('-')[0] });
  const run = narrate(withChunkRetries(engine, deps.chunkRetryDelaysMs), voice.id, script, { signal: ctx.signal, mp3Backend: deps.mp3Backend });

  let pieces = 0;
  let size = 0;
  let step = await run.next();
  try {
    for (; !step.done; step = await run.next()) {
      const { bytes, chunk } = step.value;
      if (!bytes.length) continue;
      await objects.put(partKey(ctx.jobId, pieces, format), bytes, { contentType: MIME_TYPES[format] });
      pieces++;
      size += bytes.length;
      // Also the listeners' cue: the runner publishes progress on the cache channel job:<id>.
      ctx.progress(chunk ? (0.95 * (chunk.index + 1)) / script.chunks.length : 0.95, `part ${pieces}`);
    }
  } finally {
    // A failed store must not leave the encoder (a `lame` process) running: closing the generator stops it.
    if (!step.done) await run.return(undefined as never);
  }
  const summary: NarrationSummary = step.value;
  const key = audioKey(payload.slug, payload.chapter, payload.voice, format);
  const duration = Math.round(summary.duration * 1000) / 1000;
  const sentences = storedSentences(script, summary.sentences, duration);
  // Streamed from the pieces, one at a time: an hour of WAV never sits in memory whole.
  await objects.put(key, assemble(objects, ctx.jobId, pieces, format, summary.wavHeader), {
    contentType: MIME_TYPES[format],
    metadata: { duration: String(duration), voice: voice.id, engine: engine.id },
  });

  await ctx.finish(async (trx) => {
    await saveAudioFile(trx, { slug: payload.slug, chapter: payload.chapter, voice: payload.voice, object_key: key, format, size_bytes: size, duration_seconds: duration, sentences });
    const row = await markDone(trx, ctx.jobId);
    if (row) await notifyJobEnded(trx, row, 'done', chapter.book_title);
  });
  await removeParts(objects, ctx.jobId);
  ctx.log.info('audio stored', { key, bytes: size, duration });
  return { key, bytes: size, duration };
}

function isPermanent(error: unknown): boolean {
  if (error instanceof TtsError) return !error.transient;
  if (error instanceof AppError) return error.status < 500; // e.g. a voice that is no longer offered
  return error instanceof Error && error.name === 'PermanentJobError';
}

/** Fenced like ctx.finish: only the attempt that still owns the job may end it. */
async function recordFailure(ctx: JobContext, payload: AudioJobPayload, reason: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockIfOwned(trx, ctx.jobId, ctx.owner))) return;
    const row = await markFailed(trx, ctx.jobId, reason);
    if (!row) return;
    const titles = await bookTitles(trx, [payload.slug]);
    await notifyJobEnded(trx, row, 'failed', titles.get(payload.slug) ?? payload.slug);
  });
}

/** Best effort: a piece left behind is garbage, never wrong audio (keys name the job). */
async function removeParts(objects: ObjectStore, jobId: string): Promise<void> {
  try {
    const parts = await objects.list(partsPrefix(jobId));
    await Promise.all(parts.map((part) => objects.delete(part.key)));
  } catch {
    // An unreachable store now is one later; the pieces are small.
  }
}
